import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** The consultant's own profile editor (app/edit-profile). */
export function EditProfilePage() {
  const { t } = useTranslation('profiles');
  return (
    <Page title={t('edit.title')} lead={t('edit.lead')}>
      <ComingSoon description={t('edit.comingSoon')} />
    </Page>
  );
}
