import type { AccountRemovedData, ErrorBody } from '@mp/api-contract/error.schema';
import type { ApiError } from '../../lib/api-client';
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

/** The purge date a 403 ACCOUNT_REMOVED answer carries (`data.purgeAfter`), if any. */
export function purgeAfterOf(error: ApiError): string | null {
  const body = error.data as Partial<ErrorBody> | string | undefined;
  const data = typeof body === 'object' ? (body.data as Partial<AccountRemovedData> | undefined) : undefined;
  return typeof data?.purgeAfter === 'string' ? data.purgeAfter : null;
}
