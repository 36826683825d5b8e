import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

/** Reference approval through a mailed token link; a missing token is refused at once. */
export function ReferenceApprovalPage() {
  const { t } = useTranslation('profiles');
  const { token } = useParams();
  if (!token) {
    return (
      <Page title={t('messages:error.accessRestricted')} maxWidth="sm">
        <Alert severity="error">{t('messages:error.invalidToken')}</Alert>
      </Page>
    );
  }
  return (
    <Page title={t('reference.title')} lead={t('reference.lead')} maxWidth="sm">
      <ComingSoon description={t('reference.comingSoon')} />
    </Page>
  );
}
