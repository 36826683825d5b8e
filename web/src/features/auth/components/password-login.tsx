import { ERROR_CODE } from '@mp/api-contract/error-codes';
import {
  consentSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  loginPasswordSchema,
  passwordSchema,
} from '@mp/domain/validation';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../lib/api-client';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { firstIssue, messageKey } from '../../../lib/validation';
import { accountRemovedPath, purgeAfterOf } from '../account-removed-path';
import { loginWithPassword, registerWithPassword } from '../api/password';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { TermsConsent } from './terms-consent';

interface PasswordLoginProps {
  initialEmail: string;
  onToken: (token: string) => Promise<void>;
  /** Where the mailed confirmation link of a new account leads on to (a company invite, say). */
  onwardTarget?: string | null;
}

/** The e-mail and password fallback: log in, create an account, forgot password, and the confirm prompt. */
export function PasswordLogin({ initialEmail, onToken, onwardTarget }: PasswordLoginProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  /** Registration asks for the name, as first setup does: mails, member lists and bills name the person. */
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  /** Registration's consent box, as at first setup: terms, privacy policy, 18 or older. */
  const [accepted, setAccepted] = useState(false);
  const [touched, setTouched] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [confirmFor, setConfirmFor] = useState<string | null>(null);

  const emailIssue = firstIssue(emailSchema, email);
  const passwordIssue = firstIssue(mode === 'register' ? passwordSchema : loginPasswordSchema, password);
  const consentIssue = mode === 'register' ? firstIssue(consentSchema, accepted) : undefined;
  const firstNameIssue = mode === 'register' ? firstIssue(firstNameSchema, firstName) : undefined;
  const lastNameIssue = mode === 'register' ? firstIssue(lastNameSchema, lastName) : undefined;

  const submitCredentials = useMutation({
    mutationFn: async () => {
      const credentials = { email: email.trim(), password };
      if (mode === 'login') {
        try {
          return (await loginWithPassword(credentials)).authorization;
        } catch (error) {
          // As after a BankID login: the removed-account page says when the data goes and how to come back.
          if (!isApiError(error) || error.code !== ERROR_CODE.ACCOUNT_REMOVED) throw error;
          await navigate(accountRemovedPath(localize, purgeAfterOf(error)), { replace: true });
          return false;
        }
      }
      // Registration mails a verification link; there is no session until the address is confirmed. The
      // form cannot be sent without the box ticked (consentSchema), so this records the acceptance.
      await registerWithPassword({
        ...credentials,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        acceptTerms: true,
        ...(onwardTarget ? { redirect: onwardTarget } : {}),
      });
      return null;
    },
    onSuccess: async (token) => {
      if (token) await onToken(token);
      else if (token === null) setConfirmFor(email.trim());
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailIssue || passwordIssue || consentIssue || firstNameIssue || lastNameIssue) return;
    submitCredentials.mutate();
  };

  if (confirmFor) {
    return (
      <Alert severity="info" icon={<MarkEmailReadOutlined />} data-testid="confirm-email-prompt">
        <AlertTitle>{t('password.confirmTitle')}</AlertTitle>
        {t('password.confirmBody', { email: confirmFor })}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
      <Stack spacing={2}>
        {mode === 'register' && (
          <>
            <TextField
              label={t('setup.firstName')}
              autoComplete="given-name"
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
              error={touched && Boolean(firstNameIssue)}
              helperText={touched && firstNameIssue ? t(messageKey(firstNameIssue)) : undefined}
              required
            />
            <TextField
              label={t('setup.lastName')}
              autoComplete="family-name"
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
              error={touched && Boolean(lastNameIssue)}
              helperText={touched && lastNameIssue ? t(messageKey(lastNameIssue)) : undefined}
              required
            />
          </>
        )}
        <TextField
          label={t('password.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={touched && Boolean(emailIssue)}
          helperText={touched && emailIssue ? t(messageKey(emailIssue)) : undefined}
          required
        />
        <TextField
          label={t('password.password')}
          type="password"
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={touched && Boolean(passwordIssue)}
          helperText={
            touched && passwordIssue
              ? t(messageKey(passwordIssue))
              : mode === 'register'
                ? t('password.rules')
                : undefined
          }
          required
        />
        {mode === 'register' && (
          <TermsConsent
            checked={accepted}
            onChange={setAccepted}
            error={touched && consentIssue ? t(messageKey(consentIssue)) : undefined}
          />
        )}
        <Button type="submit" variant="contained" disabled={submitCredentials.isPending}>
          {mode === 'register' ? t('password.register') : t('password.login')}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
            {t('password.forgot')}
          </Link>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setMode(mode === 'login' ? 'register' : 'login');
              setTouched(false);
            }}
          >
            {mode === 'login' ? t('password.switchToRegister') : t('password.switchToLogin')}
          </Link>
        </Box>
      </Stack>
      {forgotOpen && <ForgotPasswordDialog open initialEmail={email} onClose={() => setForgotOpen(false)} />}
    </Box>
  );
}
