import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** Agreements (app/agreements), marked coming soon on the dashboard. */
export function AgreementsPage() {
  const { t } = useTranslation('workspace');
  return (
    <Page title={t('agreements.title')} lead={t('agreements.lead')}>
      <ComingSoon description={t('agreements.comingSoon')} />
    </Page>
  );
}
