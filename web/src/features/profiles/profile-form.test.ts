import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnProfile } from './api/profile';
import {
  checkLastUsedYear,
  checkYear,
  emptyEducation,
  emptySkill,
  experienceToForm,
  formToBody,
  isFormDirty,
  issuesToFieldErrors,
  profileToForm,
  renamedTerms,
  toFieldErrors,
  validateExperienceForm,
  validateProfileForm,
  validateRefereeForm,
  type ProfileForm,
} from './profile-form';

const experience: OwnProfile['experiences'][number] = {
  id: '7f1f5b1e-1111-4c7e-9a4e-0f4b8b1e2a10',
  company: 'Volvo Cars',
  jobTitle: 'Utvecklare',
  startYear: 2019,
  endYear: null,
  ongoing: true,
  employmentForm: 'consultant',
  description: null,
  skills: [{ name: 'React', vocabularyId: 'react' }],
  references: [],
  approvedReferences: { approvedCount: 0, averageRating: null, reviews: [] },
  refereeNotes: [],
};

const profile: OwnProfile = {
  userId: '3d0c4f8e-2222-4a51-8f43-0d2f1b2c3d4e',
  firstName: 'Astrid',
  lastName: 'Lindqvist',
  email: 'astrid@example.se',
  phone: null,
  picture: null,
  isSearchable: true,
  completion: 40,
  missing: ['picture'],
  version: 3,
  jobTitles: [{ name: 'Systemutvecklare', vocabularyId: null }],
  shortDescription: 'Backend och frontend.',
  discType: 'analyser',
  discSource: 'self',
  drivingForces: ['intellectual'],
  availability: { kind: 'available_with_in', date: null, withinDays: 30 },
  locations: ['stockholm'],
  drivingLicences: ['B'],
  skills: [
    {
      name: 'TypeScript',
      vocabularyId: 'typescript',
      yearsOfExperience: 6,
      lastUsedYear: 2026,
      starred: true,
    },
  ],
  languages: [{ code: 'sv', name: 'Svenska', level: 'native_or_bilingual' }],
  educations: [],
  references: { approvedCount: 0, averageRating: null, reviews: [] },
  updatedAt: null,
  experiences: [experience],
};

function validForm(): ProfileForm {
  return profileToForm(profile, 'sv');
}

