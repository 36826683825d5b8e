import { EXPIRED_REDIRECT, loginPathFor, paths, safeRedirectPath } from './paths';

// The login after an expired session, apart from paths.ts: only the login and session-expired pages (loaded
// when opened) use it, so it costs the first script of every other page nothing.

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
