import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/auth';
import { paths, safeRedirectPath } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** After setup: the confirmation link is on its way; a verified user can go straight on (to the login's target). */
export function SetupSuccessPage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const localize = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const onward = safeRedirectPath(searchParams.get('redirect'));
  return (
    <Page title={t('setupSuccess.title')} maxWidth="sm">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <MarkEmailReadOutlined color="secondary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography color="text.secondary">
          {user?.verified
            ? t('setupSuccess.verified')
            : t('setupSuccess.body', {
                email: user?.pendingEmail ?? user?.email ?? t('setupSuccess.yourAddress'),
              })}
        </Typography>
      </Box>
      {user?.verified ? (
        <Button variant="contained" href={localize(onward ?? paths.dashboard())}>
          {onward ? t('setupSuccess.onward') : t('setupSuccess.toDashboard')}
        </Button>
      ) : (
        <Button variant="outlined" href={localize(paths.search())}>
          {t('setupSuccess.browse')}
        </Button>
      )}
    </Page>
  );
}
