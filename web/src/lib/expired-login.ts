import { EXPIRED_REDIRECT, loginPathFor, paths, postLoginPath, safeRedirectPath } from './paths';

// Where a login returns to, apart from paths.ts: after an expired session, and, for a new account, through first
// setup and the mailed confirmation link. Only the login and session-expired pages (loaded when opened) use it, so
// it costs the first script of every other page nothing, and no page beyond them (a module more pages import
// would be a chunk of its own, whose name the first script's preload lists would carry).

/** The login route's flag for the session-expired warning when `redirect` holds where to go back to. */
export const EXPIRED_PARAM = 'expired';

/** Whether the login route's query asks for the session-expired warning. */
export function isExpiredLogin(query: URLSearchParams): boolean {
  return query.get('redirect') === EXPIRED_REDIRECT || query.has(EXPIRED_PARAM);
}

/**
 * Logging in again after an expired session: the warning, then back to the page the user was on (the
 * session-expired page's `redirect`: a path with its query) with its tab, if it is one of ours.
 */
export function expiredLoginPath(page: string | null): string {
  const [path = '', search = ''] = (page ?? '').split(/(?=\?)/);
  const { target, tab } = returnTargetOf(path, search);
  const safe = safeRedirectPath(page === null ? null : target);
  if (!safe) return `${paths.login()}?redirect=${EXPIRED_REDIRECT}`;
  return `${loginPathFor(safe, tab)}&${EXPIRED_PARAM}=1`;
}

/**
 * A page as something to come back to after login: its path below the language prefix with its query, and its
 * tab apart (the login route carries the tab in a parameter of its own).
 */
export function returnTargetOf(path: string, search: string): { target: string; tab: string | null } {
  const query = new URLSearchParams(search);
  const tab = query.get('tab');
  query.delete('tab');
  const rest = query.toString();
  return { target: rest ? `${path}?${rest}` : path, tab };
}

/** The longest `redirect` the API takes into a confirmation link (its `loginRedirectSchema`). */
const REDIRECT_MAX_LENGTH = 2000;

/**
 * Where a new account goes on to once it is ready (a company invite opened while logged out, say): the login
 * route's `link` (a company invite, spec section 2), else its `redirect` with the tab, when that is a page of
 * ours; null for none (the dashboard, then). First setup, its success page and the mailed confirmation link
 * carry it on as `?redirect=`.
 */
export function onwardTargetOf(query: URLSearchParams): string | null {
  const link = query.get('link');
  const redirect = query.get('redirect');
  const target = link
    ? paths.join(link)
    : safeRedirectPath(redirect) && postLoginPath(redirect, query.get('tab'));
  return target && target.length <= REDIRECT_MAX_LENGTH ? target : null;
}

/** `path` carrying the target on as its `redirect` query, or `path` alone when there is none. */
export function withOnwardTarget(path: string, target: string | null): string {
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}
