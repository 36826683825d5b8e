import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from './legal-document';

/** The terms of use (tos-users). */
export function TermsOfUsePage() {
  const { t } = useTranslation('legal');
  return (
    <LegalDocument
      title={t('terms.title')}
      lead={t('terms.lead')}
      updated={t('terms.updated')}
      sections={t('terms.sections', { returnObjects: true }) as LegalSection[]}
    />
  );
}
