// A checked literal, not the codes object: that one brings the whole error catalogue into the first script.
import type { ErrorCode } from '@mp/api-contract/error-codes';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isApiError } from '../lib/api-client';
import { resetSession, userQueryOptions, type User } from '../lib/auth';
import { ensureMessages, i18n } from '../lib/i18n';
import {
  canonicalLanguagePath,
  languageOf,
  preferredLanguage,
  rememberLanguage,
  stripLanguage,
} from '../lib/language';
import { localizePath, loginPathFor, paths, postLoginPath, sessionExpiredPathFor } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { getToken, isTokenExpired } from '../lib/token';

// The guards of spec section 2, as route loaders: they run before a route renders, on every navigation.

/** Where the last completed navigation went; the `app` index redirect looks at where we came from. */
let previousPathname: string | undefined;
let navigate: (to: string) => void = (to) => globalThis.location.assign(to);

/** The router reports each completed navigation and lends its navigate function. */
export function connectRouter(router: {
  navigate: (to: string) => unknown;
  subscribe: (
    fn: (state: { location: { pathname: string }; navigation: { state: string } }) => void,
  ) => unknown;
  state: { location: { pathname: string } };
}): void {
  previousPathname = router.state.location.pathname;
  navigate = (to) => void router.navigate(to);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') previousPathname = state.location.pathname;
  });
}

function languageFrom(params: LoaderFunctionArgs['params']): string {
  return languageOf(params.lang) ?? preferredLanguage();
}

/**
 * Where the session that was ended a moment ago sent the user. The guards of one navigation run side by side;
 * after the first has reset an expired session the others find no token, and must follow the same way (to
 * session-expired) rather than to login.
 */
let endedSession: { path: string; at: number } | undefined;
const ENDED_SESSION_WINDOW_MS = 2_000;

function endSessionAndGo(language: string, path: string): never {
  resetSession(queryClient);
  endedSession = { path, at: Date.now() };
  throw redirect(localizePath(language, path));
}

function justEndedSessionPath(): string | undefined {
  return endedSession && Date.now() - endedSession.at < ENDED_SESSION_WINDOW_MS
    ? endedSession.path
    : undefined;
}

/**
 * Paths without a supported, canonical language prefix go to the default language. Every loader checks this
 * first: loaders of one navigation run side by side, and all must agree on the redirect.
 */
export function redirectToCanonical(request: Request): void {
  const url = new URL(request.url);
  const canonical = canonicalLanguagePath(url.pathname);
  if (canonical) throw redirect(`${canonical}${url.search}${url.hash}`);
}

/** The page `request` is going to: its path below the language prefix, with its query. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  return `${stripLanguage(url.pathname)}${url.search}`;
}

/** The session-expired page, remembering the page `request` was going to for "Log in again". */
function sessionExpiredPathOf(request: Request): string {
  return sessionExpiredPathFor(pageOf(request));
}

/**
 * The session for this navigation: null when logged out. An expired token resets the state and goes to the
 * session-expired page (which remembers where the user was going); a user the API refuses to return resets it
 * and goes to login; no answer keeps it.
 */
export async function resolveSession(language: string, request: Request): Promise<User | null> {
  const token = getToken();
  if (!token) return null;
  if (isTokenExpired(token)) endSessionAndGo(language, sessionExpiredPathOf(request));
  try {
    return await queryClient.ensureQueryData(userQueryOptions);
  } catch (error) {
    // No answer at all (status 0) is not the server refusing the user: most often the page is unloading (a
    // reload while it loads), else the network is down. The token stays; the route shows the error with a retry.
    if (isApiError(error) && error.status === 0) throw error;
    if (isApiError(error) && error.status === 401 && error.code === ('SESSION_EXPIRED' satisfies ErrorCode)) {
      endSessionAndGo(language, sessionExpiredPathOf(request));
    }
    endSessionAndGo(language, paths.login());
  }
}

/** `/` and paths without a supported language prefix: to the same page under the right language. */
export function languageRedirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = canonicalLanguagePath(url.pathname);
  throw redirect(`${target ?? localizePath(preferredLanguage(), '/')}${url.search}${url.hash}`);
}

/**
 * The `/:lang` route: canonical prefix, interface language, token expiry, and the user refetched in the
 * background on every navigation (a refetch the server refuses logs out).
 */
