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
  /** The time page (web paths.time()): the consultant reports and submits, the approver decides. */
  time: 'app/time',
  /** The billing page (web paths.billing()): the bills a user may see, each with its PDF. */
  billing: 'app/user/billing',
  /** The contracts page (web paths.contracts()): the company's contracts with their status. */
  contracts: 'app/contracts',
} as const;

/**
 * The e-mail verification link: the page with the token and, when the user started somewhere (a company
 * invite opened before registering), that page as `redirect`, where the confirmed user goes on to.
 */
export function verifyEmailLink(publicUrl: string, locale: Locale, token: string, redirect?: string): string {
  return buildWebLink(publicUrl, locale, WEB_PATHS.verifyEmail, redirect ? { token, redirect } : { token });
}
