import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** A profile seen by a logged-in user (app/profile/{id}); full with contact details for premium. */
export function InnerProfilePage() {
  const { t } = useTranslation('profiles');
  return (
    <Page title={t('inner.title')} lead={t('inner.lead')} maxWidth="md">
      <ComingSoon description={t('inner.comingSoon')} />
    </Page>
  );
}