export async function languageLoader({ params, request }: LoaderFunctionArgs) {
  // Before anything is awaited: on a first load the route's guard fetches the user beside this loader, and
  // fetching it again once it arrived would only cost the phone two more requests.
  const hadUser = queryClient.getQueryData(userQueryOptions.queryKey) !== undefined;
  redirectToCanonical(request);
  const language = languageFrom(params);
  if (i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
  await ensureMessages();
  rememberLanguage(language as 'sv' | 'en');
  // Server rendering writes the language into the page itself.
  if (typeof document !== 'undefined') document.documentElement.lang = language;

  const user = await resolveSession(language, request);
  if (user && hadUser) {
    queryClient.fetchQuery({ ...userQueryOptions, staleTime: 0 }).catch((error: unknown) => {
      // Only an answer that the user cannot be fetched ends the session. No answer at all (status 0) is the
      // request being cut off, most often by the page unloading for a full navigation: not a logout.
      if (!isApiError(error) || error.status === 0) return;
      resetSession(queryClient);
      const expired = isApiError(error) && error.status === 401;
      navigate(localizePath(language, expired ? sessionExpiredPathOf(request) : paths.login()));
    });
  }
  return null;
}

/** Auth required: a logged-out visitor goes to login, which brings them back (with the tab) afterwards. */
export async function requireAuth({ params, request }: LoaderFunctionArgs): Promise<User> {
  redirectToCanonical(request);
  const language = languageFrom(params);
  const user = await resolveSession(language, request);
  const ended = justEndedSessionPath();
  if (!user && ended) throw redirect(localizePath(language, ended));
  if (!user) {
    const url = new URL(request.url);
    const tab = url.searchParams.get('tab');
    url.searchParams.delete('tab');
    const target = `${stripLanguage(url.pathname)}${url.search}`;
    throw redirect(localizePath(language, loginPathFor(target, tab)));
  }
  return user;
}

/**
 * Auth and a verified user: an unverified one is sent to setup, remembering the page asked for (`redirect`),
 * which setup carries into the mailed confirmation link that brings the user back to it. (The setup success
 * page, for either, has {@link requireAuth} alone.)
 */
export async function requireVerified(args: LoaderFunctionArgs): Promise<User> {
  const user = await requireAuth(args);
  if (!user.verified) {
    const setup = `${paths['auth-setup']()}?redirect=${encodeURIComponent(pageOf(args.request))}`;
    throw redirect(localizePath(languageFrom(args.params), setup));
  }
  return user;
}

/**
 * First setup (auth/setup) is for an unverified user; a verified one has nothing left to set up and goes to
 * the dashboard instead of a form saying the account still needs activating. The success page after it
 * has {@link requireAuth} alone, so it stays reachable either way.
 */
export async function requireUnverified(args: LoaderFunctionArgs): Promise<User> {
  const user = await requireAuth(args);
  if (user.verified) throw redirect(localizePath(languageFrom(args.params), paths.dashboard()));
  return user;
}

/** The admin area: non-admins are sent to the app. */
export async function requireAdmin(args: LoaderFunctionArgs): Promise<User> {
  const user = await requireVerified(args);
  if (!user.isAdmin) throw redirect(localizePath(languageFrom(args.params), paths.app()));
  return user;
}

/** Public pages with an inner twin (search, profile): a logged-in user is sent to the inner page. */
export function redirectLoggedIn(inner: (params: LoaderFunctionArgs['params']) => string) {
  return async (args: LoaderFunctionArgs) => {
    redirectToCanonical(args.request);
    const language = languageFrom(args.params);
    const user = await resolveSession(language, args.request);
    if (user) {
      const url = new URL(args.request.url);
      throw redirect(`${localizePath(language, inner(args.params))}${url.search}`);
    }
    return null;
  };
}

/**
 * The app's empty path: to edit-profile, except when coming from home or search, which go on to the inner
 * search (spec section 2).
 */
export async function appIndexLoader(args: LoaderFunctionArgs) {
  await requireVerified(args);
  const language = languageFrom(args.params);
  const from = previousPathname ? stripLanguage(previousPathname) : '';
  const target =
    from === paths.home() || from === paths.search() ? paths['inner-search']() : paths['edit-profile']();
  throw redirect(localizePath(language, target));
}

/** The dashboard accepts a `redirect` query (with an optional `tab`) and honours it. */
export async function dashboardLoader(args: LoaderFunctionArgs) {
  await requireVerified(args);
  const url = new URL(args.request.url);
  const target = url.searchParams.get('redirect');
  if (target) {
    throw redirect(
      localizePath(languageFrom(args.params), postLoginPath(target, url.searchParams.get('tab'))),
    );
  }
  return null;
}
