import { swedishDayOf, toSwedishCalendarDate } from '@mp/domain/calendar-date';
import {
  HIGHLIGHTED_SKILLS_MAX,
  PROFILE_YEAR_MIN,
  SKILL_YEARS_OF_EXPERIENCE_MAX,
} from '@mp/domain/constants';
import type { MessageCode } from '@mp/domain/messages';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  longDateSchema,
  notOnlySpacesSchema,
  requiredTextSchema,
} from '@mp/domain/validation';
import type {
  AvailabilityKindId,
  DiscTypeId,
  DrivingForceId,
  DrivingLicenceClassId,
  EducationLevelId,
  EmploymentFormId,
  LanguageLevelId,
  WorkLocationId,
} from '@mp/domain/value-lists';
import type { Language } from '../../lib/language';
import { numberInputText, parseNumberInput } from '../../lib/number-format';
import { apiIssueTexts, firstIssue, maxLengthIssue, type FormIssue } from '../../lib/validation';
import type {
  ExperienceEditBody,
  OwnExperience,
  OwnProfile,
  ProfileEditBody,
  RefereeBody,
} from './api/profile';

// The profile editor's form state and its rules. Inputs hold text (number fields too, so a half-typed
// value stays as typed); the rules mirror the API's (`profile-edit.schema.ts`) with the same message codes,
// and errors are keyed by the API's field paths (`skills.0.lastUsedYear`), so the server's answers land on
// the same inputs as the client's own checks.

/** Limits of the API's edit schema. */
export const PROFILE_LIMITS = {
  shortDescription: 2000,
  jobTitles: 10,
  jobTitle: 100,
  skill: 100,
  skillYearsMax: SKILL_YEARS_OF_EXPERIENCE_MAX,
  educationText: 150,
  experienceText: 150,
  experienceDescription: 5000,
  experienceSkills: 50,
  yearMin: PROFILE_YEAR_MIN,
  yearMax: 2200,
  withinDaysMax: 3650,
} as const;

export interface SkillRow {
  key: string;
  name: string;
  yearsOfExperience: string;
  lastUsedYear: string;
  starred: boolean;
}

export interface LanguageRow {
  key: string;
  /** Language vocabulary id (`sv`, `en`, ...). */
  code: string;
  name: string;
  level: LanguageLevelId | '';
}

export interface EducationRow {
  key: string;
  level: EducationLevelId | '';
  fieldOfStudy: string;
  degree: string;
  school: string;
  startYear: string;
  endYear: string;
}

export interface AvailabilityForm {
  kind: AvailabilityKindId;
  /** `YYYY-MM-DD` for `available_at`. */
  date: string;
  withinDays: string;
}

export interface ProfileForm {
  firstName: string;
  lastName: string;
  shortDescription: string;
  jobTitles: string[];
  skills: SkillRow[];
  languages: LanguageRow[];
  educations: EducationRow[];
  locations: WorkLocationId[];
  drivingLicences: DrivingLicenceClassId[];
  availability: AvailabilityForm;
  discType: DiscTypeId | '';
  drivingForces: DrivingForceId[];
}

export interface ExperienceForm {
  company: string;
  jobTitle: string;
  startYear: string;
  endYear: string;
  ongoing: boolean;
  employmentForm: EmploymentFormId | '';
  description: string;
  skills: string[];
}

export type RefereeForm = RefereeBody;

/**
 * A problem with one input: a message code of our own (with its limit, for a text too long), or the API's text
 * (already in the user's language).
 */
export type FieldError = FormIssue | { text: string };
export type FieldErrors = Record<string, FieldError>;

let nextKey = 0;
/** A React key for a new row (not `crypto.randomUUID`, which plain-HTTP origins lack). */
export function newRowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function emptySkill(name: string): SkillRow {
  return { key: newRowKey(), name, yearsOfExperience: '', lastUsedYear: '', starred: false };
}

export function emptyEducation(): EducationRow {
  return {
    key: newRowKey(),
    level: '',
    fieldOfStudy: '',
    degree: '',
    school: '',
    startYear: '',
    endYear: '',
  };
}

