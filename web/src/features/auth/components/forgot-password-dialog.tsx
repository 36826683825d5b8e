import { emailSchema } from '@mp/domain/validation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { firstIssue, messageKey } from '../../../lib/validation';
import { requestPasswordReset } from '../api/password';

/** Forgot password: sends a single-use reset link to the address. */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const issue = firstIssue(emailSchema, email);
  const send = useMutation({
    mutationFn: () => requestPasswordReset(email.trim()),
    onSuccess: () => {
      showSuccess(t('password.resetLinkSent', { email: email.trim() }));
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the login form in the React tree, and React's submit event bubbles through the
    // portal: without this the login form behind it would be sent too.
    event.stopPropagation();
    setTouched(true);
    if (!issue) send.mutate();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('password.forgotTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('password.forgotBody')}</DialogContentText>
          <TextField
            label={t('password.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={touched && Boolean(issue)}
            helperText={touched && issue ? t(messageKey(issue)) : ' '}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('password.sendLink')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
