import { paths } from '../../lib/paths';

/** The query parameter that carries a removed account's purge date to the removed-account page. */
export const PURGE_AFTER_PARAM = 'purgeAfter';

/**
 * The removed-account page (spec: auth/account/removed) in the current language, with the account's purge date
 * when the deletion or the refused login gave one, so the page can say when the data goes and when the person
 * can come back.
 */
export function accountRemovedPath(localize: (path: string) => string, purgeAfter: string | null): string {
  const path = localize(paths['account-removed']());
  return purgeAfter ? `${path}?${new URLSearchParams({ [PURGE_AFTER_PARAM]: purgeAfter }).toString()}` : path;
}

/** The purge date an ACCOUNT_REMOVED answer's body carries (`data.purgeAfter`), if any. */
export function purgeAfterOf(body: unknown): string | null {
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  if (typeof data !== 'object' || data === null || !('purgeAfter' in data)) return null;
  return typeof data.purgeAfter === 'string' ? data.purgeAfter : null;
}
