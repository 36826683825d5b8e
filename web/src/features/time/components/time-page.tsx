import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** Time reporting and invoicing (app/time), marked coming soon on the dashboard. */
export function TimePage() {
  const { t } = useTranslation('workspace');
  return (
    <Page title={t('time.title')} lead={t('time.lead')}>
      <ComingSoon description={t('time.comingSoon')} />
    </Page>
  );
}