describe('the profile form', () => {
  it('round-trips a saved profile into the whole-profile body with its version, leaving the experiences out', () => {
    const body = formToBody(validForm(), profile.version);
    expect(body).toMatchObject({
      expectedVersion: 3,
      firstName: 'Astrid',
      jobTitles: ['Systemutvecklare'],
      skills: [{ name: 'TypeScript', yearsOfExperience: 6, lastUsedYear: 2026, starred: true }],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
      availability: { kind: 'available_with_in', date: null, withinDays: 30 },
      discType: 'analyser',
    });
    // Left out, the API leaves them as they are (they are saved through their own calls, maybe in another tab).
    expect(body).not.toHaveProperty('experiences');
    expect(validateProfileForm(validForm())).toEqual({});
  });

  it('is dirty only when something that is saved changed', () => {
    const saved = validForm();
    const same = { ...saved, skills: saved.skills.map((skill) => ({ ...skill, key: 'other' })) };
    expect(isFormDirty(same, saved)).toBe(false);
    expect(isFormDirty({ ...saved, locations: ['skane'] }, saved)).toBe(true);
  });

  it('refuses a sixth starred skill with the spec message', () => {
    const form = validForm();
    form.skills = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ ...emptySkill(name), starred: true }));
    expect(validateProfileForm(form).skills).toBe('validation.tooManyHighlightedSkills');
    form.skills[5]!.starred = false;
    expect(validateProfileForm(form).skills).toBeUndefined();
  });

  it('checks names, numbers, years and periods with the message codes of the API', () => {
    const form = validForm();
    form.firstName = '';
    form.lastName = 'L1ndqvist';
    form.shortDescription = '   ';
    form.skills = [{ ...emptySkill('Java'), yearsOfExperience: 'many', lastUsedYear: '1800' }];
    form.educations = [{ ...emptyEducation(), startYear: '2010', endYear: '2005' }];
    form.availability = { kind: 'available_at', date: '2026-13-01', withinDays: '' };
    expect(validateProfileForm(form)).toEqual({
      firstName: 'validation.enterFirstName',
      lastName: 'validation.invalidInput',
      shortDescription: 'validation.onlySpaces',
      'skills.0.yearsOfExperience': 'validation.onlyNumbers',
      'skills.0.lastUsedYear': 'validation.lastUsedYearOutOfRange',
      'educations.0.level': 'validation.required',
      'educations.0.endYear': 'validation.endYearBeforeStartYear',
      'availability.date': 'validation.invalidLongDate',
    });
    expect(checkYear('')).toBeUndefined();
    expect(checkYear('', true)).toBe('validation.required');
  });

  it('shows years of experience with the decimal separator of the language, and reads both back', () => {
    const withDecimal: OwnProfile = {
      ...profile,
      skills: [{ ...profile.skills[0]!, yearsOfExperience: 5.5 }],
    };
    const swedish = profileToForm(withDecimal, 'sv');
    expect(swedish.skills[0]?.yearsOfExperience).toBe('5,5');
    expect(profileToForm(withDecimal, 'en').skills[0]?.yearsOfExperience).toBe('5.5');
    expect(formToBody(swedish, 3).skills?.[0]?.yearsOfExperience).toBe(5.5);
    expect(isFormDirty(swedish, profileToForm(withDecimal, 'en'))).toBe(false);
    for (const typed of ['1,5', '1.5']) {
      const form = { ...swedish, skills: [{ ...swedish.skills[0]!, yearsOfExperience: typed }] };
      expect(validateProfileForm(form)).toEqual({});
      expect(formToBody(form, 3).skills?.[0]?.yearsOfExperience).toBe(1.5);
    }
  });

  it('says how many years of experience a skill may have at most', () => {
    const form = validForm();
    const withYears = (years: string) => ({
      ...form,
      skills: [{ ...form.skills[0]!, yearsOfExperience: years }],
    });
    expect(validateProfileForm(withYears('80'))).toEqual({});
    expect(validateProfileForm(withYears('100'))).toEqual({
      'skills.0.yearsOfExperience': 'validation.tooManyYearsOfExperience',
    });
    expect(validateProfileForm(withYears('80,5'))).toEqual({
      'skills.0.yearsOfExperience': 'validation.tooManyYearsOfExperience',
    });
  });

  describe('the date available from', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is today in Sweden or later', () => {
      // Half past midnight in Stockholm on 2 March; still 1 March in UTC.
      vi.useFakeTimers({ now: new Date('2031-03-01T23:30:00Z'), toFake: ['Date'] });
      const withDate = (date: string) => ({
        ...validForm(),
        availability: { kind: 'available_at' as const, date, withinDays: '' },
      });
      expect(validateProfileForm(withDate('2031-03-01'))).toEqual({
        'availability.date': 'validation.dateBeforeToday',
      });
      expect(validateProfileForm(withDate('2020-01-01'))).toEqual({
        'availability.date': 'validation.dateBeforeToday',
      });
      expect(validateProfileForm(withDate('2031-03-02'))).toEqual({});
      expect(validateProfileForm(withDate(''))).toEqual({ 'availability.date': 'validation.required' });
    });

    it('keeps a date the profile already has, though it has passed', () => {
      vi.useFakeTimers({ now: new Date('2031-03-01T12:00:00Z'), toFake: ['Date'] });
      const form = {
        ...validForm(),
        availability: { kind: 'available_at' as const, date: '2031-02-01', withinDays: '' },
      };
      const stored: OwnProfile = {
        ...profile,
        availability: { kind: 'available_at', date: '2031-02-01', withinDays: null },
      };
      expect(validateProfileForm(form, stored)).toEqual({});
      // Another past date is still refused.
      const other = { ...form, availability: { ...form.availability, date: '2031-02-02' } };
      expect(validateProfileForm(other, stored)).toEqual({
        'availability.date': 'validation.dateBeforeToday',
      });
    });
  });

  describe('the year a skill was last used', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is a whole year from 1940 up to the current year in Sweden', () => {
      vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z'), toFake: ['Date'] });
      expect(checkLastUsedYear('')).toBeUndefined();
      expect(checkLastUsedYear('2026')).toBeUndefined();
      expect(checkLastUsedYear('1940')).toBeUndefined();
      expect(checkLastUsedYear('2027')).toBe('validation.lastUsedYearOutOfRange');
      expect(checkLastUsedYear('2099')).toBe('validation.lastUsedYearOutOfRange');
      expect(checkLastUsedYear('1939')).toBe('validation.lastUsedYearOutOfRange');
      expect(checkLastUsedYear('2020,5')).toBe('validation.onlyNumbers');
      // Half past eleven on New Year's Eve in UTC is already the new year in Stockholm.
      vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
      expect(checkLastUsedYear('2027')).toBeUndefined();
      const form = validForm();
      form.skills = [{ ...form.skills[0]!, lastUsedYear: '2099' }];
      expect(validateProfileForm(form)).toEqual({
        'skills.0.lastUsedYear': 'validation.lastUsedYearOutOfRange',
      });
    });
  });

  it('refuses a text over its limit with the limit, as the API does', () => {
    const form = validForm();
    form.shortDescription = 'x'.repeat(2001);
    form.educations = [{ ...emptyEducation(), level: 'bachelors', school: 'Å'.repeat(151) }];
    const errors = validateProfileForm(form);
    expect(errors).toEqual({
      shortDescription: { code: 'validation.maxLength', params: { max: 2000 } },
      'educations.0.school': { code: 'validation.maxLength', params: { max: 150 } },
    });
    const experience = { ...experienceToForm(null), company: 'S'.repeat(151), jobTitle: 'Testare' };
    expect(
      validateExperienceForm({ ...experience, startYear: '2020', ongoing: true, employmentForm: 'employee' }),
    ).toEqual({ company: { code: 'validation.maxLength', params: { max: 150 } } });
    // As field errors, the limit goes along to the text under the input.
    expect(toFieldErrors(errors).shortDescription).toEqual({
      code: 'validation.maxLength',
      params: { max: 2000 },
    });
  });

  it('asks an experience for an end year unless it is ongoing', () => {
    const form = { ...experienceToForm(null), company: 'Saab', jobTitle: 'Testare', startYear: '2020' };
    expect(validateExperienceForm(form)).toEqual({
      endYear: 'validation.endYearOrOngoing',
      employmentForm: 'validation.required',
    });
    expect(validateExperienceForm({ ...form, ongoing: true, employmentForm: 'employee' })).toEqual({});
    // It cannot start in a year that has not come.
    const nextYear = String(new Date().getFullYear() + 1);
    expect(
      validateExperienceForm({ ...form, ongoing: true, employmentForm: 'employee', startYear: nextYear }),
    ).toEqual({ startYear: 'validation.startYearInFuture' });
    // The messages say the range a start year may take, 1940 up to this year, never 'between 1940 and 2200'.
    const started = (startYear: string) =>
      validateExperienceForm({ ...form, ongoing: true, employmentForm: 'employee', startYear });
    expect(started('1800')).toEqual({ startYear: 'validation.startYearOutOfRange' });
    expect(started('2201')).toEqual({ startYear: 'validation.startYearInFuture' });
    expect(started('')).toEqual({ startYear: 'validation.required' });
    expect(started('20x6')).toEqual({ startYear: 'validation.onlyNumbers' });
  });

  it('refuses a title, skill or language listed twice with the message codes of the API', () => {
    const form = validForm();
    expect(
      validateProfileForm({
        ...form,
        jobTitles: ['Systemutvecklare', ' systemutvecklare '],
        skills: [...form.skills, { ...emptySkill('typescript'), key: 'again' }],
        languages: [...form.languages, { key: 'again', code: 'sv', name: 'Svenska', level: 'elementary' }],
      }),
    ).toEqual({
      'jobTitles.1': 'validation.duplicateJobTitle',
      'skills.1.name': 'validation.duplicateSkill',
      'languages.1.code': 'validation.duplicateLanguage',
    });
    const experience = {
      ...experienceToForm(null),
      company: 'Saab',
      jobTitle: 'Testare',
      startYear: '2020',
      ongoing: true,
      employmentForm: 'employee' as const,
    };
    expect(validateExperienceForm({ ...experience, skills: ['Java', 'java'] })).toEqual({
      skills: 'validation.duplicateSkill',
    });
  });

  it('checks a referee like the API does', () => {
    expect(validateRefereeForm({ firstName: '', lastName: 'Berg', email: 'nope' })).toEqual({
      firstName: 'validation.enterFirstName',
      email: 'validation.invalidEmail',
    });
  });

  it('maps the API validation issues to fields', () => {
    const body = {
      code: 'VALIDATION_FAILED',
      errorMessage: 'x',
      data: {
        issues: [{ field: 'skills.0.name', code: 'validation.required', message: 'Fältet är obligatoriskt' }],
      },
    };
    expect(issuesToFieldErrors(body)).toEqual({ 'skills.0.name': { text: 'Fältet är obligatoriskt' } });
    expect(issuesToFieldErrors({ code: 'OTHER' })).toBeNull();
  });
});

describe('renamedTerms', () => {
  it('pairs a typed alias with the label it was saved as', () => {
    expect(renamedTerms(['Systemutvecklare', 'Tech lead'], ['Systemutvecklare', 'Teknisk ledare'])).toEqual([
      { typed: 'Tech lead', savedAs: 'Teknisk ledare' },
    ]);
  });

  it('reports nothing when only the case changed or the names are the same', () => {
    expect(renamedTerms(['react', 'Java'], ['React', 'Java'])).toEqual([]);
    expect(renamedTerms([], [])).toEqual([]);
  });

  it('reports nothing when an alias merged into a name already there', () => {
    expect(renamedTerms(['Teknisk ledare', 'Tech lead'], ['Teknisk ledare'])).toEqual([]);
  });
});
