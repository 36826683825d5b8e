// The cookie banner's agreement (spec section 2) as a first-party cookie: the web app writes it when the visitor
// agrees in the page, the API's consent route writes it when the banner's form is posted before the page's
// script has taken over, and the page renderer reads it to leave the banner out of a server-rendered page.

/** The cookie's name. */
export const CONSENT_COOKIE = 'km_cookie_consent';

/** How long the agreement is remembered: a year, in seconds (a cookie's `Max-Age`). */
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
