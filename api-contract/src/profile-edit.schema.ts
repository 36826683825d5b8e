import {
  AVAILABILITY_KIND_IDS,
  DISC_TYPE_IDS,
  DRIVING_FORCE_IDS,
  DRIVING_LICENCE_CLASS_IDS,
  EDUCATION_LEVEL_IDS,
  EMPLOYMENT_FORM_IDS,
  firstNameSchema,
  HIGHLIGHTED_SKILLS_MAX,
  LANGUAGE_LEVEL_IDS,
  lastNameSchema,
  longDateSchema,
  PROFILE_YEAR_MIN,
  requiredTextSchema,
  SKILL_YEARS_OF_EXPERIENCE_MAX,
  toSwedishCalendarDate,
  WORK_LOCATION_IDS,
  type MessageCode,
} from '@mp/domain';
import { z } from 'zod';
import { strictObject } from './strict-object';
import { resolveTerm } from '@mp/search-schema/vocabulary-resolver';
import { optionalText } from './text-fields';

// Request bodies of the profile editor, one schema per part (PUT /api/profile/<part>) and the whole profile
// (PUT /api/profile). Every issue message is a message code of spec section 5, so the error handler answers
// in the request's language and the web maps `data.issues[].field` to its inputs. The shapes match
// `profileInputSchema` (what the seed generator writes), plus experience ids so an edit keeps the
// experience's references.

const code = (c: MessageCode) => c;

/** "Not given" (missing, null) gets `required`, anything else of the wrong kind `invalid`. */
function typeError(invalid: MessageCode, required: MessageCode = 'validation.required') {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? required : invalid;
}

const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: typeError('validation.invalidInput') });

/** Required text: present, not only spaces, trimmed, at most `max` characters. */
const requiredText = (max: number) => requiredTextSchema.max(max, code('validation.maxLength'));

const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: typeError('validation.invalidInput') }).max(max, code('validation.tooManyItems'));

/** A whole number of the form's number inputs: 'Only numbers allowed' for anything else. */
const wholeNumber = () =>
  z
    .number({ error: typeError('validation.onlyNumbers') })
    .int(code('validation.onlyNumbers'))
    .nonnegative(code('validation.notNegative'));

const year = () =>
  wholeNumber()
    .min(PROFILE_YEAR_MIN, code('validation.invalidYear'))
    .max(2200, code('validation.invalidYear'));

/**
 * The year a skill was last used: no later than the current year (in Sweden), which is read at each request.
 * Stored values stay readable whatever they are; a later one is refused only when the profile is saved again.
 */
const lastUsedYear = () =>
  wholeNumber()
    .min(PROFILE_YEAR_MIN, code('validation.lastUsedYearOutOfRange'))
    .refine(
      (value) => value <= toSwedishCalendarDate(new Date()).year,
      code('validation.lastUsedYearOutOfRange'),
    );

const uniqueValues = <T>(values: T[]) => [...new Set(values)];

/** The entry a job title or skill is stored under: its vocabulary id, else the free text in any case. */
const termKey = (kind: 'jobTitles' | 'skills', text: string) => {
  const term = resolveTerm(kind, text);
  return term.id ?? term.name.toLowerCase();
};

/**
 * Refuses an entry of a list whose key an earlier entry already has, at that entry's field: a profile part
 * stores each skill, title or language once, so a repeat would lose its data (a second level, years of
 * experience) without a word.
 */
function refuseRepeats<T>(
  items: readonly T[],
  ctx: z.RefinementCtx,
  key: (item: T) => string,
  path: (index: number) => PropertyKey[],
  message: MessageCode,
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: path(index), message });
    seen.add(k);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Parts

export const skillEditSchema = strictObject({
  name: requiredText(100),
  yearsOfExperience: z
    .number({ error: typeError('validation.onlyNumbers') })
    .nonnegative(code('validation.notNegative'))
    .max(SKILL_YEARS_OF_EXPERIENCE_MAX, code('validation.tooManyYearsOfExperience'))
    .nullish()
    .transform((v) => v ?? null),
  lastUsedYear: lastUsedYear()
    .nullish()
    .transform((v) => v ?? null),
  starred: z.boolean({ error: typeError('validation.invalidInput') }).default(false),
});

/**
 * Skills with years of experience and last use; at most 5 starred ('validation.tooManyHighlightedSkills'), each
 * skill once ('validation.duplicateSkill': "Java" and "java", or an alias of a skill already listed).
 */
export const skillsEditSchema = listOf(skillEditSchema, 200).superRefine((skills, ctx) => {
  if (skills.filter((s) => s.starred).length > HIGHLIGHTED_SKILLS_MAX) {
    ctx.addIssue({ code: 'custom', message: code('validation.tooManyHighlightedSkills') });
  }
  refuseRepeats(
    skills,
    ctx,
    (s) => termKey('skills', s.name),
    (i) => [i, 'name'],
    'validation.duplicateSkill',
  );
});

