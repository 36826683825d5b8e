import { LegalPage } from './legal-page';

/** The cookie policy (cookies): the published version, or the built-in text. */
export function CookiePolicyPage() {
  return <LegalPage document="cookies" />;
}
