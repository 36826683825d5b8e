import type { ErrorCode } from '@mp/api-contract/error-codes';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { showAlert, showSuccess } from '../../../lib/alerts';
import { Page } from '../../../components/ui/page';
import { queryClient } from '../../../lib/query-client';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { useCurrentUser, useToken, userQueryKey } from '../../../lib/auth';
import { loginPathFor, paths, safeRedirectPath } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { resendVerification, verifyEmail } from '../api/setup';

/**
 * Where to go on from the page: the link's target (`redirect`, e.g. the company invite the account was made
 * for) or else the dashboard with a session; without one the login, which leads on to the target.
 */
function OnwardButton() {
  const { t } = useTranslation('auth');
  const localize = useLocalizedPath();
  const sessionToken = useToken();
  const [searchParams] = useSearchParams();
  const onward = safeRedirectPath(searchParams.get('redirect'));
  let href: string;
  let label: string;
  if (sessionToken) {
    href = onward ?? paths.dashboard();
    label = onward ? t('verifyEmail.onward') : t('verifyEmail.toDashboard');
  } else {
    href = onward ? loginPathFor(onward) : paths.login();
    label = t('verifyEmail.toLogin');
  }
  return (
    <Button variant="contained" href={localize(href)} data-testid="verify-email-onward">
      {label}
    </Button>
  );
}

/**
 * A link that does not work (missing, unknown, expired, or replaced by a newer one): what may have happened,
 * and a way to a new link. A logged-in, unconfirmed user gets one here (POST verify/email/resend); anyone
 * else logs in first, which leads an unconfirmed account to setup, where saving sends a new link.
 */
function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const sessionToken = useToken();
  const address = user?.pendingEmail ?? user?.email;
  const [searchParams] = useSearchParams();
  const onward = safeRedirectPath(searchParams.get('redirect'));
  const resend = useMutation({
    mutationFn: () => resendVerification(onward),
    onSuccess: () => showSuccess(t('verifyEmail.resent', { email: address ?? '' })),
  });
  const canResend = Boolean(user && !user.verified && address);
  return (
    <Box data-testid="verify-email-invalid">
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Typography sx={{ mb: 3 }}>
        {canResend
          ? t('verifyEmail.invalidResend', { email: address })
          : sessionToken
            ? t('verifyEmail.invalid')
            : t('verifyEmail.invalidLogin')}
      </Typography>
      {canResend ? (
        <Button
          variant="contained"
          onClick={() => resend.mutate()}
          disabled={resend.isPending || resend.isSuccess}
          data-testid="verify-email-resend"
        >
          {t('verifyEmail.resend')}
        </Button>
      ) : (
        <OnwardButton />
      )}
    </Box>
  );
}

/**
 * The e-mail confirmation link lands here: the token is checked once. A logged-in user then goes on to the
 * link's `redirect` (the company invite the account was made for, say) or the dashboard (where the terms dialog
 * shows if terms wait for acceptance); anyone else is offered login, which leads on there. A link opened again
 * says the address is already confirmed; one that does not work offers a new link.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const sessionToken = useToken();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const onward = safeRedirectPath(searchParams.get('redirect'));
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await verifyEmail(token ?? '');
      if (sessionToken) {
        // The user as the dashboard's guard will see it: verified now.
        await queryClient.invalidateQueries({ queryKey: userQueryKey });
        showAlert(t('verifyEmail.success'), 'success');
        await navigate(localize(onward ?? paths.dashboard()), { replace: true });
      }
      return true;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  const code = isApiError(result.error) ? result.error.code : undefined;

  return (
    <Page title={t('verifyEmail.title')} maxWidth="sm">
      {!token && <InvalidLink message={t('messages:error.invalidToken')} />}
      {token && result.isPending && <CircularProgress aria-label={t('verifyEmail.checking')} />}
      {code === ('ALREADY_VERIFIED' satisfies ErrorCode) ? (
        <>
          <Alert severity="success" sx={{ mb: 3 }} data-testid="email-already-verified">
            {describeError(result.error)}
          </Alert>
          <OnwardButton />
        </>
      ) : code === ('INVALID_TOKEN' satisfies ErrorCode) ? (
        <InvalidLink message={describeError(result.error)} />
      ) : (
        result.isError && <Alert severity="error">{describeError(result.error)}</Alert>
      )}
      {result.isSuccess && (
        <>
          <Alert severity="success" sx={{ mb: 3 }} data-testid="email-verified">
            {t('verifyEmail.success')}
          </Alert>
          <OnwardButton />
        </>
      )}
    </Page>
  );
}
