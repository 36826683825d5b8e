import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Company details (app/company/details). */
export function CompanyDetailsPage() {
  const { t } = useTranslation('companies');
  return <ComingSoon description={t('details.comingSoon')} />;
}
