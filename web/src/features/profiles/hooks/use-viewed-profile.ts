import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchProfile, viewedProfileQueryKey } from '../api/profile';

/** A consultant's profile as the current viewer may see it; its failures are shown by the page itself. */
export function viewedProfileQueryOptions(id: string) {
  return queryOptions({
    queryKey: viewedProfileQueryKey(id),
    queryFn: ({ signal }) => fetchProfile(id, signal),
    enabled: id.length > 0,
    meta: { handlesErrors: true },
    retry: false,
  });
}

export function useViewedProfile(id: string) {
  return useQuery(viewedProfileQueryOptions(id));
}
