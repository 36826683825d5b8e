import {
  availabilityKindIdSchema,
  discSourceIdSchema,
  discTypeIdSchema,
  drivingForceIdSchema,
  longDateSchema,
  workLocationIdSchema,
} from '@mp/domain';
import { z } from 'zod';

// What the indexer reads from Postgres for one consultant, validated before a document is built from it.
// Ids of the closed value lists (locations, DISC types, driving forces, availability kinds) are checked here:
// the profile service only ever stores valid ids, so a bad one is a bug to surface, not data to index.
// Language and education levels are free strings because an unknown one is harmless: it ranks 0.

const nullableText = z.string().nullable();
const year = z.number().int().min(1900).max(2200).nullable();

/** An ISO 8601 instant; a `Date` (as node-postgres returns timestamps) is accepted and converted. */
const instantSchema = z.union([
  z.iso.datetime({ offset: true }),
  z.date().transform((date) => date.toISOString()),
]);

export const profileAvailabilitySchema = z.object({
  kind: availabilityKindIdSchema,
  /** `YYYY-MM-DD`, set for `available_at`. */
  date: longDateSchema.nullable(),
  /** Days from today, set for `available_with_in`. */
  withinDays: z.number().int().min(0).nullable(),
});

export const profileSourceSchema = z.object({
  /** The user's id; also the document `_id`. */
  userId: z.guid(),
  /** Increases with every change; indexed with `version_type: external`. */
  version: z.number().int().min(0),
  updatedAt: instantSchema,
  isSearchable: z.boolean(),
  deleted: z.boolean(),
  firstName: nullableText,
  lastName: nullableText,
  pictureUrl: nullableText,
  /** 0-100. */
  completion: z.number().min(0).max(100),
  shortDescription: nullableText,
  discType: discTypeIdSchema.nullable(),
  /** Where the DISC type came from; a source stored before the field existed counts as picked by hand. */
  discSource: discSourceIdSchema.default('self'),
  drivingForces: z.array(drivingForceIdSchema),
  availability: profileAvailabilitySchema,
  locations: z.array(workLocationIdSchema),
  jobTitles: z.array(z.object({ vocabularyId: nullableText, text: z.string() })),
  skills: z.array(
    z.object({
      vocabularyId: nullableText,
      name: z.string(),
      yearsOfExperience: z.number().min(0).nullable(),
      lastUsedYear: year,
      starred: z.boolean(),
    }),
  ),
  /** `code` is an ISO 639-1 code of the languages vocabulary (free text is resolved); `level` a language level id. */
  languages: z.array(z.object({ code: z.string(), level: z.string() })),
  educations: z.array(
    z.object({
      /** An education level id of `@mp/domain`. */
      level: z.string(),
      fieldOfStudyId: nullableText,
      fieldOfStudy: nullableText,
      degreeId: nullableText,
      degree: nullableText,
      school: nullableText,
    }),
  ),
  experiences: z.array(
    z.object({
      company: nullableText,
      jobTitle: nullableText,
      description: nullableText,
      startYear: year,
      endYear: year,
      ongoing: z.boolean(),
      employmentForm: nullableText,
      skills: z.array(z.string()),
    }),
  ),
  approvedReferenceCount: z.number().int().min(0),
  drivingLicences: z.array(z.string()),
});

/** One consultant as read from Postgres, after validation. */
export type ProfileSource = z.output<typeof profileSourceSchema>;
/** What `profileSourceSchema` accepts (timestamps may still be `Date`s). */
export type ProfileSourceInput = z.input<typeof profileSourceSchema>;
