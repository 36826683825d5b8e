import type { DehydratedState, QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './lib/api-client';

// A page the server rendered from a failed query (a removed or missing profile: 410 or 404) hands the browser
// that query with its ApiError, which JSON would turn into a plain object without its message (pages check
// `isApiError`). The profile pages make it an ApiError again (use-viewed-profile.ts), so none of this is in the
// first script every page loads (the search route's budget).

/** An ApiError as JSON: JSON.stringify would drop its message and the browser would get no ApiError back. */
interface SerializedApiError {
  name: 'ApiError';
  status: number;
  code?: string;
  errorMessage?: string;
  data?: unknown;
  message: string;
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ApiError' &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/** The dehydrated cache with each failed query's error (and failure reason) passed through `convert`. */
function mapQueryErrors(state: DehydratedState, convert: (error: unknown) => unknown): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: {
              ...query.state,
              error: convert(query.state.error) as Error,
              fetchFailureReason: convert(query.state.fetchFailureReason) as Error,
            },
          }
        : query,
    ),
  };
}

/** The failed queries' ApiErrors as plain objects, for the data block (server side). */
export function serializeQueryErrors(state: DehydratedState): DehydratedState {
  return mapQueryErrors(state, (error) =>
    error instanceof ApiError
      ? ({
          name: 'ApiError',
          status: error.status,
          code: error.code,
          errorMessage: error.errorMessage,
          data: error.data,
          message: error.message,
        } satisfies SerializedApiError)
      : error,
  );
}

/**
 * A failed query's error as the ApiError the pages check for (`isApiError`), again: the browser hydrates the
 * server's failed query with its error as JSON (a removed or missing profile). Called by the page that reads the
 * query, before it does; once made an ApiError again, calling again changes nothing.
 */
export function reviveQueryError(client: QueryClient, queryKey: QueryKey): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  const { error, fetchFailureReason } = query?.state ?? {};
  if (!query || !isSerializedApiError(error)) return;
  const revive = (value: unknown) =>
    isSerializedApiError(value)
      ? new ApiError(value.status, value.code, value.errorMessage, value.data, value.message)
      : (value as Error | null);
  query.setState({ error: revive(error), fetchFailureReason: revive(fetchFailureReason) });
}
