import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useToken } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { useLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/language';
import { getToken } from '../../../lib/token';
import { searchConsultants, type SearchResponse } from '../api/search';
import { toCriteria, type SearchState } from '../search-filters';

export type SearchPages = InfiniteData<SearchResponse, string | null>;

/**
 * The query key of a search. Visitors and logged-in users get different cards, so the viewer is part of it;
 * the cards' job titles and skills are in the interface language, so the language is too.
 */
export function searchQueryKey(state: SearchState, loggedIn: boolean, language: Language) {
  return [
    'search',
    loggedIn ? 'user' : 'visitor',
    toCriteria(state.filters),
    state.favoritesGroup,
    language,
  ] as const;
}

/**
 * The results of a search, 6 at a time: the first page with facet counts, the following ones (after the
 * cursor) without. A changed filter is a new key, so every change reruns the search.
 */
export function searchQueryOptions(state: SearchState, loggedIn: boolean, language: Language) {
  const queryKey = searchQueryKey(state, loggedIn, language);
  return infiniteQueryOptions<SearchResponse, Error, SearchPages, typeof queryKey, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      searchConsultants(
        {
          criteria: queryKey[2],
          favoritesGroup: queryKey[3],
          cursor: pageParam,
          facets: pageParam === null,
        },
        // Later pages show their own spinner at the end of the list, not the bar at the top.
        { signal, background: pageParam !== null, language },
      ),
    initialPageParam: null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    // Coming back from a profile shows the same results at once (and the scroll position they had).
    staleTime: 5 * 60_000,
  });
}

/**
 * Starts the first page of a search before any component asks for it (the page's code has just arrived), in
 * the address's language: the interface may still be switching to it.
 */
export function prefetchSearch(state: SearchState, language: Language): void {
  void queryClient.prefetchInfiniteQuery(searchQueryOptions(state, Boolean(getToken()), language));
}

export function useSearchResults(state: SearchState) {
  const loggedIn = Boolean(useToken());
  const language = useLanguage();
  const options = useMemo(() => searchQueryOptions(state, loggedIn, language), [state, loggedIn, language]);
  return useInfiniteQuery(options);
}
