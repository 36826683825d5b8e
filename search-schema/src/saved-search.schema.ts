import { listNameSchema, savedSearchNameSchema, VOCABULARY_SUGGESTIONS_LIMIT } from '@mp/domain';
import type { MessageCode } from '@mp/domain';
import { z } from 'zod';
import { criteriaSchema, partialCriteriaSchema } from './criteria.schema';
import { TAG_NAMES } from './query';

// Request and response bodies of saved searches, favourites groups, tag suggestions and vocabulary
// suggestions (spec sections 3 and 7). Names follow the rules of `@mp/domain`: required, not only spaces,
// at most 30 characters, trimmed.

const INVALID: MessageCode = 'validation.invalidInput';

/** `POST /search/save` and `POST /search/save/{id}`. `sendEmail` (weekly mail) is for premium users only; the API checks that. */
export const savedSearchInputSchema = z.object({
  name: savedSearchNameSchema,
  search: criteriaSchema,
  sendEmail: z.boolean({ error: INVALID }).default(false),
});
export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;

/** A stored saved search as the API returns it. */
export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  search: criteriaSchema,
  sendEmail: z.boolean(),
});
export type SavedSearch = z.output<typeof savedSearchSchema>;

/** Creating a favourites group (a named list of consultants). */
export const favoritesGroupInputSchema = z.object({
  name: listNameSchema,
  members: z
    .array(z.string({ error: INVALID }), { error: INVALID })
    .default([])
    .transform((members) => [...new Set(members)]),
});
export type FavoritesGroupInput = z.output<typeof favoritesGroupInputSchema>;

/** `PUT favorites/{id}`: renaming a group. */
export const favoritesGroupRenameSchema = z.object({ name: listNameSchema });

/** Adding or removing consultants (user ids) of a group. */
export const favoritesGroupMembersSchema = z.object({
  members: z
    .array(z.string({ error: INVALID }), { error: INVALID })
    .min(1, { error: 'validation.required' satisfies MessageCode }),
});

/** A favourites group as the API returns it: members are consultant user ids. */
export const favoritesGroupSchema = z.object({
  id: z.string(),
  name: listNameSchema,
  members: z.array(z.string()),
});
export type FavoritesGroup = z.output<typeof favoritesGroupSchema>;

/**
 * `POST /search/tags/v2` and `POST /search/tags`: the most frequent `tag` values among the profiles matching
 * `conditions` (any subset of the criteria; v2 sends skills, languages, personalities, drivingForces).
 */
export const tagsRequestSchema = z.object({
  tag: z.enum(TAG_NAMES, { error: INVALID }),
  conditions: partialCriteriaSchema
    .nullish()
    .transform((conditions) => conditions ?? partialCriteriaSchema.parse({})),
});
export type TagsRequest = z.output<typeof tagsRequestSchema>;

export const VOCABULARY_REQUEST_KINDS = ['skills', 'languages', 'fieldsOfStudy'] as const;

/** `POST /search/vocabulary/v2`: suggestions from a vocabulary for what the user has typed. */
export const vocabularyRequestSchema = z.object({
  vocabulary: z.enum(VOCABULARY_REQUEST_KINDS, { error: INVALID }),
  searchTerm: z
    .string({ error: INVALID })
    .max(100, { error: INVALID })
    .nullish()
    .transform((term) => (term ?? '').trim()),
  suggestions: z.coerce
    .number({ error: INVALID })
    .int({ error: INVALID })
    .min(1, { error: INVALID })
    .max(50, { error: INVALID })
    .default(VOCABULARY_SUGGESTIONS_LIMIT),
});
export type VocabularyRequest = z.output<typeof vocabularyRequestSchema>;
