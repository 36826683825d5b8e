import type { TagSuggestions } from '@mp/api-contract/search.schema';
import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';
import { api } from '../../../lib/api-client';

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
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const response = await api.post<TagSuggestions>(
    '/search/tags/v2',
    { tag, conditions },
    { signal, background: true },
  );
  return response.results.slice(0, 10);
}
