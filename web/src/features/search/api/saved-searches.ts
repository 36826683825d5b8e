import type {
  SavedSearchList,
  SavedSearchUnsubscribed,
  SavedSearchView,
} from '@mp/api-contract/saved-searches.schema';
import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Saved searches of a verified user (spec sections 3 and 7).

export type SavedSearch = SavedSearchView;

export const savedSearchesQueryOptions = queryOptions({
  queryKey: ['session', 'saved-searches'] as const,
  queryFn: () => api.get<SavedSearchList>('/search/save', { background: true }),
  select: (data) => data.searches,
});

/** `POST /search/save`: answers with every saved search and 'Your search was saved'. */
export function saveSearch(input: {
  name: string;
  search: SearchCriteriaInput;
  sendEmail: boolean;
}): Promise<SavedSearchList & { message: string }> {
  return api.post('/search/save', input);
}

/** `POST /search/save/{id}`: rename, switch the weekly e-mail, or replace the criteria. */
export function editSavedSearch(
  id: string,
  patch: { name?: string; sendEmail?: boolean; search?: SearchCriteriaInput },
): Promise<SavedSearchList> {
  return api.post(`/search/save/${encodeURIComponent(id)}`, patch);
}

/** `DELETE /search/save/{id}`: answers with the rest and 'Your search was successfully deleted'. */
export function deleteSavedSearch(id: string): Promise<SavedSearchList & { message: string }> {
  return api.delete(`/search/save/${encodeURIComponent(id)}`);
}

/** `POST /search/save/unsubscribe`: the weekly mail's link turns that search's weekly e-mail off, no login. */
export function unsubscribeSavedSearch(token: string): Promise<SavedSearchUnsubscribed> {
  return api.post('/search/save/unsubscribe', {}, { query: { token } });
}
