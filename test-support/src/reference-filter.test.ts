import { buildConsultantDocument, criteriaSchema, daysBetween } from '@mp/search-schema';
import type { ConsultantDocument, SearchCriteriaInput } from '@mp/search-schema';
import { education, makeProfile, skill, TEST_TODAY } from './profile-sources';
import { describe, expect, it } from 'vitest';
import { isAvailableBy, matchesCriteria } from './reference-filter';

describe('matchesCriteria', () => {
  const base = () =>
    makeProfile({
      shortDescription: 'Node.js-utvecklaren i Göteborg',
      skills: [skill('JS'), skill('Mitt Verktyg')],
      languages: [
        { code: 'sv', level: 'native_or_bilingual' },
        { code: 'en', level: 'elementary' },
      ],
      educations: [education('bachelors', 'Datalogi')],
      discType: 'analyser',
      drivingForces: ['intellectual', 'structured'],
      locations: ['goteborg', 'distansarbete'],
    });
  const doc = buildConsultantDocument(base());
  const matches = (input: SearchCriteriaInput, candidate: ConsultantDocument = doc) =>
    matchesCriteria(candidate, criteriaSchema.parse(input), TEST_TODAY);

  it('needs each required skill with its years and recent use, and ignores nice-to-haves', () => {
    // TEST_TODAY is in 2025.
    const java = buildConsultantDocument(
      makeProfile({ skills: [skill('Java', { years: 6, lastUsedYear: 2023 })] }),
    );
    const require = (minYears: number | null, usedWithinYears: number | null) =>
      matches({ skillRequirements: [{ skill: 'java', minYears, usedWithinYears }] }, java);
    expect(require(null, null)).toBe(true);
    expect(require(6, 2)).toBe(true);
    expect(require(7, null)).toBe(false);
    expect(require(null, 1)).toBe(false);
    expect(matches({ skillRequirements: [{ skill: 'Kotlin' }] }, java)).toBe(false);
    expect(
      matches({ niceToHave: { skills: ['Kotlin'], languages: ['de'], locations: ['skane'] } }, java),
    ).toBe(true);
  });

  it('never matches a profile that is not searchable', () => {
    expect(matches({})).toBe(true);
    expect(matches({}, buildConsultantDocument({ ...base(), isSearchable: false }))).toBe(false);
    expect(matches({}, buildConsultantDocument({ ...base(), deleted: true }))).toBe(false);
  });

  it('needs the first search word as a folded token; other words are optional', () => {
    expect(matches({ searchTerm: 'goteborg' })).toBe(true);
    expect(matches({ searchTerm: 'GÖTEBORG saknas' })).toBe(true);
    expect(matches({ searchTerm: 'saknas goteborg' })).toBe(false);
    expect(matches({ searchTerm: 'node.js' })).toBe(true);
    expect(matches({ searchTerm: 'javascript' })).toBe(true);
    expect(matches({ searchTerm: '!!!' })).toBe(true);
  });

  it('needs every skill, language and driving force', () => {
    expect(matches({ skills: ['javascript', 'mitt verktyg'] })).toBe(true);
    expect(matches({ skills: ['javascript', 'java'] })).toBe(false);
    expect(matches({ languages: ['Svenska', 'en'] })).toBe(true);
    expect(matches({ languages: ['sv', 'de'] })).toBe(false);
    expect(matches({ drivingForces: ['intellectual', 'structured'] })).toBe(true);
    expect(matches({ drivingForces: ['intellectual', 'selfless'] })).toBe(false);
  });

  it('needs any one of the personalities, locations and fields of study', () => {
    expect(matches({ personalities: ['conductor', 'analyser'] })).toBe(true);
    expect(matches({ personalities: ['conductor'] })).toBe(false);
    expect(
      matches({ personalities: ['conductor'] }, buildConsultantDocument({ ...base(), discType: null })),
    ).toBe(false);
    expect(matches({ locations: ['stockholm', 'goteborg'] })).toBe(true);
    expect(matches({ locations: ['stockholm'] })).toBe(false);
    expect(matches({ fieldsOfStudy: ['computer-science', 'physics'] })).toBe(true);
    expect(matches({ fieldsOfStudy: ['physics'] })).toBe(false);
  });

  it('takes the education level as a minimum', () => {
    expect(matches({ educationLevel: 'bachelors' })).toBe(true);
    expect(matches({ educationLevel: 'secondary' })).toBe(true);
    expect(matches({ educationLevel: 'masters' })).toBe(false);
    expect(
      matches({ educationLevel: 'primary' }, buildConsultantDocument({ ...base(), educations: [] })),
    ).toBe(false);
  });

  describe('availability', () => {
    const withAvailability = (availability: ConsultantDocument['availability']) => ({ ...doc, availability });

    it('always matches available_now and never not_available', () => {
      expect(matches({}, withAvailability({ kind: 'available_now', date: null, withinDays: null }))).toBe(
        true,
      );
      expect(
        matches(
          { availableAt: '2099-01-01' },
          withAvailability({ kind: 'not_available', date: null, withinDays: null }),
        ),
      ).toBe(false);
    });

    it('matches available_at on or before the chosen date (today by default)', () => {
      const at = withAvailability({ kind: 'available_at', date: '2025-06-10', withinDays: null });
      expect(matches({ availableAt: '2025-06-09' }, at)).toBe(false);
      expect(matches({ availableAt: '2025-06-10' }, at)).toBe(true);
      expect(matches({ availableAt: '2025-06-11' }, at)).toBe(true);
      expect(matches({}, at)).toBe(false);
      expect(
        matches({}, withAvailability({ kind: 'available_at', date: TEST_TODAY, withinDays: null })),
      ).toBe(true);
      expect(
        matches({}, withAvailability({ kind: 'available_at', date: '2024-01-01', withinDays: null })),
      ).toBe(true);
      expect(
        matches(
          { availableAt: '2099-01-01' },
          withAvailability({ kind: 'available_at', date: null, withinDays: null }),
        ),
      ).toBe(false);
    });

    it('matches available_with_in when today plus the days is on or before the chosen date', () => {
      const within = withAvailability({ kind: 'available_with_in', date: null, withinDays: 7 });
      expect(matches({ availableAt: '2025-06-08' }, within)).toBe(false);
      expect(matches({ availableAt: '2025-06-09' }, within)).toBe(true);
      expect(matches({}, within)).toBe(false);
      expect(matches({}, withAvailability({ kind: 'available_with_in', date: null, withinDays: 0 }))).toBe(
        true,
      );
      // Across a month end and a leap day.
      expect(
        isAvailableBy({ kind: 'available_with_in', date: null, withinDays: 1 }, '2024-03-01', '2024-02-29'),
      ).toBe(true);
      expect(
        isAvailableBy({ kind: 'available_with_in', date: null, withinDays: 2 }, '2024-03-01', '2024-02-28'),
      ).toBe(true);
      expect(
        isAvailableBy({ kind: 'available_with_in', date: null, withinDays: 3 }, '2024-03-01', '2024-02-28'),
      ).toBe(false);
    });

    it('counts days in the calendar', () => {
      expect(daysBetween('2025-06-02', '2025-06-09')).toBe(7);
      expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2);
      expect(daysBetween('2025-06-02', '2025-06-01')).toBe(-1);
    });
  });
});

describe('matchesCriteria: assessed DISC types', () => {
  it('keeps only DISC types from a taken assessment, alone or with personalities', () => {
    const assessed = buildConsultantDocument(makeProfile({ discType: 'relater', discSource: 'assessment' }));
    const selfPicked = buildConsultantDocument(makeProfile({ discType: 'relater', discSource: 'self' }));
    const withoutType = buildConsultantDocument(makeProfile({ discType: null, discSource: 'self' }));
    const onlyAssessed = criteriaSchema.parse({ assessedPersonality: true });
    expect(
      [assessed, selfPicked, withoutType].map((d) => matchesCriteria(d, onlyAssessed, TEST_TODAY)),
    ).toEqual([true, false, false]);
    const relaters = criteriaSchema.parse({ personalities: ['relater'] });
    expect(matchesCriteria(selfPicked, relaters, TEST_TODAY)).toBe(true);
    const assessedRelaters = criteriaSchema.parse({ personalities: ['relater'], assessedPersonality: true });
    expect(matchesCriteria(selfPicked, assessedRelaters, TEST_TODAY)).toBe(false);
    expect(matchesCriteria(assessed, assessedRelaters, TEST_TODAY)).toBe(true);
  });
});
