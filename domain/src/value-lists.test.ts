import { describe, expect, it } from 'vitest';
import { LOCALES } from './locale';
import {
  AVAILABILITY_KINDS,
  BASE_LANGUAGES,
  DISC_FACTORS_BY_ID,
  DISC_TYPES,
  DRIVING_FORCE_GROUPS,
  DRIVING_FORCES,
  DRIVING_FORCES_BY_ID,
  DRIVING_LICENCE_CLASSES,
  EDUCATION_LEVEL_IDS,
  EDUCATION_LEVELS,
  educationLevelIdSchema,
  educationLevelRank,
  EMPLOYMENT_FORMS,
  LANGUAGE_LEVEL_IDS,
  LANGUAGE_LEVELS,
  languageLevelRank,
  listEducationLevelsAtLeast,
  meetsEducationLevel,
  WORK_LOCATIONS,
  WORK_LOCATIONS_BY_ID,
  workLocationIdSchema,
  type LabelledValue,
} from './value-lists';

const ALL_LISTS: Array<[string, ReadonlyArray<LabelledValue<string>>]> = [
  ['work locations', WORK_LOCATIONS],
  ['DISC types', DISC_TYPES],
  ['driving forces', DRIVING_FORCES],
  ['driving force groups', DRIVING_FORCE_GROUPS],
  ['education levels', EDUCATION_LEVELS],
  ['language levels', LANGUAGE_LEVELS],
  ['availability kinds', AVAILABILITY_KINDS],
  ['employment forms', EMPLOYMENT_FORMS],
  ['base languages', BASE_LANGUAGES],
  ['driving licence classes', DRIVING_LICENCE_CLASSES],
];

describe.each(ALL_LISTS)('%s', (_name, list) => {
  it('has unique ids', () => {
    expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
  });

  it('has a label in every language', () => {
    for (const item of list) for (const locale of LOCALES) expect(item.label[locale].trim()).not.toBe('');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(list)).toBe(true);
    expect(list.every((item) => Object.isFrozen(item))).toBe(true);
  });
});

describe('work locations', () => {
  it('are the 24 of the spec, remote first', () => {
    expect(WORK_LOCATIONS.map((location) => location.label.sv)).toEqual([
      'Distansarbete',
      'Stockholm',
      'Skåne',
      'Göteborg',
      'Östergötland',
      'Uppsala',
      'Jönköping',
      'Älvsborg',
      'Kronoberg',
      'Örebro',
      'Västerbotten',
      'Gävleborg',
      'Norrbotten',
      'Skaraborg',
      'Dalarna',
      'Västmanland',
      'Västernorrland',
      'Halland',
      'Värmland',
      'Jämtland',
      'Södermanland',
      'Kalmar',
      'Blekinge',
      'Gotland',
    ]);
  });

  it('have ASCII slugs and English names where English has its own', () => {
    for (const { id } of WORK_LOCATIONS) expect(id).toMatch(/^[a-z]+$/);
    expect(WORK_LOCATIONS_BY_ID.distansarbete.label.en).toBe('Remote');
    expect(WORK_LOCATIONS_BY_ID.goteborg.label.en).toBe('Gothenburg');
    expect(WORK_LOCATIONS_BY_ID.skane.label.en).toBe('Skåne');
    expect(workLocationIdSchema.safeParse('stockholm').success).toBe(true);
    expect(workLocationIdSchema.safeParse('Stockholm').success).toBe(false);
  });
});

