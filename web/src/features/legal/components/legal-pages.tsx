import { LegalPage } from './legal-page';

// The three legal routes' pages in one module, so one lazy file serves all three (each file a route loads is one
// more name in the list of files the first script carries).

/** The terms of use (tos-users): the published version, or the built-in text. */
export function TermsOfUsePage() {
  return <LegalPage document="terms" />;
}

/** The privacy policy (privacy-policy): the published version, or the built-in text. */
export function PrivacyPolicyPage() {
  return <LegalPage document="privacy" />;
}

/** The cookie policy (cookies): the published version, or the built-in text. */
export function CookiePolicyPage() {
  return <LegalPage document="cookies" />;
}
