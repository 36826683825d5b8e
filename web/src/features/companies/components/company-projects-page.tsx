import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Company projects (app/company/projects). */
export function CompanyProjectsPage() {
  const { t } = useTranslation('companies');
  return <ComingSoon description={t('projects.comingSoon')} />;
}