/**
 * The form as the saved profile fills it in. Years of experience may have a decimal, shown with the language's
 * separator ('1,5' on a Swedish page).
 */
export function profileToForm(profile: OwnProfile, language: Language): ProfileForm {
  return {
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    shortDescription: text(profile.shortDescription),
    jobTitles: profile.jobTitles.map((title) => title.name),
    skills: profile.skills.map((skill) => ({
      key: newRowKey(),
      name: skill.name,
      yearsOfExperience: numberInputText(skill.yearsOfExperience, language),
      lastUsedYear: numberText(skill.lastUsedYear),
      starred: skill.starred,
    })),
    languages: profile.languages.map((language) => ({
      key: newRowKey(),
      code: language.code,
      name: language.name,
      level: language.level,
    })),
    educations: profile.educations.map((education) => ({
      key: newRowKey(),
      level: education.level,
      fieldOfStudy: text(education.fieldOfStudy),
      degree: text(education.degree),
      school: text(education.school),
      startYear: numberText(education.startYear),
      endYear: numberText(education.endYear),
    })),
    locations: profile.locations as WorkLocationId[],
    drivingLicences: profile.drivingLicences as DrivingLicenceClassId[],
    availability: {
      kind: profile.availability.kind,
      date: text(profile.availability.date),
      withinDays: numberText(profile.availability.withinDays),
    },
    discType: (profile.discType ?? '') as DiscTypeId | '',
    drivingForces: profile.drivingForces as DrivingForceId[],
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function experienceToBody(
  experience: Pick<OwnExperience, 'id'> | null,
  form: ExperienceForm,
): ExperienceEditBody {
  return {
    ...(experience ? { id: experience.id } : {}),
    company: form.company.trim(),
    jobTitle: form.jobTitle.trim(),
    startYear: parseNumberInput(form.startYear) as number,
    endYear: form.ongoing ? null : parseNumberInput(form.endYear),
    ongoing: form.ongoing,
    employmentForm: form.employmentForm as EmploymentFormId,
    description: orNull(form.description),
    skills: form.skills,
  };
}

export function experienceToForm(experience: OwnExperience | null): ExperienceForm {
  if (!experience) {
    return {
      company: '',
      jobTitle: '',
      startYear: '',
      endYear: '',
      ongoing: false,
      employmentForm: '',
      description: '',
      skills: [],
    };
  }
  return {
    company: experience.company,
    jobTitle: experience.jobTitle,
    startYear: String(experience.startYear),
    endYear: numberText(experience.endYear),
    ongoing: experience.ongoing,
    employmentForm: experience.employmentForm,
    description: text(experience.description),
    skills: experience.skills.map((skill) => skill.name),
  };
}

/** The parts of the profile the form holds, as the API takes them. */
function formToParts(form: ProfileForm): Omit<ProfileEditBody, 'expectedVersion' | 'experiences'> {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    shortDescription: orNull(form.shortDescription),
    jobTitles: form.jobTitles.map((title) => title.trim()).filter(Boolean),
    skills: form.skills.map((skill) => ({
      name: skill.name.trim(),
      yearsOfExperience: parseNumberInput(skill.yearsOfExperience),
      lastUsedYear: parseNumberInput(skill.lastUsedYear),
      starred: skill.starred,
    })),
    languages: form.languages.map((language) => ({
      code: language.code,
      level: language.level as LanguageLevelId,
    })),
    educations: form.educations.map((education) => ({
      level: education.level as EducationLevelId,
      fieldOfStudy: orNull(education.fieldOfStudy),
      degree: orNull(education.degree),
      school: orNull(education.school),
      startYear: parseNumberInput(education.startYear),
      endYear: parseNumberInput(education.endYear),
    })),
    locations: form.locations,
    drivingLicences: form.drivingLicences,
    availability: {
      kind: form.availability.kind,
      date: form.availability.kind === 'available_at' ? orNull(form.availability.date) : null,
      withinDays:
        form.availability.kind === 'available_with_in'
          ? parseNumberInput(form.availability.withinDays)
          : null,
    },
    discType: form.discType || null,
    drivingForces: form.drivingForces,
  };
}

/**
 * `PUT profile`: the parts the form holds, made from the profile at `expectedVersion` (the API refuses the save
 * with PROFILE_CHANGED when the profile has changed since). Experiences are left out, so the API leaves them
 * as they are: they are saved one at a time through their own calls, possibly in another tab.
 */
export function formToBody(form: ProfileForm, expectedVersion: number): ProfileEditBody {
  return { ...formToParts(form), expectedVersion };
}

/** Whether the form differs from what was saved (row keys and untouched whitespace aside). */
export function isFormDirty(form: ProfileForm, saved: ProfileForm): boolean {
  return JSON.stringify(formToParts(form)) !== JSON.stringify(formToParts(saved));
}

// ---------------------------------------------------------------------------------------------------------
// Rules

/** Problems by field: a message code, or one with its limit ('Cannot be longer than 150 characters'). */
type Errors = Record<string, MessageCode | FormIssue>;

function check(errors: Errors, field: string, problem: MessageCode | FormIssue | undefined): void {
  if (problem && !errors[field]) errors[field] = problem;
}

function optionalText(value: string, max: number): MessageCode | FormIssue | undefined {
  return (
    firstIssue(notOnlySpacesSchema, value) ?? (value.trim().length > max ? maxLengthIssue(max) : undefined)
  );
}

function requiredText(value: string, max: number): MessageCode | FormIssue | undefined {
  return (
    firstIssue(requiredTextSchema, value) ?? (value.trim().length > max ? maxLengthIssue(max) : undefined)
  );
}

function wholeNumber(value: number): MessageCode | undefined {
  if (Number.isNaN(value) || !Number.isInteger(value)) return 'validation.onlyNumbers';
  if (value < 0) return 'validation.notNegative';
  return undefined;
}

/** A year field: empty is allowed unless `required`; else a whole number from 1940 to 2200. */
export function checkYear(value: string, required = false): MessageCode | undefined {
  const year = parseNumberInput(value);
  if (year === null) return required ? 'validation.required' : undefined;
  const problem = wholeNumber(year);
  if (problem) return problem;
  return year < PROFILE_LIMITS.yearMin || year > PROFILE_LIMITS.yearMax
    ? 'validation.invalidYear'
    : undefined;
}

/**
 * An experience's start year: required, a whole number from 1940 up to this year (in Sweden), with messages that
 * say so, as the API's: not the 1940-2200 of the other years, a range most of which it would refuse.
 */
export function checkStartYear(value: string): MessageCode | undefined {
  const year = parseNumberInput(value);
  if (year === null) return 'validation.required';
  const problem = wholeNumber(year);
  if (problem) return problem;
  if (year < PROFILE_LIMITS.yearMin) return 'validation.startYearOutOfRange';
  return year > toSwedishCalendarDate(new Date()).year ? 'validation.startYearInFuture' : undefined;
}

/** The year a skill was last used: empty, or a whole number from 1940 up to the current year (in Sweden). */
export function checkLastUsedYear(value: string): MessageCode | undefined {
  const year = parseNumberInput(value);
  if (year === null) return undefined;
  const problem = wholeNumber(year);
  if (problem) return problem;
  return year < PROFILE_LIMITS.yearMin || year > toSwedishCalendarDate(new Date()).year
    ? 'validation.lastUsedYearOutOfRange'
    : undefined;
}

function checkYearsOfExperience(value: string): MessageCode | undefined {
  const years = parseNumberInput(value);
  if (years === null) return undefined;
  if (Number.isNaN(years)) return 'validation.onlyNumbers';
  if (years < 0) return 'validation.notNegative';
  return years > PROFILE_LIMITS.skillYearsMax ? 'validation.tooManyYearsOfExperience' : undefined;
}

function checkPeriod(errors: Errors, prefix: string, start: string, end: string): void {
  const from = parseNumberInput(start);
  const to = parseNumberInput(end);
  if (from !== null && to !== null && !Number.isNaN(from) && !Number.isNaN(to) && to < from) {
    check(errors, `${prefix}endYear`, 'validation.endYearBeforeStartYear');
  }
}

/**
 * The positions of entries an earlier entry already names (case and surrounding spaces aside), as the API refuses
 * them (it also knows the vocabulary's aliases, which land on the same field when it answers).
 */
function repeatedIndexes(names: readonly string[]): number[] {
  const seen = new Set<string>();
  return names.flatMap((name, index) => {
    const key = name.trim().toLowerCase();
    const repeated = key !== '' && seen.has(key);
    seen.add(key);
    return repeated ? [index] : [];
  });
}

/** The number of starred skills allowed (spec: up to 5 highlighted). */
export const STARRED_SKILLS_MAX = HIGHLIGHTED_SKILLS_MAX;

/** Every problem of the profile form, keyed by field path; empty when it can be saved. */
export function validateProfileForm(form: ProfileForm, stored?: OwnProfile): Errors {
  const errors: Errors = {};
  check(errors, 'firstName', firstIssue(firstNameSchema, form.firstName));
  check(errors, 'lastName', firstIssue(lastNameSchema, form.lastName));
  check(errors, 'shortDescription', optionalText(form.shortDescription, PROFILE_LIMITS.shortDescription));

  if (form.jobTitles.length > PROFILE_LIMITS.jobTitles) check(errors, 'jobTitles', 'validation.tooManyItems');
  form.jobTitles.forEach((title, index) =>
    check(errors, `jobTitles.${index}`, requiredText(title, PROFILE_LIMITS.jobTitle)),
  );
  for (const index of repeatedIndexes(form.jobTitles))
    check(errors, `jobTitles.${index}`, 'validation.duplicateJobTitle');

  if (form.skills.filter((skill) => skill.starred).length > STARRED_SKILLS_MAX) {
    check(errors, 'skills', 'validation.tooManyHighlightedSkills');
  }
  form.skills.forEach((skill, index) => {
    check(errors, `skills.${index}.name`, requiredText(skill.name, PROFILE_LIMITS.skill));
    check(errors, `skills.${index}.yearsOfExperience`, checkYearsOfExperience(skill.yearsOfExperience));
    check(errors, `skills.${index}.lastUsedYear`, checkLastUsedYear(skill.lastUsedYear));
  });
  for (const index of repeatedIndexes(form.skills.map((skill) => skill.name)))
    check(errors, `skills.${index}.name`, 'validation.duplicateSkill');

  form.languages.forEach((language, index) => {
    if (!language.level) check(errors, `languages.${index}.level`, 'validation.required');
  });
  for (const index of repeatedIndexes(form.languages.map((language) => language.code)))
    check(errors, `languages.${index}.code`, 'validation.duplicateLanguage');

  form.educations.forEach((education, index) => {
    const prefix = `educations.${index}.`;
    if (!education.level) check(errors, `${prefix}level`, 'validation.required');
    check(
      errors,
      `${prefix}fieldOfStudy`,
      optionalText(education.fieldOfStudy, PROFILE_LIMITS.educationText),
    );
    check(errors, `${prefix}degree`, optionalText(education.degree, PROFILE_LIMITS.educationText));
    check(errors, `${prefix}school`, optionalText(education.school, PROFILE_LIMITS.educationText));
    check(errors, `${prefix}startYear`, checkYear(education.startYear));
    check(errors, `${prefix}endYear`, checkYear(education.endYear));
    checkPeriod(errors, prefix, education.startYear, education.endYear);
  });

  const { availability } = form;
  if (availability.kind === 'available_at') {
    check(errors, 'availability.date', firstIssue(longDateSchema, availability.date));
    // As the API judges it: a day before today in Sweden is gone ('available from' it says nothing), unless it
    // is the date the profile already has (saving it to change something else is fine).
    const kept =
      stored?.availability.kind === 'available_at' && stored.availability.date === availability.date;
    if (availability.date < swedishDayOf(new Date()) && !kept)
      check(errors, 'availability.date', 'validation.dateBeforeToday');
  }
  if (availability.kind === 'available_with_in') {
    const days = parseNumberInput(availability.withinDays);
    if (days === null) check(errors, 'availability.withinDays', 'validation.required');
    else {
      check(errors, 'availability.withinDays', wholeNumber(days));
      if (days > PROFILE_LIMITS.withinDaysMax)
        check(errors, 'availability.withinDays', 'validation.invalidInput');
    }
  }
  return errors;
}

/** Problems of one experience (the experience dialog), keyed by its own field names. */
export function validateExperienceForm(form: ExperienceForm): Errors {
  const errors: Errors = {};
  check(errors, 'company', requiredText(form.company, PROFILE_LIMITS.experienceText));
  check(errors, 'jobTitle', requiredText(form.jobTitle, PROFILE_LIMITS.experienceText));
  check(errors, 'startYear', checkStartYear(form.startYear));
  if (!form.ongoing) {
    if (!form.endYear.trim()) check(errors, 'endYear', 'validation.endYearOrOngoing');
    check(errors, 'endYear', checkYear(form.endYear));
    checkPeriod(errors, '', form.startYear, form.endYear);
  }
  if (!form.employmentForm) check(errors, 'employmentForm', 'validation.required');
  check(errors, 'description', optionalText(form.description, PROFILE_LIMITS.experienceDescription));
  if (form.skills.length > PROFILE_LIMITS.experienceSkills)
    check(errors, 'skills', 'validation.tooManyItems');
  if (repeatedIndexes(form.skills).length > 0) check(errors, 'skills', 'validation.duplicateSkill');
  return errors;
}

/** Problems of a referee (first name, last name, e-mail), with the spec's messages. */
export function validateRefereeForm(form: RefereeForm): Errors {
  const errors: Errors = {};
  check(errors, 'firstName', firstIssue(firstNameSchema, form.firstName));
  check(errors, 'lastName', firstIssue(lastNameSchema, form.lastName));
  check(errors, 'email', firstIssue(emailSchema, form.email));
  return errors;
}

/** Client problems as field errors. */
export function toFieldErrors(errors: Errors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, problem]) => [
      field,
      typeof problem === 'string' ? { code: problem } : problem,
    ]),
  );
}

