import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** The user's bills (app/user/billing). */
export function BillingPage() {
  const { t } = useTranslation('workspace');
  return (
    <Page title={t('billing.title')} lead={t('billing.lead')}>
      <ComingSoon description={t('billing.comingSoon')} />
    </Page>
  );
}
