import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { EXPIRED_REDIRECT, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** Where an expired session ends up (the state has already been reset by the guard). */
export function SessionExpiredPage() {
  const { t } = useTranslation('auth');
  const localize = useLocalizedPath();
  return (
    <Page title={t('sessionExpired.title')} maxWidth="sm">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }} data-testid="session-expired">
        <HourglassEmptyOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('messages:error.sessionExpired')}</Typography>
          <Typography color="text.secondary">{t('sessionExpired.body')}</Typography>
        </Box>
      </Box>
      <Button variant="contained" href={localize(`${paths.login()}?redirect=${EXPIRED_REDIRECT}`)}>
        {t('sessionExpired.login')}
      </Button>
    </Page>
  );
}
