import {
  DISC_TYPES,
  DRIVING_FORCES,
  EDUCATION_LEVELS,
  isValidCalendarDate,
  WORK_LOCATIONS,
} from '@mp/domain';
import type { DiscTypeId, DrivingForceId, EducationLevelId, MessageCode, WorkLocationId } from '@mp/domain';
import { z } from 'zod';
import { resolveTermId } from './document';
import { foldKeyword } from './fold';

// The buyer's search criteria (spec section 3, Search criteria), as the web sends them to `/search/v3`, as
// saved searches store them and as the tag suggestions receive them. Parsing canonicalises every value:
// closed-list values become their ids (a label in either language is accepted too: 'Göteborg' ->
// 'goteborg'), skills, languages and fields of study become vocabulary ids or folded free text (see
// `resolveTermId`), duplicates are dropped and unknown keys stripped. Issue messages are message codes of
// `@mp/domain` where one fits.

export { CRITERION_NAMES, RANKABLE_CRITERION_NAMES } from './criterion-names';
export type { CriterionName, RankableCriterionName } from './criterion-names';

export const SEARCH_TERM_MAX_LENGTH = 200;
/** At most this many values per list criterion; more would only slow the query down. */
export const CRITERION_VALUES_MAX = 50;

const INVALID: MessageCode = 'validation.invalidInput';
const INVALID_DATE: MessageCode = 'validation.invalidLongDate';

/** Unique values, first occurrence kept. */
function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** A list that may be missing or null (older clients send null) and becomes an array. */
function listOf<Output>(item: z.ZodType<Output, string>) {
  return z
    .array(item, { error: INVALID })
    .max(CRITERION_VALUES_MAX, { error: `At most ${CRITERION_VALUES_MAX} values` })
    .nullish()
    .transform((values) => unique(values ?? []));
}

interface ClosedListItem<Id extends string> {
  id: Id;
  label: { sv: string; en: string };
}

/** Accepts an id or a label in either language (case and accents ignored) and returns the id. */
function closedListValue<Id extends string>(items: readonly ClosedListItem<Id>[]) {
  const idByKey = new Map<string, Id>();
  for (const item of items) {
    for (const text of [item.label.sv, item.label.en, item.id]) idByKey.set(foldKeyword(text), item.id);
  }
  return z.string({ error: INVALID }).transform((value, context): Id => {
    const id = idByKey.get(foldKeyword(value));
    if (id === undefined) {
      context.addIssue({ code: 'custom', message: INVALID, input: value });
      return z.NEVER;
    }
    return id;
  });
}

/** A skill, language or field of study: a vocabulary id, a label or alias, or free text. */
function vocabularyValue(kind: 'skills' | 'languages' | 'fieldsOfStudy') {
  return z
    .string({ error: INVALID })
    .max(100, { error: INVALID })
    .transform((value, context): string => {
      const id = resolveTermId(kind, value);
      if (id === null) {
        context.addIssue({
          code: 'custom',
          message: 'validation.required' satisfies MessageCode,
          input: value,
        });
        return z.NEVER;
      }
      return id;
    });
}

