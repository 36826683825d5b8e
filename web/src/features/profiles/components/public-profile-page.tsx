import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** The anonymous public profile (profile/{id}). */
export function PublicProfilePage() {
  const { t } = useTranslation('profiles');
  return (
    <Page title={t('public.title')} lead={t('public.lead')} maxWidth="md">
      <ComingSoon description={t('public.comingSoon')} />
    </Page>
  );
}
