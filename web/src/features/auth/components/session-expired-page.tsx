import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { expiredLoginPath } from '../../../lib/expired-login';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/**
 * Where an expired session ends up (the state has already been reset by the guard). The guard passes the page
 * the user was on as `redirect` (path and query); logging in again goes back there, with the expired warning.
 */
export function SessionExpiredPage() {
  const { t } = useTranslation('auth');
  const localize = useLocalizedPath();
  const [searchParams] = useSearchParams();
  return (
    <Page title={t('sessionExpired.title')} maxWidth="sm">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }} data-testid="session-expired">
        <HourglassEmptyOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('messages:error.sessionExpired')}</Typography>
          <Typography color="text.secondary">{t('sessionExpired.body')}</Typography>
        </Box>
      </Box>
      <Button variant="contained" href={localize(expiredLoginPath(searchParams.get('redirect')))}>
        {t('sessionExpired.login')}
      </Button>
    </Page>
  );
}
