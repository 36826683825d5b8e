import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { reviveQueryError } from '../../../ssr-errors';
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

/** 404 (hidden or missing) or 410 (deleted account): an answer that asking again would only repeat. */
export function isProfileGone(error: unknown): error is ApiError {
  return isApiError(error) && (error.status === 404 || error.status === 410);
}

/**
 * `keepGone`: a 404 or 410 already in the cache (the server rendered the page with it, and the browser
 * hydrates that page) is shown as it is instead of being asked for again when the page mounts. Otherwise a
 * failed profile is asked for again on mount, as TanStack Query does by default.
 */
export function useViewedProfile(id: string, { keepGone = false }: { keepGone?: boolean } = {}) {
  const client = useQueryClient();
  // The server's 404 or 410 arrives as JSON: an ApiError again before anything reads it (idempotent).
  if (keepGone) reviveQueryError(client, viewedProfileQueryKey(id));
  const gone = keepGone && isProfileGone(client.getQueryState(viewedProfileQueryKey(id))?.error);
  return useQuery({ ...viewedProfileQueryOptions(id), retryOnMount: !gone });
}
