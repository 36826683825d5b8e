import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';
import type { SearchPage as SearchResponse } from '@mp/api-contract/search.schema';
import type { MatchedSkill, SearchResult } from '@mp/search-schema/result.schema';
import { api, type RequestOptions } from '../../../lib/api-client';

// The search calls of spec section 7. Only types come from `@mp/api-contract` and `@mp/search-schema`: their
// code (vocabularies, query builder) stays on the server.

export type { MatchedSkill, SearchResponse, SearchResult };
export type SearchFacets = SearchResponse['facets'];
export type FacetName = keyof SearchFacets;

export interface SearchPageRequest {
  criteria: SearchCriteriaInput;
  favoritesGroup: string | null;
  cursor: string | null;
  /** Facet counts cost an aggregation: the first page asks for them, the following ones do not. */
  facets: boolean;
}

export const SEARCH_PAGE_SIZE = 6;

/** `POST /search/v3`: one page of result cards. */
export function searchConsultants(
  request: SearchPageRequest,
  options: Pick<RequestOptions, 'signal' | 'background' | 'language'> = {},
): Promise<SearchResponse> {
  return api.post<SearchResponse>(
    '/search/v3',
    {
      ...request.criteria,
      cursor: request.cursor,
      pageSize: SEARCH_PAGE_SIZE,
      facets: request.facets,
      ...(request.favoritesGroup ? { favoritesGroup: request.favoritesGroup } : {}),
    },
    options,
  );
}
