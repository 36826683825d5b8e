import {
  criteriaSchema,
  MAX_CURSOR_LENGTH,
  partialCriteriaSchema,
  searchFacetsSchema,
  searchResultSchema,
  TAG_NAMES,
} from '@mp/search-schema';
import { VOCABULARY_SEARCH_TERM_MAX_LENGTH, VOCABULARY_SUGGESTIONS_LIMIT } from '@mp/domain';
import { z } from 'zod';

// The four search routes (spec section 7). The criteria and the result card are search-schema's (they also
// shape the index queries); these are the request and response bodies around them.

/** POST /api/search/v3 */
export const searchBodySchema = criteriaSchema.extend({
  /** Opaque cursor from the previous page; absent for the first page. */
  cursor: z.string().max(MAX_CURSOR_LENGTH).nullish(),
  pageSize: z.number().int().min(1).max(50).default(6),
  /** Facet counts cost an aggregation; the web asks for them with the first page only. */
  facets: z.boolean().default(true),
  /** One of the caller's favourites groups: only its members are searched ("opening a list"). */
  favoritesGroup: z.uuid().nullish(),
});

export const searchPageSchema = z.object({
  results: z.array(searchResultSchema),
  /** All matching consultants (exact). */
  total: z.number().int(),
  /** Pass back to get the next page; null on the last page. */
  cursor: z.string().nullable(),
  pageSize: z.number().int(),
  /** Counts per filter value; empty when not asked for. */
  facets: searchFacetsSchema.partial(),
});
export type SearchPage = z.output<typeof searchPageSchema>;

/** POST /api/search/tags/v2: conditions are any subset of the criteria. */
export const tagsV2BodySchema = z.object({
  tag: z.enum(TAG_NAMES),
  conditions: partialCriteriaSchema.default({}),
});

/** POST /api/search/tags: the whole current criteria. */
export const tagsBodySchema = z.object({
  tag: z.enum(TAG_NAMES),
  conditions: criteriaSchema.partial().default({}),
});

export const tagSuggestionsSchema = z.object({
  results: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
});
export type TagSuggestions = z.output<typeof tagSuggestionsSchema>;

export const VOCABULARY_REQUEST_KINDS = ['skills', 'languages', 'fieldsOfStudy'] as const;

/** POST /api/search/vocabulary/v2 */
export const vocabularyBodySchema = z.object({
  vocabulary: z.enum(VOCABULARY_REQUEST_KINDS),
  searchTerm: z.string().max(VOCABULARY_SEARCH_TERM_MAX_LENGTH, 'validation.maxLength').default(''),
  suggestions: z.number().int().min(1).max(50).default(VOCABULARY_SUGGESTIONS_LIMIT),
});

export const vocabularySuggestionsSchema = z.object({
  results: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type VocabularySuggestions = z.output<typeof vocabularySuggestionsSchema>;
