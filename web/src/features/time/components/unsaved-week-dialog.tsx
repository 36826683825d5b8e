import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface UnsavedWeekDialogProps {
  open: boolean;
  /** The typed hours can be saved as they are (none is marked wrong). */
  canSave: boolean;
  busy: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onStay: () => void;
}

/**
 * Asked before the week form shows another week or assignment while hours typed in it are not saved: save
 * them and go on, discard them, or stay (also Escape). Saving stays on the week when a day is refused.
 */
export function UnsavedWeekDialog({
  open,
  canSave,
  busy,
  onSave,
  onDiscard,
  onStay,
}: UnsavedWeekDialogProps) {
  const { t } = useTranslation('time');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onStay}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
      data-testid="unsaved-week-dialog"
    >
      <DialogTitle id={titleId}>{t('week.unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {t('week.unsaved.body')} {!canSave && t('week.unsaved.cannotSave')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onStay} disabled={busy}>
          {t('week.unsaved.stay')}
        </Button>
        <Button color="error" onClick={onDiscard} disabled={busy}>
          {t('week.unsaved.discard')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy || !canSave}>
          {t('week.unsaved.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
