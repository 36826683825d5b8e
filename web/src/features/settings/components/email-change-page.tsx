import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-client';
import { useToken, userQueryKey } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { confirmEmailChange } from '../api/settings';

/**
 * What a link that did not work says: a retry "later" helps only when something failed on our side. A link
 * opened again after the change was made (400 ALREADY_VERIFIED) says so, as does one that expired or was
 * replaced (INVALID_TOKEN), and an address another account took meanwhile (EMAIL_IN_USE).
 */
function failureKey(error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  if (code === 'ALREADY_VERIFIED') return 'emailChange.alreadyUsed';
  if (code === 'INVALID_TOKEN') return 'emailChange.invalidLink';
  if (code === 'EMAIL_IN_USE') return 'messages:error.emailInUse';
  return 'messages:error.emailChangeFailed';
}

/** The e-mail change link (sent to the old address) lands here (account/email/change?token=). */
export function EmailChangePage() {
  const { t } = useTranslation('settings');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const session = useToken();
  const localize = useLocalizedPath();
  const result = useQuery({
    queryKey: ['email-change', token],
    queryFn: async () => {
      await confirmEmailChange(token ?? '');
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return true;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('emailChange.title')} maxWidth="sm">
      {!token && <Alert severity="error">{t('messages:error.invalidToken')}</Alert>}
      {token && result.isPending && <CircularProgress aria-label={t('emailChange.checking')} />}
      {result.isError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="email-change-failed">
          {t(failureKey(result.error))}
        </Alert>
      )}
      {result.isSuccess && (
        <Alert severity="success" sx={{ mb: 3 }}>
          {t('emailChange.success')}
        </Alert>
      )}
      {(result.isSuccess || result.isError) && (
        <Button variant="contained" href={localize(session ? paths.settings() : paths.login())}>
          {session ? t('emailChange.toSettings') : t('emailChange.toLogin')}
        </Button>
      )}
    </Page>
  );
}
