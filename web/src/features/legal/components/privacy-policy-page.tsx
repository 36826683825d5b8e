import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from './legal-document';

/** The privacy policy (privacy-policy). */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalDocument
      title={t('privacy.title')}
      lead={t('privacy.lead')}
      updated={t('privacy.updated')}
      sections={t('privacy.sections', { returnObjects: true }) as LegalSection[]}
    />
  );
}
