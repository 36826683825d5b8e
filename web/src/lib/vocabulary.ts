import type { vocabularyBodySchema, VocabularySuggestions } from '@mp/api-contract/search.schema';
import { VOCABULARY_SEARCH_TERM_MAX_LENGTH } from '@mp/domain/constants';
import type { z } from 'zod';
import { api } from './api-client';

/** The vocabularies the suggestions come from (skills, languages, fields of study, ...). */
export type VocabularyRequestKind = z.input<typeof vocabularyBodySchema>['vocabulary'];

/** `POST /search/vocabulary/v2`: up to 10 terms for what the user has typed, in the interface language. */
export async function suggestTerms(
  vocabulary: VocabularyRequestKind,
  searchTerm: string,
  signal?: AbortSignal,
): Promise<VocabularySuggestions['results']> {
  // A longer text (a field of study may be 150 characters) matches no term, and the API would refuse it.
  if (searchTerm.length > VOCABULARY_SEARCH_TERM_MAX_LENGTH) return [];
  const response = await api.post<VocabularySuggestions>(
    '/search/vocabulary/v2',
    { vocabulary, searchTerm, suggestions: 10 },
    { signal, background: true },
  );
  return response.results;
}
