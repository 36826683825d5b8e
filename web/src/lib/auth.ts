import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { CompanyList } from '@mp/api-contract/companies.schema';
import type { SubscriptionCheck, UserResponse } from '@mp/api-contract/users.schema';
import { api } from './api-client';
import { clearToken, getToken, setToken, subscribeToken } from './token';

// The session (spec section 4): the token is held locally; the user record (with the subscription flags the
// guards need) is fetched with it, refetched on every navigation, and a failed fetch ends the session.

/** The user as GET /user returns it, with the subscription flags of GET /check/subscription. */
export type User = UserResponse;
export type Subscription = SubscriptionCheck;
export type Companies = CompanyList;

/** GET user and GET check/subscription; the subscription flags are stored on the user (spec section 4). */
export async function fetchCurrentUser(): Promise<User> {
  const [user, subscription] = await Promise.all([
    api.get<UserResponse>('/user', { background: true }),
    api.get<Subscription>('/check/subscription', { background: true }),
  ]);
  return { ...user, isAdmin: subscription.isAdmin, isPremium: subscription.isPremium };
}

export const userQueryKey = ['session', 'user'] as const;

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchCurrentUser,
  staleTime: Infinity,
  meta: { handlesErrors: true },
});

export const companiesQueryOptions = queryOptions({
  queryKey: ['session', 'companies'] as const,
  queryFn: () => api.get<Companies>('/companies', { background: true }),
  staleTime: 5 * 60_000,
});

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** The signed-in user, or undefined when logged out (or not loaded yet). */
export function useCurrentUser(): User | undefined {
  const token = useToken();
  const { data } = useQuery({ ...userQueryOptions, enabled: Boolean(token) });
  return token ? data : undefined;
}

/** Starts a session after login: the token is saved and the user (if the login returned it) cached. */
export async function startSession(queryClient: QueryClient, token: string): Promise<User> {
  setToken(token);
  queryClient.removeQueries({ queryKey: ['session'] });
  const [user] = await Promise.all([
    queryClient.fetchQuery(userQueryOptions),
    queryClient.prefetchQuery(companiesQueryOptions),
  ]);
  return user;
}

/**
 * The language a logged-in user picks for the site is also their account's (`locale`), which their e-mails are
 * written in. In the background and best effort: switching never waits for it, and a failure only leaves
 * the mails in the earlier language.
 */
export function saveUserLocale(queryClient: QueryClient, locale: User['locale']): void {
  if (!getToken()) return;
  api.post('/user', { locale }, { background: true }).then(
    () => queryClient.setQueryData<User>(userQueryKey, (user) => user && { ...user, locale }),
    () => undefined,
  );
}

/** Forgets the session locally: token, cached user and every cached response. */
export function resetSession(queryClient: QueryClient): void {
  clearToken();
  queryClient.clear();
}

/** Logs out: the server revokes the token (best effort), then the local state is reset. */
export async function logout(queryClient: QueryClient): Promise<void> {
  if (getToken()) {
    try {
      await api.get('/logout', { background: true });
    } catch {
      // The token may already be invalid; the local session ends either way.
    }
  }
  resetSession(queryClient);
}
