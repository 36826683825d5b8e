import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** Partner deals for contractors (app/offers). */
export function OffersPage() {
  const { t } = useTranslation('workspace');
  return (
    <Page title={t('offers.title')} lead={t('offers.lead')}>
      <ComingSoon description={t('offers.comingSoon')} />
    </Page>
  );
}
