import { passwordSchema } from '@mp/domain/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { firstIssue, messageKey } from '../../../lib/validation';
import { resetPassword } from '../api/password';

/** The password reset link lands here (auth/reset-password?token=): choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const localize = useLocalizedPath();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const issue = firstIssue(passwordSchema, password);
  const save = useMutation({ mutationFn: () => resetPassword(token ?? '', password) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!issue) save.mutate();
  };
  return (
    <Page title={t('resetPassword.title')} maxWidth="sm">
      {!token && <Alert severity="error">{t('messages:error.invalidToken')}</Alert>}
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
      {token && !save.isSuccess && (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
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
