import {
  AVAILABILITY_KIND_IDS,
  EDUCATION_LEVEL_IDS,
  EMPLOYMENT_FORM_IDS,
  LANGUAGE_LEVEL_IDS,
  PROFILE_COMPLETION_PARTS,
  type ProfileCompletionPart,
} from '@mp/domain';
import { z } from 'zod';

// Response shapes of the profile API. Vocabulary terms (skills, job titles, languages, fields of study,
// degrees) carry `name` in the request's language when they match the vocabulary (`vocabularyId` set), else
// the consultant's own words; sending `name` back in an edit resolves to the same term.

const completionParts = Object.keys(PROFILE_COMPLETION_PARTS) as [
  ProfileCompletionPart,
  ...ProfileCompletionPart[],
];

const termSchema = z.object({ name: z.string(), vocabularyId: z.string().nullable() });

export const availabilitySchema = z.object({
  kind: z.enum(AVAILABILITY_KIND_IDS),
  /** `YYYY-MM-DD` for `available_at`. */
  date: z.string().nullable(),
  /** Days of notice for `available_with_in`. */
  withinDays: z.number().int().nullable(),
});

const skillSchema = termSchema.extend({
  yearsOfExperience: z.number().nullable(),
  lastUsedYear: z.number().int().nullable(),
  starred: z.boolean(),
});

const languageSchema = z.object({
  /** Language vocabulary id (ISO 639-1 where there is one). */
  code: z.string(),
  name: z.string(),
  level: z.enum(LANGUAGE_LEVEL_IDS),
});

const educationSchema = z.object({
  id: z.uuid(),
  level: z.enum(EDUCATION_LEVEL_IDS),
  fieldOfStudy: z.string().nullable(),
  fieldOfStudyId: z.string().nullable(),
  degree: z.string().nullable(),
  degreeId: z.string().nullable(),
  school: z.string().nullable(),
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
});

/** What approved references say, without who said it (spec: ratings and reviews are anonymous). */
const anonymousReviewSchema = z.object({
  rating: z.number().int().min(1).max(5).nullable(),
  review: z.string().nullable(),
});

export const referenceSummarySchema = z.object({
  approvedCount: z.number().int(),
  /** Mean of the approved ratings, one decimal; null without any. */
  averageRating: z.number().nullable(),
  reviews: z.array(anonymousReviewSchema),
});

const experienceBase = z.object({
  id: z.uuid(),
  company: z.string(),
  jobTitle: z.string(),
  startYear: z.number().int(),
  endYear: z.number().int().nullable(),
  ongoing: z.boolean(),
  employmentForm: z.enum(EMPLOYMENT_FORM_IDS),
  description: z.string().nullable(),
  skills: z.array(termSchema),
});

/** A referee as the consultant who asked sees them: who, and where the request stands (never the answer). */
export const ownReferenceSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  requestedAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
});

const profileBody = {
  jobTitles: z.array(termSchema),
  shortDescription: z.string().nullable(),
  /** DISC type id. */
  discType: z.string().nullable(),
  /** 'self': picked by the consultant (shown as self-assessed); 'assessment': from a taken assessment. */
  discSource: z.enum(['self', 'assessment']),
  /** Driving force ids. */
  drivingForces: z.array(z.string()),
  availability: availabilitySchema,
  /** Work location ids. */
  locations: z.array(z.string()),
  /** Driving licence class ids. */
  drivingLicences: z.array(z.string()),
  skills: z.array(skillSchema),
  languages: z.array(languageSchema),
  educations: z.array(educationSchema),
  /** Approved references over all experiences. */
  references: referenceSummarySchema,
  updatedAt: z.string().nullable(),
};

/** GET /api/profile: the consultant's own, complete profile, with completion and what is missing. */
export const ownProfileSchema = z
  .object({
    userId: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    picture: z.object({ key: z.string(), url: z.string() }).nullable(),
    isSearchable: z.boolean(),
    /** 0-100. */
    completion: z.number().int(),
    /** Parts still missing, in the order of their weight list (name, picture, shortDescription, ...). */
    missing: z.array(z.enum(completionParts)),
    /** Goes up with every saved change; 0 before the first save. */
    version: z.number().int(),
    ...profileBody,
    experiences: z.array(
      experienceBase.extend({
        references: z.array(ownReferenceSchema),
        approvedReferences: referenceSummarySchema,
        refereeNotes: z
          .array(z.string())
          .describe(
            'Notes referees wrote to the consultant when they answered (approved or declined), without who wrote which',
          ),
      }),
    ),
  })
  .describe('OwnProfile');
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/**
 * GET /api/profile/{id}: `view` 'anonymous' (visitors, unverified sessions) has null names, picture and
 * contact; 'named' (verified users without premium) has the names and picture, as their search cards do, but
 * no contact; 'full' (premium users, admins, the consultant) has all of them.
 */
export const viewedProfileSchema = z
  .object({
    id: z.uuid(),
    view: z.enum(['anonymous', 'named', 'full']),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    picture: z.object({ url: z.string() }).nullable(),
    contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
    ...profileBody,
    experiences: z.array(experienceBase.extend({ references: referenceSummarySchema })),
  })
  .describe('Profile');
export type ViewedProfile = z.infer<typeof viewedProfileSchema>;

export const profileIdParamsSchema = z.object({ id: z.uuid() });

/** GET /api/pictures/{key}: a stored picture (the answer is `file.schema.ts`'s image). */
export const pictureParamsSchema = z.object({ key: z.string().max(100) });
/**
 * GET /api/profile/{id}: the consultant's user id. Any text: one that is no user's id, however long or
 * malformed, is 'Profile not available' like a hidden or missing profile (the service checks the form).
 */
export const viewedProfileParamsSchema = z.object({ id: z.string() });
