import type { Locale } from '@mp/domain';

/**
 * A link into the web app under its language prefix, e.g. `https://host/sv/verify/email?token=...`.
 * Links in mails point at web pages, which then call the API: a mail scanner that prefetches the link only
 * loads a page and never consumes the token.
 */
export function buildWebLink(
  publicUrl: string,
  locale: Locale,
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(`/${locale}/${path.replace(/^\/+/, '')}`, publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** The web pages the identity mails link to (spec section 2 routes, plus the password reset page). */
export const WEB_PATHS = {
  verifyEmail: 'verify/email',
  changeEmail: 'account/email/change',
  resetPassword: 'auth/reset-password',
  login: 'login',
} as const;
