import { describe, expect, it } from 'vitest';
import { criteriaSchema, EMPTY_CRITERIA, partialCriteriaSchema } from './criteria.schema';

function issuesOf(input: unknown) {
  const result = criteriaSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

describe('criteriaSchema', () => {
  it('fills the defaults', () => {
    expect(criteriaSchema.parse({})).toEqual({
      searchTerm: '',
      skills: [],
      skillRequirements: [],
      niceToHave: {
        skills: [],
        languages: [],
        locations: [],
        personalities: [],
        drivingForces: [],
        fieldsOfStudy: [],
      },
      languages: [],
      fieldsOfStudy: [],
      personalities: [],
      assessedPersonality: false,
      drivingForces: [],
      locations: [],
      educationLevel: null,
      availableAt: null,
      orderOfImportance: [],
    });
    expect(EMPTY_CRITERIA).toEqual(criteriaSchema.parse({}));
  });

  it('treats null and empty values as not chosen (older clients send them)', () => {
    expect(
      criteriaSchema.parse({
        searchTerm: null,
        skills: null,
        educationLevel: '',
        availableAt: '',
        orderOfImportance: null,
      }),
    ).toEqual(EMPTY_CRITERIA);
  });

  it('refuses a skill requirement with negative, too many or fractional years of last use', () => {
    expect(issuesOf({ skillRequirements: [{ skill: 'java', minYears: -1 }] })).toEqual([
      { path: ['skillRequirements', 0, 'minYears'], message: 'validation.invalidInput' },
    ]);
    expect(issuesOf({ skillRequirements: [{ skill: 'java', usedWithinYears: 1.5 }] })).toEqual([
      { path: ['skillRequirements', 0, 'usedWithinYears'], message: 'validation.invalidInput' },
    ]);
    expect(issuesOf({ skillRequirements: [{ skill: 'java', minYears: 61 }] })).toHaveLength(1);
    expect(issuesOf({ niceToHave: { locations: ['Atlantis'] } })).toEqual([
      { path: ['niceToHave', 'locations', 0], message: 'validation.invalidInput' },
    ]);
  });

  it('strips unknown keys', () => {
    expect(criteriaSchema.parse({ sortBy: 'name', page: 3 })).toEqual(EMPTY_CRITERIA);
  });

  it('canonicalises values: ids from labels, vocabulary ids, free text, no duplicates', () => {
    const parsed = criteriaSchema.parse({
      searchTerm: '  java   utvecklare ',
      skills: ['JS', 'javascript', 'Mitt Eget Verktyg'],
      languages: ['Engelska', 'sv'],
      fieldsOfStudy: ['Datalogi', 'Kvantbiologi'],
      personalities: ['Conductor', 'analyser', 'Dirigent'],
      drivingForces: ['Intellectual', 'Strukturerad'],
      locations: ['Göteborg', 'stockholm', 'Remote'],
      educationLevel: 'masters',
      availableAt: '2025-07-01',
      orderOfImportance: [{ name: 'skills', array: ['java'], itemName: 'skill' }, { name: 'locations' }],
      skillRequirements: [
        { skill: 'Java', minYears: 3 },
        { skill: 'JS', usedWithinYears: 2 },
        { skill: 'java', minYears: 5, usedWithinYears: 1 },
      ],
      niceToHave: { languages: ['Tyska'], locations: ['Skåne'], skills: ['Kafka', 'kafka'] },
    });
    expect(parsed).toEqual({
      searchTerm: 'java utvecklare',
      skills: ['javascript', 'free:mitt eget verktyg'],
      // One requirement per skill, the last one winning.
      skillRequirements: [
        { skill: 'java', minYears: 5, usedWithinYears: 1 },
        { skill: 'javascript', minYears: null, usedWithinYears: 2 },
      ],
      niceToHave: {
        skills: ['kafka'],
        languages: ['de'],
        locations: ['skane'],
        personalities: [],
        drivingForces: [],
        fieldsOfStudy: [],
      },
      languages: ['en', 'sv'],
      fieldsOfStudy: ['computer-science', 'kvantbiologi'],
      personalities: ['conductor', 'analyser'],
      assessedPersonality: false,
      drivingForces: ['intellectual', 'structured'],
      locations: ['goteborg', 'stockholm', 'distansarbete'],
      educationLevel: 'masters',
      availableAt: '2025-07-01',
      orderOfImportance: [
        { name: 'skills', array: ['java'], itemName: 'skill' },
        { name: 'locations', array: [], itemName: undefined },
      ],
    });
  });

  it('is idempotent: parsing parsed criteria changes nothing', () => {
    const once = criteriaSchema.parse({
      skills: ['JS', 'Eget'],
      locations: ['Göteborg'],
      fieldsOfStudy: ['Fysik'],
    });
    expect(criteriaSchema.parse(once)).toEqual(once);
  });

  it('rejects unknown closed-list values with validation.invalidInput', () => {
    expect(
      issuesOf({
        locations: ['atlantis'],
        personalities: ['hero'],
        drivingForces: ['greed'],
        educationLevel: 'phd',
      }),
    ).toEqual([
      { path: ['personalities', 0], message: 'validation.invalidInput' },
      { path: ['drivingForces', 0], message: 'validation.invalidInput' },
      { path: ['locations', 0], message: 'validation.invalidInput' },
      { path: ['educationLevel'], message: 'validation.invalidInput' },
    ]);
  });

  it.each(['2025-02-30', '2025-13-01', '1/7/2025', '20250701', 'tomorrow'])(
    'rejects the date %j with validation.invalidLongDate',
    (availableAt) => {
      expect(issuesOf({ availableAt })).toEqual([
        { path: ['availableAt'], message: 'validation.invalidLongDate' },
      ]);
    },
  );

  it('rejects wrong types and oversized input', () => {
    expect(issuesOf({ skills: 'java' })).toEqual([{ path: ['skills'], message: 'validation.invalidInput' }]);
    expect(issuesOf({ searchTerm: 42 })).toEqual([
      { path: ['searchTerm'], message: 'validation.invalidInput' },
    ]);
    expect(issuesOf({ skills: Array.from({ length: 51 }, (_, i) => `skill ${i}`) })).toHaveLength(1);
    expect(issuesOf({ searchTerm: 'x'.repeat(201) })).toHaveLength(1);
    expect(issuesOf({ skills: ['   '] })).toEqual([{ path: ['skills', 0], message: 'validation.required' }]);
    expect(issuesOf('not an object')).toEqual([{ path: [], message: 'validation.invalidInput' }]);
  });
});

describe('partialCriteriaSchema', () => {
  it('leaves missing fields out, so a missing date means no availability condition', () => {
    expect(partialCriteriaSchema.parse({})).toEqual({});
    expect(partialCriteriaSchema.parse({ skills: ['JS'], availableAt: null })).toEqual({
      skills: ['javascript'],
      availableAt: null,
    });
  });
});
