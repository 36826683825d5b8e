import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { showSuccess } from '../../../lib/alerts';
import { handleGlobalError } from '../../../lib/errors';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { fieldErrorOf } from '../../../lib/validation';
import { sendFeedback } from '../api/feedback';

const MAX = 5000;

/** The feedback form (spec section 1), reachable from every app page through the side navigation. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const { pathname } = useLocation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One feedback per click: a double click sends once (one stored message, one confirmation mail).
  const send = useSubmitMutation({
    mutationFn: () => sendFeedback({ message, page: pathname }),
    meta: { handlesErrors: true },
    onSuccess: (answer) => {
      setMessage('');
      setError(null);
      showSuccess(answer.message);
      onClose();
    },
    onError: (failure) => {
      // A refusal of the message shows at the input; anything else (the page, a lost connection) globally.
      const text = fieldErrorOf(failure, 'message');
      if (text) setError(text);
      else handleGlobalError(failure);
    },
  });
  const submit = () => {
    if (!message.trim()) {
      setError(t('messages:validation.required'));
      return;
    }
    send.mutate();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('lead')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={4}
          label={t('message')}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? t('counter', { length: message.length, max: MAX })}
          slotProps={{ htmlInput: { maxLength: MAX, 'data-testid': 'feedback-message' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending} data-testid="feedback-send">
          {t('send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
