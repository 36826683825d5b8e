import { describe, expect, it } from 'vitest';
import {
  buildPartRows,
  experienceColumns,
  languageRows,
  mergePartRows,
  type ProfileParts,
} from './profile-parts';

const PROFILE = '00000000-0000-4000-8000-000000000001';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function ids() {
  let n = 0;
  return () => `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
}

const parts: ProfileParts = {
  jobTitles: ['Systemutvecklare', 'systemutvecklare', 'Egen titel'],
  skills: [
    { name: 'TypeScript', yearsOfExperience: 6, lastUsedYear: 2026, starred: true },
    { name: 'typescript', yearsOfExperience: 1, lastUsedYear: 2020, starred: false },
    { name: 'Mitt verktyg', yearsOfExperience: null, lastUsedYear: null, starred: false },
  ],
  languages: [
    { code: 'sv', level: 'native_or_bilingual' },
    { code: 'en', level: 'full_professional' },
    { code: 'sv', level: 'elementary' },
  ],
  educations: [
    {
      level: 'masters',
      fieldOfStudy: 'Datavetenskap',
      degree: null,
      school: 'KTH',
      startYear: 2010,
      endYear: 2015,
    },
  ],
  experiences: [
    {
      company: 'Volvo Cars',
      jobTitle: 'Systemutvecklare',
      startYear: 2019,
      endYear: 2024,
      ongoing: true,
      employmentForm: 'consultant',
      description: null,
      skills: ['TypeScript', 'typescript', 'React'],
    },
    {
      company: 'Eget',
      jobTitle: 'Konsult',
      startYear: 2015,
      endYear: 2019,
      ongoing: false,
      employmentForm: 'employee',
      description: 'Uppdrag.',
      skills: [],
    },
  ],
};

describe('buildPartRows', () => {
  const rows = buildPartRows(PROFILE, parts, { now: NOW, newId: ids() });

  it('keeps each term once, the first entry winning, in the given order', () => {
    expect(rows.jobTitles.map((t) => [t.name, t.sort_order])).toEqual([
      ['Software developer', 0],
      ['Egen titel', 1],
    ]);
    expect(rows.jobTitles[0]!.job_title_id).not.toBeNull();
    expect(rows.jobTitles[1]!.job_title_id).toBeNull();
    expect(rows.skills.map((s) => [s.name, s.years_of_experience, s.starred, s.sort_order])).toEqual([
      ['TypeScript', 6, true, 0],
      ['Mitt verktyg', null, false, 1],
    ]);
  });

  it('orders languages by their own millisecond from `now`, each code once', () => {
    expect(rows.languages).toEqual([
      { profile_id: PROFILE, language_id: 'sv', level: 'native_or_bilingual', created_at: new Date(NOW) },
      { profile_id: PROFILE, language_id: 'en', level: 'full_professional', created_at: new Date(NOW + 1) },
    ]);
  });

  it('resolves fields of study and numbers educations in order', () => {
    expect(rows.educations).toEqual([
      expect.objectContaining({
        profile_id: PROFILE,
        level: 'masters',
        field_of_study_id: expect.any(String),
        degree_id: null,
        degree: null,
        school: 'KTH',
        sort_order: 0,
      }),
    ]);
  });

  it('gives experiences new ids, no end year when ongoing, and their skills once each', () => {
    expect(rows.experiences.map((x) => [x.id, x.company, x.end_year, x.sort_order])).toEqual([
      ['00000000-0000-4000-9000-000000000001', 'Volvo Cars', null, 0],
      ['00000000-0000-4000-9000-000000000002', 'Eget', 2019, 1],
    ]);
    expect(rows.experienceSkills.map((s) => [s.experience_id, s.name])).toEqual([
      ['00000000-0000-4000-9000-000000000001', 'TypeScript'],
      ['00000000-0000-4000-9000-000000000001', 'React'],
    ]);
  });

  it('builds an experience the same way the editor writes one', () => {
    const { id: _id, profile_id: _profile, ...columns } = rows.experiences[1]!;
    expect(columns).toEqual(experienceColumns(parts.experiences[1]!, 1));
    expect(languageRows(PROFILE, parts.languages, NOW)).toEqual(rows.languages);
  });

  it('merges the rows of many profiles table by table', () => {
    const other = buildPartRows('00000000-0000-4000-8000-000000000002', parts, { now: NOW, newId: ids() });
    const merged = mergePartRows([rows, other]);
    expect(merged.skills).toHaveLength(4);
    expect(merged.experiences.map((x) => x.profile_id)).toEqual([
      PROFILE,
      PROFILE,
      other.experiences[0]!.profile_id,
      other.experiences[1]!.profile_id,
    ]);
  });
});