const LONG_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` naming a real day. */
export function isIsoDate(value: string): boolean {
  const match = LONG_DATE.exec(value);
  return (
    match !== null &&
    isValidCalendarDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) })
  );
}

export const searchTermSchema = z
  .string({ error: INVALID })
  .max(SEARCH_TERM_MAX_LENGTH, {
    error: `Search term cannot be longer than ${SEARCH_TERM_MAX_LENGTH} characters`,
  })
  .nullish()
  .transform((value) => (value ?? '').trim().replace(/\s+/gu, ' '));

const educationLevelValue = closedListValue<EducationLevelId>(EDUCATION_LEVELS);

/** An education level id (or label); missing, null and '' mean "any level". */
export const educationLevelCriterionSchema = z
  .string({ error: INVALID })
  .nullish()
  .transform((value, context): EducationLevelId | null => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const result = educationLevelValue.safeParse(value);
    if (result.success) return result.data;
    context.addIssue({ code: 'custom', message: INVALID, input: value });
    return z.NEVER;
  });

/** The assignment start `YYYY-MM-DD`; missing, null and '' become null (meaning today). */
export const availableAtSchema = z
  .string({ error: INVALID_DATE })
  .nullish()
  .transform((value, context): string | null => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return null;
    if (isIsoDate(trimmed)) return trimmed;
    context.addIssue({ code: 'custom', message: INVALID_DATE, input: value });
    return z.NEVER;
  });

export const orderOfImportanceEntrySchema = z.object({
  /** A criterion name (`RANKABLE_CRITERION_NAMES`); other names are kept but do not affect the ranking. */
  name: z.string({ error: INVALID }).max(50, { error: INVALID }),
  /** The criterion's values as the interface listed them; carried for the interface, not used in ranking. */
  array: z
    .array(z.unknown(), { error: INVALID })
    .nullish()
    .transform((values) => values ?? []),
  itemName: z
    .string({ error: INVALID })
    .nullish()
    .transform((value) => value ?? undefined)
    .optional(),
});

/** The most years a skill requirement can ask for (a career is at most 60 years). */
export const SKILL_REQUIREMENT_YEARS_MAX = 60;

const requirementYears = z
  .number({ error: INVALID })
  .min(0, { error: INVALID })
  .max(SKILL_REQUIREMENT_YEARS_MAX, { error: INVALID })
  .nullish()
  .transform((value) => value ?? null);

/**
 * One skill with the experience it must come with: at least `minYears` years, last used at most
 * `usedWithinYears` years ago (0 = this year, 2 = this year or the two before). Either may be null.
 */
export const skillRequirementSchema = z.object(
  {
    skill: vocabularyValue('skills'),
    minYears: requirementYears,
    usedWithinYears: requirementYears.refine((value) => value === null || Number.isInteger(value), {
      error: INVALID,
    }),
  },
  { error: INVALID },
);
export type SkillRequirement = z.output<typeof skillRequirementSchema>;

/** The lists a nice-to-have can hold, each with the values of the filter of the same name. */
export const NICE_TO_HAVE_LISTS = [
  'skills',
  'languages',
  'locations',
  'personalities',
  'drivingForces',
  'fieldsOfStudy',
] as const;
export type NiceToHaveList = (typeof NICE_TO_HAVE_LISTS)[number];

const niceToHaveSchema = z
  .object(
    {
      skills: listOf(vocabularyValue('skills')),
      languages: listOf(vocabularyValue('languages')),
      locations: listOf(closedListValue<WorkLocationId>(WORK_LOCATIONS)),
      personalities: listOf(closedListValue<DiscTypeId>(DISC_TYPES)),
      drivingForces: listOf(closedListValue<DrivingForceId>(DRIVING_FORCES)),
      fieldsOfStudy: listOf(vocabularyValue('fieldsOfStudy')),
    },
    { error: INVALID },
  )
  .nullish()
  .transform(
    (value) =>
      value ?? {
        skills: [],
        languages: [],
        locations: [],
        personalities: [],
        drivingForces: [],
        fieldsOfStudy: [],
      },
  );

const criteriaShape = {
  /** Free words; the first is mandatory, the rest only raise relevance. */
  searchTerm: searchTermSchema,
  /** Every one must be present (AND). Vocabulary ids or free text. */
  skills: listOf(vocabularyValue('skills')),
  /**
   * Skills with the experience each must come with (AND, like `skills`): a profile matches when it holds the
   * skill with at least `minYears` years and last used it within `usedWithinYears` years. One entry per skill
   * (the last one wins).
   */
  skillRequirements: z
    .array(skillRequirementSchema, { error: INVALID })
    .max(CRITERION_VALUES_MAX, { error: `At most ${CRITERION_VALUES_MAX} values` })
    .nullish()
    .transform((values) => [...new Map((values ?? []).map((value) => [value.skill, value])).values()]),
  /**
   * Values that only rank, never filter: a profile with more of them (and, for skills, more experience)
   * comes first, one without them still matches.
   */
  niceToHave: niceToHaveSchema,
  /** Every one must be present (AND). ISO 639-1 codes or language names. */
  languages: listOf(vocabularyValue('languages')),
  /** Any one (OR). Vocabulary ids or free text. */
  fieldsOfStudy: listOf(vocabularyValue('fieldsOfStudy')),
  /** DISC type ids; any one (OR). */
  personalities: listOf(closedListValue<DiscTypeId>(DISC_TYPES)),
  /**
   * Only consultants whose DISC type comes from a taken assessment, not picked by hand (self-assessed).
   * Missing or null means false.
   */
  assessedPersonality: z
    .boolean({ error: INVALID })
    .nullish()
    .transform((value) => value ?? false),
  /** Driving force ids; every one must be present (AND). */
  drivingForces: listOf(closedListValue<DrivingForceId>(DRIVING_FORCES)),
  /** Work location ids; any one (OR). */
  locations: listOf(closedListValue<WorkLocationId>(WORK_LOCATIONS)),
  /** The minimum education level: that level or a higher one matches. Null (or '') for any. */
  educationLevel: educationLevelCriterionSchema,
  /** `YYYY-MM-DD`, the assignment start; null (or '') means today, which the query builder is given. */
  availableAt: availableAtSchema,
  /** The buyer's ranking of criteria, most important first. */
  orderOfImportance: z
    .array(orderOfImportanceEntrySchema, { error: INVALID })
    .max(20, { error: INVALID })
    .nullish()
    .transform((entries) => entries ?? []),
};

/**
 * Search criteria (spec section 3). Every field is optional; lists default to [], `educationLevel` and
 * `availableAt` to null, `searchTerm` to ''. Unknown keys are stripped; unknown locations, DISC types,
 * driving forces and education levels fail with `validation.invalidInput`, bad dates with
 * `validation.invalidLongDate`.
 */
export const criteriaSchema = z.object(criteriaShape, { error: INVALID });

/** Parsed, canonical criteria. */
export type SearchCriteria = z.output<typeof criteriaSchema>;
/** What a client may send. */
export type SearchCriteriaInput = z.input<typeof criteriaSchema>;

/**
 * Criteria where every field may be left out, for tag suggestions: a missing field stays undefined and means
 * "no condition" (in particular a missing `availableAt` means no availability condition, while null means
 * today). Values are canonicalised like `criteriaSchema`'s.
 */
export const partialCriteriaSchema = criteriaSchema.partial();
/** Parsed partial criteria; any field may be missing. */
export type PartialSearchCriteria = z.output<typeof partialCriteriaSchema>;

/** The criteria that match everyone available today. */
export const EMPTY_CRITERIA: SearchCriteria = criteriaSchema.parse({});
