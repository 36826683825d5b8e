import { LegalPage } from './legal-page';

/** The privacy policy (privacy-policy): the published version, or the built-in text. */
export function PrivacyPolicyPage() {
  return <LegalPage document="privacy" />;
}
