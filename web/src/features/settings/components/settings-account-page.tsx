import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  loginPasswordSchema,
  optionalPhoneSchema,
  passwordSchema,
} from '@mp/domain/validation';
import type { ErrorCode } from '@mp/api-contract/error-codes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser, userQueryKey } from '../../../lib/auth';
import { describeError, handleGlobalError } from '../../../lib/errors';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../lib/language';
import { useFocusWhenSettled } from '../../../lib/focus-if-lost';
import { firstIssue, messageKey } from '../../../lib/validation';
import { requestStepUp } from '../../../lib/step-up';
import { changePassword, requestEmailChange, updateAccount } from '../api/settings';
import { SettingsSection } from './settings-section';

/** A refusal until the user confirms who they are (403 CONFIRMATION_REQUIRED, step-up). */
const needsConfirmation = (error: unknown) =>
  isApiError(error) && error.code === ('CONFIRMATION_REQUIRED' satisfies ErrorCode);

function AccountDetailsForm() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
  });
  // The language of the mails we send. The language picker sets it too, so it is sent only when chosen here.
  const [locale, setLocale] = useState<Language | null>(null);
  const [touched, setTouched] = useState(false);
  const issues = {
    firstName: firstIssue(firstNameSchema, form.firstName),
    lastName: firstIssue(lastNameSchema, form.lastName),
    phone: firstIssue(optionalPhoneSchema, form.phone),
  };
  const save = useMutation({
    mutationFn: () =>
      updateAccount({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phone: form.phone.trim() || null,
        ...(locale ? { locale } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      setLocale(null);
      showSuccess(t('account.saved'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!Object.values(issues).some(Boolean)) save.mutate();
  };
  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      error={touched && Boolean(issues[name])}
      helperText={touched && issues[name] ? t(messageKey(issues[name])) : undefined}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('firstName', t('account.firstName'), 'given-name')}
          {field('lastName', t('account.lastName'), 'family-name')}
        </Box>
        {field('phone', t('account.phone'), 'tel')}
        <TextField
          select
          label={t('account.mailLanguage')}
          value={locale ?? user?.locale ?? DEFAULT_LANGUAGE}
          onChange={(event) => setLocale(event.target.value as Language)}
          helperText={t('account.mailLanguageHelp')}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'settings-mail-language' } }}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:language.names.${language}`)}
            </option>
          ))}
        </TextField>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('account.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ChangeEmailForm() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const issue = firstIssue(emailSchema, email);
  const send = useMutation({
    mutationFn: () => requestEmailChange(email.trim()),
    onSuccess: () => {
      showSuccess(t('email.sent', { email: user?.email ?? '' }));
      setEmail('');
      setTouched(false);
    },
    meta: { handlesErrors: true },
    // A change that needs the user to confirm who they are first continues by itself once they have.
    onError: (error) => {
      if (needsConfirmation(error) && requestStepUp(() => send.mutate())) return;
      handleGlobalError(error);
    },
  });
  // The button is disabled while sending, which drops the keyboard focus: put it back (QA11 F3).
  const submitRef = useRef<HTMLButtonElement>(null);
  useFocusWhenSettled(send.isPending, submitRef);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setTouched(true);
        if (!issue) send.mutate();
      }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('email.current', { email: user?.email ?? t('email.none') })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('email.new')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={touched && Boolean(issue)}
          helperText={touched && issue ? t(messageKey(issue)) : t('email.help')}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={send.isPending}
          ref={submitRef}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
        >
          {t('email.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [touched, setTouched] = useState(false);
  // The API's refusal of the current password, shown at that field until it is changed.
  const [wrongCurrent, setWrongCurrent] = useState<string | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const hasPassword = user?.hasPassword !== false;
  const currentIssue = hasPassword ? firstIssue(loginPasswordSchema, current) : undefined;
  const nextIssue = firstIssue(passwordSchema, next);
  const save = useMutation({
    mutationFn: () => changePassword(hasPassword ? current : undefined, next),
    onSuccess: async () => {
      // A first password changes the form: the next change asks for the current one, which the API now requires.
      if (!hasPassword) await queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(t('password.saved'));
      setCurrent('');
      setNext('');
      setTouched(false);
    },
    meta: { handlesErrors: true },
    // The button is disabled while saving, which drops the keyboard focus: a refused current password takes it
    // to that field; otherwise it goes back to the button once the request has settled (below).
    onError: (error) => {
      if (isApiError(error) && error.code === ('WRONG_PASSWORD' satisfies ErrorCode)) {
        setWrongCurrent(describeError(error));
        currentRef.current?.focus();
        return;
      }
      // A first password needs the user to confirm who they are (BankID): the change then goes on by itself with
      // what was typed, and its success message says it is done.
      if (needsConfirmation(error) && requestStepUp(() => save.mutate())) return;
      handleGlobalError(error);
    },
  });
  useFocusWhenSettled(save.isPending, submitRef);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setTouched(true);
        if (!currentIssue && !nextIssue) save.mutate();
      }}
    >
      <Stack spacing={2.5}>
        {hasPassword && (
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => {
              setCurrent(event.target.value);
              setWrongCurrent(null);
            }}
            inputRef={currentRef}
            error={(touched && Boolean(currentIssue)) || wrongCurrent !== null}
            helperText={touched && currentIssue ? t(messageKey(currentIssue)) : (wrongCurrent ?? undefined)}
            slotProps={{ htmlInput: { 'data-testid': 'password-current' } }}
          />
        )}
        {!hasPassword && <Typography variant="body2">{t('password.firstPassword')}</Typography>}
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={touched && Boolean(nextIssue)}
          helperText={touched && nextIssue ? t(messageKey(nextIssue)) : t('password.rules')}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={save.isPending} ref={submitRef}>
            {t('password.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Settings, default tab: account details and security (e-mail and password). */
export function SettingsAccountPage() {
  const { t } = useTranslation('settings');
  return (
    <>
      <SettingsSection
        title={t('account.title')}
        description={t('account.description')}
        testId="settings-account"
      >
        <AccountDetailsForm />
      </SettingsSection>
      <SettingsSection
        title={t('security.title')}
        description={t('security.description')}
        testId="settings-security"
      >
        <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
          {t('email.title')}
        </Typography>
        <ChangeEmailForm />
        <Typography variant="h3" sx={{ fontSize: '1rem', mt: 4, mb: 1.5 }}>
          {t('password.title')}
        </Typography>
        <ChangePasswordForm />
      </SettingsSection>
    </>
  );
}
