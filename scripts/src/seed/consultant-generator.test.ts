import { getVocabularyIndex } from '@mp/search-schema';
import { describe, expect, it } from 'vitest';
import { generateConsultant } from './consultant-generator';
import { JOB_FAMILIES, SKILL_FIRST_YEAR } from './job-families';

const resolves = (kind: 'skills' | 'jobTitles' | 'fieldsOfStudy', name: string) =>
  'entry' in getVocabularyIndex(kind).resolve(name);

describe('job families', () => {
  it('name only vocabulary titles, skills and fields of study', () => {
    for (const family of JOB_FAMILIES) {
      expect(
        family.titles.filter((title) => !resolves('jobTitles', title)),
        family.id,
      ).toEqual([]);
      expect(
        [...family.core, ...family.optional].filter((skill) => !resolves('skills', skill)),
        family.id,
      ).toEqual([]);
      expect(
        family.fieldsOfStudy.filter((field) => !resolves('fieldsOfStudy', field)),
        family.id,
      ).toEqual([]);
    }
  });
});

describe('generateConsultant', () => {
  const consultants = Array.from({ length: 400 }, (_, n) => generateConsultant(n, 7));

  it('writes titles and skills in the profile language, each resolving to the vocabulary', () => {
    expect(consultants.some((c) => c.locale === 'en')).toBe(true);
    for (const { locale, profile } of consultants) {
      for (const title of profile.jobTitles ?? []) {
        const resolution = getVocabularyIndex('jobTitles').resolve(String(title));
        expect('entry' in resolution && resolution.entry[locale], String(title)).toBe(title);
      }
      for (const skill of profile.skills ?? []) {
        const resolution = getVocabularyIndex('skills').resolve(skill.name);
        expect('entry' in resolution && resolution.entry[locale], skill.name).toBe(skill.name);
      }
    }
  });

  it('keeps years, last use and experiences consistent with the career', () => {
    for (const { profile } of consultants) {
      const experiences = profile.experiences ?? [];
      const careerStart = (profile.educations?.[0]?.endYear ?? 0) + 1;
      const skillNames = new Set((profile.skills ?? []).map((s) => s.name));
      for (const skill of profile.skills ?? []) {
        expect(skill.yearsOfExperience).toBeGreaterThanOrEqual(1);
        expect(skill.lastUsedYear).toBeLessThanOrEqual(2026);
        expect((skill.lastUsedYear ?? 0) - (skill.yearsOfExperience ?? 0) + 1).toBeGreaterThanOrEqual(
          careerStart,
        );
      }
      for (const skill of profile.skills ?? []) {
        const resolution = getVocabularyIndex('skills').resolve(skill.name);
        const family = JOB_FAMILIES.flatMap((f) => [...f.core, ...f.optional]).find((name) => {
          const other = getVocabularyIndex('skills').resolve(name);
          return 'id' in other && 'id' in resolution && other.id === resolution.id;
        });
        const firstYear = family ? SKILL_FIRST_YEAR[family] : undefined;
        if (firstYear !== undefined) {
          expect(
            (skill.lastUsedYear ?? 0) - (skill.yearsOfExperience ?? 0) + 1,
            skill.name,
          ).toBeGreaterThanOrEqual(firstYear);
        }
      }
      for (const experience of experiences) {
        for (const name of experience.skills ?? []) expect(skillNames.has(name), name).toBe(true);
      }
      expect(experiences[0]?.jobTitle).toBe(profile.jobTitles?.[0]);
    }
  });
});