/** The API's `400 VALIDATION_FAILED` issues as field errors (its texts are in the request's language). */
export function issuesToFieldErrors(data: unknown, stripPrefix = ''): FieldErrors | null {
  const texts = apiIssueTexts(data);
  if (!texts) return null;
  const errors: FieldErrors = {};
  for (const [path, text] of texts) {
    const field = path.replace(stripPrefix, '') || '_form';
    if (!errors[field]) errors[field] = { text };
  }
  return errors;
}

/** A typed title or skill that the vocabulary stored under another label (an alias: "Tech lead" → "Teknisk ledare"). */
export interface RenamedTerm {
  typed: string;
  savedAs: string;
}

/**
 * What the save renamed: the typed names the saved profile does not hold, paired in order with the saved names
 * that were not typed (the API keeps the order and maps an alias to its entry's label). Only a one-to-one change
 * is reported (the API refuses an alias of an entry already listed, so nothing merges).
 */
export function renamedTerms(typed: readonly string[], saved: readonly string[]): RenamedTerm[] {
  const key = (name: string) => name.trim().toLowerCase();
  const savedKeys = new Set(saved.map(key));
  const typedKeys = new Set(typed.map(key));
  const gone = typed.filter((name) => !savedKeys.has(key(name)));
  const added = saved.filter((name) => !typedKeys.has(key(name)));
  if (gone.length === 0 || gone.length !== added.length) return [];
  return gone.map((name, index) => ({ typed: name.trim(), savedAs: added[index]! }));
}

/** The renamed job titles and skills of a save, titles first. */
export function renamedOnSave(form: ProfileForm, saved: OwnProfile): RenamedTerm[] {
  return [
    ...renamedTerms(
      form.jobTitles,
      saved.jobTitles.map((title) => title.name),
    ),
    ...renamedTerms(
      form.skills.map((skill) => skill.name),
      saved.skills.map((skill) => skill.name),
    ),
  ];
}
