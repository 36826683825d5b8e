import type { MessageCode } from '@mp/domain/messages';
import { requiredTextSchema } from '@mp/domain/validation';
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
import { fieldErrorOf, firstFormIssue, formIssueText } from '../../../lib/validation';
import { sendFeedback } from '../api/feedback';

const MAX = 5000;
/** The API's rule for the message (`feedbackBodySchema`: required, not only spaces, at most MAX characters). */
const feedbackMessageSchema = requiredTextSchema.max(MAX, 'validation.maxLength' satisfies MessageCode);

/** The feedback form (spec section 1), reachable from every app page through the side navigation. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const { pathname } = useLocation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  // One feedback per click: a double click sends once (one stored message, one confirmation mail).
  const send = useSubmitMutation({
    mutationFn: () => sendFeedback({ message, page: pathname }),
    meta: { handlesErrors: true },
    onSuccess: (answer) => {
      setMessage('');
      setError(null);
      setTouched(false);
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
  // The API's rule, with its messages ('Cannot contain only spaces'); shown once the user has typed, and Send is
  // disabled while the message is not valid, as in the other dialogs with one text (a saved search's name).
  const issue = firstFormIssue(feedbackMessageSchema, message);
  const problem = error ?? (touched && issue ? formIssueText(t, issue) : null);
  const submit = () => {
    if (issue || send.isPending) return;
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
            setTouched(true);
            if (error) setError(null);
          }}
          error={Boolean(problem)}
          helperText={problem ?? t('counter', { length: message.length, max: MAX })}
          slotProps={{ htmlInput: { maxLength: MAX, 'data-testid': 'feedback-message' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={Boolean(issue) || send.isPending}
          data-testid="feedback-send"
        >
          {t('send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
