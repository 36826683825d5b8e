import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  availabilityEditSchema,
  experienceEditSchema,
  languagesEditSchema,
  PROFILE_EDIT_PARTS,
  profileEditBodySchema,
  skillsEditSchema,
} from './profile-edit.schema';

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('profile edit schemas', () => {
  it('allows five starred skills and refuses six with the spec message', () => {
    const skills = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `S${i}`, starred: true }));
    expect(skillsEditSchema.safeParse(skills(5)).success).toBe(true);
    expect(messages(skillsEditSchema.safeParse(skills(6)))).toEqual([
      ['', 'validation.tooManyHighlightedSkills'],
    ]);
  });

  it('refuses more than 80 years of experience with its own message', () => {
    expect(skillsEditSchema.parse([{ name: 'React', yearsOfExperience: 80 }])[0]?.yearsOfExperience).toBe(80);
    expect(messages(skillsEditSchema.safeParse([{ name: 'React', yearsOfExperience: 100 }]))).toEqual([
      ['0.yearsOfExperience', 'validation.tooManyYearsOfExperience'],
    ]);
  });

  describe('the year a skill was last used', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const lastUsed = (lastUsedYear: number) => skillsEditSchema.safeParse([{ name: 'React', lastUsedYear }]);

    it('is at most the current year in Sweden', () => {
      // New Year's Eve at 23:30 in Stockholm is already 2027 there, still 2026 in UTC.
      vi.useFakeTimers({ now: new Date('2026-12-31T23:30:00Z'), toFake: ['Date'] });
      expect(lastUsed(2027).success).toBe(true);
      expect(messages(lastUsed(2028))).toEqual([['0.lastUsedYear', 'validation.lastUsedYearOutOfRange']]);
      vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
      expect(lastUsed(2026).success).toBe(true);
      expect(messages(lastUsed(2027))).toEqual([['0.lastUsedYear', 'validation.lastUsedYearOutOfRange']]);
      expect(messages(lastUsed(2099))).toEqual([['0.lastUsedYear', 'validation.lastUsedYearOutOfRange']]);
    });

    it('is from 1940, and other years of the profile may still lie ahead', () => {
      expect(messages(lastUsed(1939))).toEqual([['0.lastUsedYear', 'validation.lastUsedYearOutOfRange']]);
      expect(lastUsed(1940).success).toBe(true);
      const base = { company: 'A', jobTitle: 'B', startYear: 2020, employmentForm: 'employee' };
      expect(experienceEditSchema.safeParse({ ...base, endYear: 2099 }).success).toBe(true);
    });
  });

  it('needs either an end year or ongoing, not both', () => {
    const base = { company: 'A', jobTitle: 'B', startYear: 2020, employmentForm: 'employee' };
    expect(experienceEditSchema.parse({ ...base, ongoing: true }).endYear).toBeNull();
    expect(messages(experienceEditSchema.safeParse({ ...base, ongoing: true, endYear: 2022 }))).toEqual([
      ['endYear', 'validation.endYearOrOngoing'],
    ]);
    expect(messages(experienceEditSchema.safeParse(base))).toEqual([
      ['endYear', 'validation.endYearOrOngoing'],
    ]);
    expect(messages(experienceEditSchema.safeParse({ ...base, endYear: 2019 }))).toEqual([
      ['endYear', 'validation.endYearBeforeStartYear'],
    ]);
    expect(messages(experienceEditSchema.safeParse({ ...base, endYear: 2021, startYear: 1800 }))).toEqual([
      ['startYear', 'validation.startYearOutOfRange'],
    ]);
    // A start year no experience could have is told the range that is accepted, up to this year (not 2200).
    expect(messages(experienceEditSchema.safeParse({ ...base, ongoing: true, startYear: 2201 }))).toEqual([
      ['startYear', 'validation.startYearInFuture'],
    ]);
  });

  it('keeps only the field that matters for each availability kind', () => {
    expect(
      availabilityEditSchema.parse({ kind: 'available_now', date: '2027-01-01', withinDays: 3 }),
    ).toEqual({
      kind: 'available_now',
      date: null,
      withinDays: null,
    });
    expect(messages(availabilityEditSchema.safeParse({ kind: 'available_with_in' }))).toEqual([
      ['withinDays', 'validation.required'],
    ]);
    expect(messages(availabilityEditSchema.safeParse({ kind: 'available_at', date: '2027-02-30' }))).toEqual([
      ['date', 'validation.invalidDate'],
    ]);
    expect(messages(availabilityEditSchema.safeParse({ kind: 'available_at', date: '2027-2-3' }))).toEqual([
      ['date', 'validation.invalidLongDate'],
    ]);
  });

  it('resolves languages by id or label and refuses unknown ones', () => {
    expect(languagesEditSchema.parse([{ code: 'Engelska', level: 'elementary' }])).toEqual([
      { code: 'en', level: 'elementary' },
    ]);
    expect(messages(languagesEditSchema.safeParse([{ code: 'Klingon', level: 'elementary' }]))).toEqual([
      ['0.code', 'validation.invalidInput'],
    ]);
  });

  it('leaves names, the searchable flag, the experiences and the version check out of a whole-profile save unless given', () => {
    const parsed = profileEditBodySchema.parse({});
    expect(parsed.firstName).toBeUndefined();
    expect(parsed.isSearchable).toBeUndefined();
    expect(parsed.experiences).toBeUndefined();
    expect(parsed.expectedVersion).toBeUndefined();
    expect(profileEditBodySchema.parse({ expectedVersion: 0 }).expectedVersion).toBe(0);
    expect(messages(profileEditBodySchema.safeParse({ expectedVersion: -1 }))).toEqual([
      ['expectedVersion', 'validation.invalidInput'],
    ]);
    expect(parsed.availability.kind).toBe('available_now');
    expect(profileEditBodySchema.parse({ shortDescription: '' }).shortDescription).toBeNull();
  });

  it("names every part of a whole-profile save (an admin edit's audit entry lists those it changed)", () => {
    const parts = Object.keys(profileEditBodySchema.shape).filter((key) => key !== 'expectedVersion');
    expect([...PROFILE_EDIT_PARTS].sort()).toEqual(parts.sort());
  });
});
