import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleGlobalError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

/**
 * One client for the app. Failures go to the global error display unless the query or mutation says it
 * shows its own (`meta: { handlesErrors: true }`), as the login flow and the session checks do.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.handlesErrors) handleGlobalError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.handlesErrors) handleGlobalError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