/** A language id of the vocabulary ('sv', 'en', ...) or a label that resolves to one. */
const languageCode = requiredText(60).transform((text, ctx) => {
  const resolved = resolveTerm('languages', text);
  if (!resolved.id) {
    ctx.addIssue({ code: 'custom', message: code('validation.invalidInput') });
    return z.NEVER;
  }
  return resolved.id;
});

/** Languages with a level, each language once ('validation.duplicateLanguage', whatever the levels). */
export const languagesEditSchema = listOf(
  strictObject({ code: languageCode, level: enumOf(LANGUAGE_LEVEL_IDS) }),
  50,
).superRefine((languages, ctx) =>
  refuseRepeats(
    languages,
    ctx,
    (l) => l.code,
    (i) => [i, 'code'],
    'validation.duplicateLanguage',
  ),
);

export const educationEditSchema = strictObject({
  level: enumOf(EDUCATION_LEVEL_IDS),
  fieldOfStudy: optionalText(150),
  degree: optionalText(150),
  school: optionalText(150),
  startYear: year()
    .nullish()
    .transform((v) => v ?? null),
  endYear: year()
    .nullish()
    .transform((v) => v ?? null),
}).superRefine((e, ctx) => {
  if (e.startYear !== null && e.endYear !== null && e.endYear < e.startYear) {
    ctx.addIssue({ code: 'custom', path: ['endYear'], message: code('validation.endYearBeforeStartYear') });
  }
});

export const educationsEditSchema = listOf(educationEditSchema, 30);

/** One experience or assignment; `id` names an existing one to keep (with its references). */
export const experienceEditSchema = strictObject({
  id: z.uuid(code('validation.invalidInput')).optional(),
  company: requiredText(150),
  jobTitle: requiredText(150),
  // From 1940 up to this year, and its messages say so (not the 1940-2200 of other years, which no start could use).
  startYear: wholeNumber()
    .min(PROFILE_YEAR_MIN, code('validation.startYearOutOfRange'))
    .refine((value) => value <= toSwedishCalendarDate(new Date()).year, code('validation.startYearInFuture')),
  endYear: year()
    .nullish()
    .transform((v) => v ?? null),
  ongoing: z.boolean({ error: typeError('validation.invalidInput') }).default(false),
  employmentForm: enumOf(EMPLOYMENT_FORM_IDS),
  description: optionalText(5000),
  skills: listOf(requiredText(100), 50)
    .superRefine((skills, ctx) =>
      refuseRepeats(
        skills,
        ctx,
        (name) => termKey('skills', name),
        (i) => [i],
        'validation.duplicateSkill',
      ),
    )
    .default([]),
}).superRefine((e, ctx) => {
  // Either an end year or ongoing: neither is incomplete, both contradict each other (the table's CHECK
  // allows no end year on an ongoing experience, so one of them would be dropped).
  if (e.ongoing === (e.endYear !== null)) {
    ctx.addIssue({ code: 'custom', path: ['endYear'], message: code('validation.endYearOrOngoing') });
  }
  if (!e.ongoing && e.endYear !== null && e.endYear < e.startYear) {
    ctx.addIssue({ code: 'custom', path: ['endYear'], message: code('validation.endYearBeforeStartYear') });
  }
});

export const experiencesEditSchema = listOf(experienceEditSchema, 100).superRefine((list, ctx) => {
  const ids = list.map((e) => e.id).filter(Boolean);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', message: code('validation.invalidInput') });
});

/** Titles, each once ('validation.duplicateJobTitle': in any case, or an alias of a title already listed). */
export const jobTitlesEditSchema = listOf(requiredText(100), 10).superRefine((titles, ctx) =>
  refuseRepeats(
    titles,
    ctx,
    (title) => termKey('jobTitles', title),
    (i) => [i],
    'validation.duplicateJobTitle',
  ),
);

export const locationsEditSchema = listOf(enumOf(WORK_LOCATION_IDS), WORK_LOCATION_IDS.length).transform(
  uniqueValues,
);

export const drivingLicencesEditSchema = listOf(
  enumOf(DRIVING_LICENCE_CLASS_IDS),
  DRIVING_LICENCE_CLASS_IDS.length,
).transform(uniqueValues);

