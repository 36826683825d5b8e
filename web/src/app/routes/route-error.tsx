import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';

/** What a route shows when its code failed to load or it threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }} role="alert">
      <ErrorOutlined color="error" sx={{ fontSize: 48, mb: 2 }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
        {t('errors.pageFailedTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('errors.pageFailedBody')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </Container>
  );
}