describe('DISC types', () => {
  it('are the eight styles with their codes, in wheel order', () => {
    expect(DISC_TYPES.map((type) => [type.id, type.code, type.label.en])).toEqual([
      ['conductor', 'D', 'Conductor'],
      ['persuader', 'D/I', 'Persuader'],
      ['promoter', 'I', 'Promoter'],
      ['relater', 'I/S', 'Relater'],
      ['supporter', 'S', 'Supporter'],
      ['coordinator', 'S/C', 'Coordinator'],
      ['analyser', 'C', 'Analyser'],
      ['implementor', 'C/D', 'Implementor'],
    ]);
  });

  it('derive their quadrants from the code, and neighbours share a quadrant', () => {
    DISC_TYPES.forEach((type, index) => {
      expect(type.factors.join('/')).toBe(type.code);
      const next = DISC_TYPES[(index + 1) % DISC_TYPES.length];
      expect(type.factors.some((factor) => next?.factors.includes(factor))).toBe(true);
    });
  });

  it('colour pure styles with their factor colour and blends with their own', () => {
    for (const type of DISC_TYPES) {
      const [only] = type.factors;
      if (type.factors.length === 1 && only) expect(type.colour).toBe(DISC_FACTORS_BY_ID[only].colour);
      else
        expect(Object.values(DISC_FACTORS_BY_ID).map((factor) => factor.colour)).not.toContain(type.colour);
      expect(type.colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('have a description of two or three sentences in both languages', () => {
    for (const type of DISC_TYPES) {
      for (const locale of LOCALES) {
        const sentences = type.description[locale].split(/(?<=\.)\s+/);
        expect(sentences.length).toBeGreaterThanOrEqual(2);
        expect(sentences.length).toBeLessThanOrEqual(3);
      }
    }
  });
});

describe('driving forces', () => {
  it('are the twelve of the spec', () => {
    expect(DRIVING_FORCES.map((force) => force.label.en)).toEqual([
      'Instinctive',
      'Intellectual',
      'Selfless',
      'Resourceful',
      'Objective',
      'Harmonious',
      'Intentional',
      'Altruistic',
      'Collaborative',
      'Commanding',
      'Receptive',
      'Structured',
    ]);
  });

  it('form six pairs, each force in exactly one group that names it', () => {
    expect(DRIVING_FORCE_GROUPS).toHaveLength(6);
    const grouped = DRIVING_FORCE_GROUPS.flatMap((group) => group.forces);
    expect([...grouped].sort()).toEqual(DRIVING_FORCES.map((force) => force.id).sort());
    for (const group of DRIVING_FORCE_GROUPS) {
      for (const id of group.forces) expect(DRIVING_FORCES_BY_ID[id].group).toBe(group.id);
    }
    expect(new Set(DRIVING_FORCE_GROUPS.map((group) => group.colour)).size).toBe(6);
  });

  it('pair the standard opposites', () => {
    expect(DRIVING_FORCE_GROUPS.map((group) => [group.id, ...group.forces])).toEqual([
      ['knowledge', 'instinctive', 'intellectual'],
      ['utility', 'selfless', 'resourceful'],
      ['surroundings', 'objective', 'harmonious'],
      ['others', 'intentional', 'altruistic'],
      ['power', 'collaborative', 'commanding'],
      ['methodologies', 'receptive', 'structured'],
    ]);
  });

  it('have a description in both languages', () => {
    for (const force of DRIVING_FORCES)
      for (const locale of LOCALES) expect(force.description[locale]).toMatch(/\.$/);
  });
});

describe('education levels', () => {
  it('hold every value of the spec', () => {
    expect([...EDUCATION_LEVEL_IDS].sort()).toEqual(
      [
        'doctorate_or_higher',
        'licentiate',
        'masters',
        'bachelors',
        'secondary',
        'primary',
        'higher_vocational',
        'course',
        'certification',
      ].sort(),
    );
    expect(educationLevelIdSchema.safeParse('masters').success).toBe(true);
  });

  it('rank from primary (1) to doctorate (9), listed highest first', () => {
    expect(educationLevelRank('doctorate_or_higher')).toBe(9);
    expect(educationLevelRank('primary')).toBe(1);
    const ranks = EDUCATION_LEVEL_IDS.map(educationLevelRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(educationLevelRank('masters')).toBeGreaterThan(educationLevelRank('bachelors'));
    expect(educationLevelRank('bachelors')).toBeGreaterThan(educationLevelRank('higher_vocational'));
    expect(educationLevelRank('higher_vocational')).toBeGreaterThan(educationLevelRank('secondary'));
    expect(educationLevelRank('secondary')).toBeGreaterThan(educationLevelRank('certification'));
    expect(educationLevelRank('certification')).toBeGreaterThan(educationLevelRank('course'));
    expect(educationLevelRank('course')).toBeGreaterThan(educationLevelRank('primary'));
  });

  it('treat a chosen level as a minimum', () => {
    expect(meetsEducationLevel('masters', 'bachelors')).toBe(true);
    expect(meetsEducationLevel('bachelors', 'bachelors')).toBe(true);
    expect(meetsEducationLevel('course', 'secondary')).toBe(false);
    expect(listEducationLevelsAtLeast('bachelors')).toEqual([
      'doctorate_or_higher',
      'licentiate',
      'masters',
      'bachelors',
    ]);
    expect(listEducationLevelsAtLeast('primary')).toEqual([...EDUCATION_LEVEL_IDS]);
    expect(listEducationLevelsAtLeast('doctorate_or_higher')).toEqual(['doctorate_or_higher']);
  });
});

describe('language levels', () => {
  it('are the five of the spec, highest first', () => {
    expect(LANGUAGE_LEVEL_IDS).toEqual([
      'native_or_bilingual',
      'full_professional',
      'professional_working',
      'limited_working',
      'elementary',
    ]);
    expect(LANGUAGE_LEVEL_IDS.map(languageLevelRank)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('the smaller lists', () => {
  it('hold the values of the spec', () => {
    expect(AVAILABILITY_KINDS.map((kind) => kind.id).sort()).toEqual(
      ['available_now', 'not_available', 'available_at', 'available_with_in'].sort(),
    );
    expect(EMPLOYMENT_FORMS.map((form) => form.id)).toEqual(['employee', 'consultant']);
    expect(BASE_LANGUAGES.map((language) => [language.id, language.label.en])).toEqual([
      ['en', 'English'],
      ['sv', 'Swedish'],
      ['no', 'Norwegian'],
      ['da', 'Danish'],
      ['fi', 'Finnish'],
      ['es', 'Spanish'],
      ['de', 'German'],
      ['fr', 'French'],
    ]);
    expect(DRIVING_LICENCE_CLASSES.map((licence) => licence.id)).toEqual([
      'AM',
      'A1',
      'A2',
      'A',
      'B',
      'BE',
      'C1',
      'C1E',
      'C',
      'CE',
      'D1',
      'D1E',
      'D',
      'DE',
    ]);
  });
});
