import type { ErrorCode } from '@mp/api-contract/error-codes';
import { passwordSchema } from '@mp/domain/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { firstIssue, messageKey } from '../../../lib/validation';
import { checkResetToken, resetPassword } from '../api/password';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** The API's answers for a reset link that does not work (used or replaced, expired, unknown). */
const LINK_PROBLEMS: readonly string[] = [
  'RESET_LINK_USED',
  'RESET_LINK_EXPIRED',
  'INVALID_TOKEN',
] satisfies ErrorCode[];

const isLinkProblem = (error: unknown) => isApiError(error) && LINK_PROBLEMS.includes(error.code ?? '');

/** A link that does not work: why (the API's message), and a new link on the spot. */
function LinkProblem({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const [asking, setAsking] = useState(false);
  return (
    <Box data-testid="reset-link-problem">
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Typography sx={{ mb: 3 }}>{t('resetPassword.newLinkBody')}</Typography>
      <Button variant="contained" onClick={() => setAsking(true)} data-testid="reset-link-new">
        {t('resetPassword.newLink')}
      </Button>
      {/* Mounted when asked, so it opens empty: the link does not say whose it was. */}
      {asking && <ForgotPasswordDialog open initialEmail="" onClose={() => setAsking(false)} />}
    </Box>
  );
}

/**
 * The password reset link lands here (auth/reset-password?token=). The link is checked first, without using it:
 * one that was used, replaced by a newer one or has expired says so at once, with a way to a new link, instead
 * of after a new password has been typed. A working one shows the form.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const localize = useLocalizedPath();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const issue = firstIssue(passwordSchema, password);
  const check = useQuery({
    queryKey: ['reset-password-check', token],
    queryFn: () => checkResetToken(token ?? ''),
    enabled: Boolean(token),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  const save = useMutation({
    mutationFn: () => resetPassword(token ?? '', password),
    // A link that stopped working while the form was open is told like one that never did; others globally.
    meta: { handlesErrors: true },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!issue) save.mutate();
  };
  // The link's problem, from the check or (the link expired meanwhile) from the save.
  const linkProblem = [check.error, save.error].find(isLinkProblem);
  return (
    <Page title={t('resetPassword.title')} maxWidth="sm">
      {!token && <LinkProblem message={t('messages:error.invalidToken')} />}
      {token && check.isPending && <CircularProgress aria-label={t('resetPassword.checking')} />}
      {token && linkProblem && <LinkProblem message={describeError(linkProblem)} />}
      {token && save.isSuccess && (
        <>
          <Alert severity="success" sx={{ mb: 3 }}>
            {t('resetPassword.success')}
          </Alert>
          <Button variant="contained" href={localize(paths.login())}>
            {t('resetPassword.toLogin')}
          </Button>
        </>
      )}
      {token && !check.isPending && !linkProblem && !save.isSuccess && (
        <Box component="form" noValidate onSubmit={submit} data-testid="reset-password-form">
          <Stack spacing={2.5}>
            {/* The check itself failed (no answer, too many tries): the form still works. */}
            {check.isError && <Alert severity="warning">{describeError(check.error)}</Alert>}
            {save.isError && <Alert severity="error">{describeError(save.error)}</Alert>}
            <TextField
              label={t('resetPassword.newPassword')}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={touched && Boolean(issue)}
              helperText={touched && issue ? t(messageKey(issue)) : t('password.rules')}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t('resetPassword.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Page>
  );
}
