import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S } from '@mp/domain/cookie-consent';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

// The cookie banner's agreement, remembered in local storage (as before) and in a first-party cookie, the one
// place the server can see it: a server-rendered page comes with the banner exactly when the visitor has not
// agreed, so the banner paints with the page instead of popping up after hydration (it was the largest text a
// phone painted, and so the page's Largest Contentful Paint, seconds late).

// The cookie's name; the API's page renderer reads it too (api/src/plugins/page-renderer.ts), and the API's consent
// route sets it when the banner's form is posted before this script runs.
export { CONSENT_COOKIE };

let serverConsent = false;

/** The server renderer sets what the request's cookie says before it renders a page. */
export function setServerConsent(agreed: boolean): void {
  serverConsent = agreed;
}

function hasConsentCookie(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${CONSENT_COOKIE}=1`);
}

/** Agreed, as the browser knows it (either record). */
export function hasConsent(): boolean {
  return readStorage(STORAGE_KEYS.cookieConsent) !== null || hasConsentCookie();
}

/** Agreed, as the server knew it when it rendered this page (the same cookie, so hydration matches). */
export function hadConsentOnServer(): boolean {
  return typeof document === 'undefined' ? serverConsent : hasConsentCookie();
}

function writeConsentCookie(): void {
  document.cookie = `${CONSENT_COOKIE}=1; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export function recordConsent(): void {
  writeStorage(STORAGE_KEYS.cookieConsent, new Date().toISOString());
  writeConsentCookie();
}

/** An agreement from before the cookie existed: the cookie follows, so the next page comes without the banner. */
export function backfillConsentCookie(): void {
  if (readStorage(STORAGE_KEYS.cookieConsent) !== null && !hasConsentCookie()) writeConsentCookie();
}
