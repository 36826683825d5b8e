import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** Contracts and digital signing (app/contracts). */
export function ContractsPage() {
  const { t } = useTranslation('workspace');
  return (
    <Page title={t('contracts.title')} lead={t('contracts.lead')}>
      <ComingSoon description={t('contracts.comingSoon')} />
    </Page>
  );
}
