import type { QueryClient } from '@tanstack/react-query';
import { personalityTagConditions, tagConditions, tagSuggestionsQueryOptions } from './api/suggestions';
import { searchQueryOptions } from './hooks/use-search-results';
import type { Language } from '../../lib/language';
import { DEFAULT_STATE } from './search-filters';

/**
 * The data the server renders the public search from (web/src/entry-server.tsx): the first page of the
 * default search and the filters' suggested skills and behavioural styles. With the suggestions in the
 * hydration data the filters hydrate as they are instead of asking for them right after hydration and
 * drawing some thirty chips in one long task. A suggestion that fails is left to the browser to ask for.
 */
export async function prefetchSearchScreen(client: QueryClient, language: Language): Promise<void> {
  const { filters } = DEFAULT_STATE;
  await Promise.all([
    client.fetchInfiniteQuery(searchQueryOptions(DEFAULT_STATE, false, language)),
    client.prefetchQuery(tagSuggestionsQueryOptions('skills', tagConditions(filters), language)),
    client.prefetchQuery(
      tagSuggestionsQueryOptions('personalities', personalityTagConditions(filters), language),
    ),
  ]);
}
