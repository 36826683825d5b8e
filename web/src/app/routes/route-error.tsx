import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { InlineIcon } from '../../components/ui/inline-icon';
import { LightButton } from '../../components/ui/light-button';
import { NotFoundPage } from './not-found-page';

// Drawn without MUI's Container, Typography and icons: this page is in the first script of every visit.
// Material's ErrorOutlined icon, inline.
const ERROR_ICON_PATH =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-2h2zm0-4h-2V7h2z';

/** What a route shows when its code failed to load or it threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Box role="alert" sx={{ maxWidth: 'sm', mx: 'auto', px: { xs: 2, sm: 3 }, py: 8, textAlign: 'center' }}>
      <InlineIcon path={ERROR_ICON_PATH} sx={{ width: 48, height: 48, color: 'error.main', mb: 2 }} />
      <Box component="h1" sx={{ typography: 'h1', fontSize: '1.75rem', mt: 0, mb: 1 }}>
        {t('errors.pageFailedTitle')}
      </Box>
      <Box component="p" sx={{ typography: 'body1', color: 'text.secondary', mt: 0, mb: 3 }}>
        {t('errors.pageFailedBody')}
      </Box>
      <LightButton variant="contained" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </LightButton>
    </Box>
  );
}
