import { CONTACT_REPLY_WORKING_DAYS } from '@mp/domain/constants';
import { contactInquirySchema } from '@mp/domain/validation';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { showSuccess } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/auth';
import { sendInquiry, type InquiryInput } from '../../lib/inquiry';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { formIssueOf, formIssueText, type FormIssue } from '../../lib/validation';

type Field = 'details' | 'name' | 'email' | 'phone' | 'terms';

interface Form {
  details: string;
  name: string;
  email: string;
  phone: string;
  terms: boolean;
}

/** The first problem of each field, as message codes with their limits. */
function issuesOf(form: Form): Partial<Record<Field, FormIssue>> {
  const result = contactInquirySchema.safeParse(form);
  if (result.success) return {};
  const issues: Partial<Record<Field, FormIssue>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (!issues[field]) issues[field] = formIssueOf(issue);
  }
  return issues;
}

interface InquiryDialogProps {
  open: boolean;
  onClose: () => void;
  /** The consultant the inquiry is about (the form on a profile): their user id, sent as the form's `id`. */
  consultantId?: string;
  /** The search the buyer had made (the form in the search's empty state), for the operators. */
  criteria?: InquiryInput['criteria'];
}

/**
 * The contact form (spec sections 2, 3 and 5): what the buyer needs, a contact name, e-mail, an optional phone
 * and the terms. 'Let us help' in the search's empty state, or 'Contact the consultant' on a profile for those
 * without direct contact (visitors, users without premium), which names the consultant to the operators.
 * A logged-in sender's name and address are filled in. Submit stays disabled while the form is invalid or
 * sending; success closes the dialog and shows the server's message.
 */
export function InquiryDialog({ open, onClose, consultantId, criteria }: InquiryDialogProps) {
  const { t } = useTranslation('inquiry');
  const localize = useLocalizedPath();
  const titleId = useId();
  const user = useCurrentUser();
  const [form, setForm] = useState<Form>(() => ({
    details: '',
    name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    terms: false,
  }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const issues = issuesOf(form);
  const valid = Object.keys(issues).length === 0;
  const text = consultantId
    ? {
        title: t('consultant.title'),
        intro: t('consultant.intro', { replyDays: CONTACT_REPLY_WORKING_DAYS }),
        details: t('consultant.details'),
        detailsPlaceholder: t('consultant.detailsPlaceholder'),
      }
    : {
        title: t('title'),
        intro: t('intro', { replyDays: CONTACT_REPLY_WORKING_DAYS }),
        details: t('details'),
        detailsPlaceholder: t('detailsPlaceholder'),
      };
  const send = useMutation({
    mutationFn: () =>
      sendInquiry({
        details: form.details.trim(),
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        // Sent only when the form is valid, which needs the terms ticked.
        terms: true,
        ...(consultantId ? { id: consultantId } : {}),
        ...(criteria ? { criteria } : {}),
      }),
    onSuccess: (response) => {
      showSuccess(response.message);
      onClose();
    },
  });
  const set = <K extends Field>(field: K, value: Form[K]) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => ({ ...previous, [field]: true }));
  };
  const errorOf = (field: Field) =>
    touched[field] && issues[field] ? formIssueText(t, issues[field]) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ details: true, name: true, email: true, phone: true, terms: true });
    if (valid && !send.isPending) send.mutate();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="inquiry-form">
        <DialogTitle id={titleId}>{text.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text.intro}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              label={text.details}
              placeholder={text.detailsPlaceholder}
              multiline
              minRows={4}
              required
              value={form.details}
              onChange={(event) => set('details', event.target.value)}
              error={Boolean(errorOf('details'))}
              helperText={errorOf('details')}
              slotProps={{ htmlInput: { 'data-testid': 'inquiry-details', maxLength: 5000 } }}
            />
            <TextField
              label={t('name')}
              autoComplete="name"
              required
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name')}
              slotProps={{ htmlInput: { 'data-testid': 'inquiry-name', maxLength: 200 } }}
            />
            <TextField
              label={t('email')}
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={(event) => set('email', event.target.value)}
              error={Boolean(errorOf('email'))}
              helperText={errorOf('email')}
              slotProps={{ htmlInput: { 'data-testid': 'inquiry-email', maxLength: 320 } }}
            />
            <TextField
              label={t('phone')}
              type="tel"
              autoComplete="tel"
              value={form.phone}
              onChange={(event) => set('phone', event.target.value)}
              error={Boolean(errorOf('phone'))}
              helperText={errorOf('phone') ?? t('phoneHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'inquiry-phone', maxLength: 40 } }}
            />
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.terms}
                    onChange={(event) => set('terms', event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'inquiry-terms' } as object }}
                  />
                }
                label={
                  <Trans
                    t={t}
                    i18nKey="terms"
                    components={{ terms: <Link href={localize(paths['tos-users']())} target="_blank" /> }}
                  />
                }
              />
              {errorOf('terms') && <FormHelperText error>{errorOf('terms')}</FormHelperText>}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!valid || send.isPending}
            data-testid="inquiry-submit"
          >
            {t('submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