export const availabilityEditSchema = strictObject({
  kind: enumOf(AVAILABILITY_KIND_IDS),
  /** `YYYY-MM-DD`, required for `available_at`; a new date is today (in Sweden) or later (the service checks). */
  date: longDateSchema.nullish().transform((v) => v ?? null),
  /** Days of notice, required for `available_with_in`. */
  withinDays: wholeNumber()
    .max(3650, code('validation.invalidInput'))
    .nullish()
    .transform((v) => v ?? null),
})
  .superRefine((a, ctx) => {
    if (a.kind === 'available_at' && !a.date) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: code('validation.required') });
    }
    if (a.kind === 'available_with_in' && a.withinDays === null) {
      ctx.addIssue({ code: 'custom', path: ['withinDays'], message: code('validation.required') });
    }
  })
  .transform((a) => ({
    kind: a.kind,
    date: a.kind === 'available_at' ? a.date : null,
    withinDays: a.kind === 'available_with_in' ? a.withinDays : null,
  }));

export const shortDescriptionEditSchema = optionalText(2000);

export const personalityEditSchema = strictObject({
  /** DISC type id, or null to clear it. */
  discType: enumOf(DISC_TYPE_IDS)
    .nullish()
    .transform((v) => v ?? null),
  drivingForces: listOf(enumOf(DRIVING_FORCE_IDS), DRIVING_FORCE_IDS.length)
    .transform(uniqueValues)
    .default([]),
});

// ---------------------------------------------------------------------------------------------------------
// Request bodies

export const skillsBodySchema = strictObject({ skills: skillsEditSchema });
export const languagesBodySchema = strictObject({ languages: languagesEditSchema });
export const educationsBodySchema = strictObject({ educations: educationsEditSchema });
export const experiencesBodySchema = strictObject({ experiences: experiencesEditSchema });
export const jobTitlesBodySchema = strictObject({ jobTitles: jobTitlesEditSchema });
export const locationsBodySchema = strictObject({ locations: locationsEditSchema });
export const drivingLicencesBodySchema = strictObject({ drivingLicences: drivingLicencesEditSchema });
export const descriptionBodySchema = strictObject({ shortDescription: shortDescriptionEditSchema });
export const searchableBodySchema = strictObject({
  isSearchable: z.boolean({ error: typeError('validation.invalidInput') }),
});

/**
 * PUT /api/profile: the whole profile. Names are optional (left out: unchanged; they can also be edited with
 * POST /api/user); `isSearchable` left out keeps the current flag, so a save never un-hides a hidden profile.
 * `experiences` left out leaves them as they are (the editor saves them through their own calls); given, the
 * list replaces them. `expectedVersion` is the profile's `version` the edit was made from: when the profile
 * has changed since, nothing is saved (409 PROFILE_CHANGED); left out, the save is not checked.
 */
export const profileEditBodySchema = strictObject({
  expectedVersion: z
    .number({ error: typeError('validation.invalidInput') })
    .int(code('validation.invalidInput'))
    .nonnegative(code('validation.invalidInput'))
    .optional(),
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  isSearchable: z.boolean({ error: typeError('validation.invalidInput') }).optional(),
  shortDescription: shortDescriptionEditSchema,
  discType: personalityEditSchema.shape.discType,
  drivingForces: personalityEditSchema.shape.drivingForces,
  availability: availabilityEditSchema.default({ kind: 'available_now', date: null, withinDays: null }),
  locations: locationsEditSchema.default([]),
  drivingLicences: drivingLicencesEditSchema.default([]),
  jobTitles: jobTitlesEditSchema.default([]),
  skills: skillsEditSchema.default([]),
  languages: languagesEditSchema.default([]),
  educations: educationsEditSchema.default([]),
  experiences: experiencesEditSchema.optional(),
});

export type SkillEdit = z.output<typeof skillEditSchema>;
export type LanguageEdit = z.output<typeof languagesEditSchema>[number];
export type EducationEdit = z.output<typeof educationEditSchema>;
export type ExperienceEdit = z.output<typeof experienceEditSchema>;
export type AvailabilityEdit = z.output<typeof availabilityEditSchema>;
export type PersonalityEdit = z.output<typeof personalityEditSchema>;
export type ProfileEditBody = z.output<typeof profileEditBodySchema>;

/**
 * The parts of the profile a whole-profile save writes (its body without `expectedVersion`). An admin's save on
 * a user's behalf is audited (`admin.profile.edit`) with those it changed in `data.parts`.
 */
export const PROFILE_EDIT_PARTS = [
  'firstName',
  'lastName',
  'isSearchable',
  'shortDescription',
  'discType',
  'drivingForces',
  'availability',
  'locations',
  'drivingLicences',
  'jobTitles',
  'skills',
  'languages',
  'educations',
  'experiences',
] as const satisfies readonly Exclude<keyof ProfileEditBody, 'expectedVersion'>[];
export type ProfileEditPart = (typeof PROFILE_EDIT_PARTS)[number];

/** /api/profile/experiences/{experienceId} */
export const experienceParamsSchema = z.object({ experienceId: z.uuid() });
