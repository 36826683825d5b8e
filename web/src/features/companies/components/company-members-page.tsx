import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Company members (app/company/members). */
export function CompanyMembersPage() {
  const { t } = useTranslation('companies');
  return <ComingSoon description={t('members.comingSoon')} />;
}
