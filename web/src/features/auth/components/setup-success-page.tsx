import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** After setup: the confirmation link is on its way; a verified user can go straight on. */
export function SetupSuccessPage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const localize = useLocalizedPath();
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
        <Button variant="contained" href={localize(paths.dashboard())}>
          {t('setupSuccess.toDashboard')}
        </Button>
      ) : (
        <Button variant="outlined" href={localize(paths.search())}>
          {t('setupSuccess.browse')}
        </Button>
      )}
    </Page>
  );
}
