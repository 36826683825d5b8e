import { LegalPage } from './legal-page';

/** The terms of use (tos-users): the published version, or the built-in text. */
export function TermsOfUsePage() {
  return <LegalPage document="terms" />;
}
