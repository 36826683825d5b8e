import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { showAlert } from '../../../lib/alerts';
import { Page } from '../../../components/ui/page';
import { queryClient } from '../../../lib/query-client';
import { describeError } from '../../../lib/errors';
import { useToken, userQueryKey } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { verifyEmail } from '../api/setup';

/**
 * The e-mail confirmation link lands here: the token is checked once. A logged-in user then goes on to the
 * dashboard (where the terms dialog shows if terms wait for acceptance); anyone else is offered login.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const sessionToken = useToken();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await verifyEmail(token ?? '');
      if (sessionToken) {
        // The user as the dashboard's guard will see it: verified now.
        await queryClient.invalidateQueries({ queryKey: userQueryKey });
        showAlert(t('verifyEmail.success'), 'success');
        await navigate(localize(paths.dashboard()), { replace: true });
      }
      return true;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });

  return (
    <Page title={t('verifyEmail.title')} maxWidth="sm">
      {!token && <Alert severity="error">{t('messages:error.invalidToken')}</Alert>}
      {token && result.isPending && <CircularProgress aria-label={t('verifyEmail.checking')} />}
      {result.isError && <Alert severity="error">{describeError(result.error)}</Alert>}
      {result.isSuccess && (
        <>
          <Alert severity="success" sx={{ mb: 3 }} data-testid="email-verified">
            {t('verifyEmail.success')}
          </Alert>
          <Button variant="contained" href={localize(sessionToken ? paths.dashboard() : paths.login())}>
            {sessionToken ? t('verifyEmail.toDashboard') : t('verifyEmail.toLogin')}
          </Button>
        </>
      )}
    </Page>
  );
}
