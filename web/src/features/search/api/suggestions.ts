import type { TagSuggestions } from '@mp/api-contract/search.schema';
import { queryOptions } from '@tanstack/react-query';
import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';
import { api } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { toCriteria, type SearchFilters } from '../search-filters';

// Suggestions for the filters (spec section 7): vocabulary terms as the user types, and the most frequent
// skills, languages or behavioural styles under the current search.

export type VocabularyKind = 'skills' | 'languages' | 'fieldsOfStudy';

export interface Suggestion {
  id: string;
  label: string;
  count?: number;
}

export { suggestTerms } from '../../../lib/vocabulary';

export type TagName = 'skills' | 'languages' | 'personalities';

/** `POST /search/tags/v2`: the 10 most frequent skills, languages or types under the current conditions. */
export async function suggestTags(
  tag: TagName,
  conditions: SearchCriteriaInput,
  language: Language,
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const response = await api.post<TagSuggestions>(
    '/search/tags/v2',
    { tag, conditions },
    { signal, background: true, language },
  );
  return response.results.slice(0, 10);
}

/**
 * The query of one tag's suggestions under `conditions` (the filters use it; the server renders it in). The
 * labels are in `language`, so the language is part of the key: after a switch the chips are asked for again.
 */
export function tagSuggestionsQueryOptions(
  tag: TagName,
  conditions: SearchCriteriaInput,
  language: Language,
) {
  return queryOptions({
    queryKey: ['search-tags', tag, conditions, language] as const,
    queryFn: ({ signal }) => suggestTags(tag, conditions, language, signal),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
}

/**
 * The conditions tag suggestions are computed under: the whole search (keyword and date included), so the
 * suggested chips and their counts describe the results on screen.
 */
export function tagConditions(filters: SearchFilters): SearchCriteriaInput {
  return toCriteria(filters);
}

/** The behavioural styles' suggestions leave out the style filter itself (the buyer picks one of them). */
export function personalityTagConditions(filters: SearchFilters): SearchCriteriaInput {
  const { personalities: _own, ...others } = tagConditions(filters);
  return { ...others, personalities: [] };
}
