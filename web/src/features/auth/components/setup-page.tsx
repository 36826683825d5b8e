import {
  consentSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  optionalPhoneSchema,
} from '@mp/domain/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { useCurrentUser, userQueryKey } from '../../../lib/auth';
import { paths, safeRedirectPath } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { firstIssue, messageKey } from '../../../lib/validation';
import { saveSetupDetails } from '../api/setup';
import { TermsConsent } from './terms-consent';

/**
 * First setup of an unverified user: name, e-mail (confirmed by a mailed link), phone, and the terms. The
 * login's target (`redirect`, e.g. a company invite) goes into the mailed link and on to the success page.
 */
export function SetupPage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const [searchParams] = useSearchParams();
  const given = safeRedirectPath(searchParams.get('redirect'));
  // The API takes at most 2000 characters; a longer one (never one the login made) is left behind.
  const onward = given && given.length <= 2000 ? given : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [form, setForm] = useState({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.pendingEmail ?? user?.email ?? '',
    phone: user?.phone ?? '',
  });
  const [accepted, setAccepted] = useState(false);
  /** The address a confirmation link was sent to and is still waiting for. */
  const pendingAddress = user?.pendingEmail ?? user?.email;
  const [touched, setTouched] = useState(false);

  const issues = {
    firstName: firstIssue(firstNameSchema, form.firstName),
    lastName: firstIssue(lastNameSchema, form.lastName),
    email: firstIssue(emailSchema, form.email),
    phone: firstIssue(optionalPhoneSchema, form.phone),
    terms: firstIssue(consentSchema, accepted),
  };
  const valid = Object.values(issues).every((issue) => !issue);

  const save = useMutation({
    mutationFn: () =>
      saveSetupDetails({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
        // The form cannot be sent without the box ticked (consentSchema), so this records the acceptance.
        acceptTerms: true,
        ...(onward ? { redirect: onward } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      const success = paths['auth-setup-success']();
      await navigate(localize(onward ? `${success}?redirect=${encodeURIComponent(onward)}` : success));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) save.mutate();
  };

  const field = (name: keyof typeof form, props: { label: string; type?: string; autoComplete: string }) => {
    const issue = issues[name];
    return (
      <TextField
        {...props}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        error={touched && Boolean(issue)}
        helperText={touched && issue ? t(messageKey(issue)) : undefined}
        required={name !== 'phone'}
      />
    );
  };

  return (
    <Page title={t('setup.title')} lead={t('setup.lead')} maxWidth="sm">
      {pendingAddress && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="confirm-email-prompt">
          {t('setup.confirmPending', { email: pendingAddress })}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2.5}>
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {field('firstName', { label: t('setup.firstName'), autoComplete: 'given-name' })}
                {field('lastName', { label: t('setup.lastName'), autoComplete: 'family-name' })}
              </Box>
              {field('email', { label: t('setup.email'), type: 'email', autoComplete: 'email' })}
              {field('phone', { label: t('setup.phone'), type: 'tel', autoComplete: 'tel' })}
              <TermsConsent
                checked={accepted}
                onChange={setAccepted}
                error={touched && issues.terms ? t(messageKey(issues.terms)) : undefined}
              />
              <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
                {t('setup.submit')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Page>
  );
}
