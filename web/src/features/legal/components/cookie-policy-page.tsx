import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from './legal-document';

/** The cookie policy (cookies). */
export function CookiePolicyPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalDocument
      title={t('cookies.title')}
      lead={t('cookies.lead')}
      updated={t('cookies.updated')}
      sections={t('cookies.sections', { returnObjects: true }) as LegalSection[]}
    />
  );
}
