import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { addReference, type OwnExperience } from '../api/profile';
import { useDialogForm } from '../hooks/use-dialog-form';
import { useOwnProfileMutation } from '../hooks/use-own-profile';
import { validateRefereeForm, type RefereeForm } from '../profile-form';
import { FormDialog } from './form-dialog';

interface RefereeDialogProps {
  experience: OwnExperience;
  onClose: () => void;
}

/** Names a referee for an experience; they get an e-mail with a link to approve or decline. */
export function RefereeDialog({ experience, onClose }: RefereeDialogProps) {
  const { t } = useTranslation('profiles');
  const save = useOwnProfileMutation((body: RefereeForm) => addReference(experience.id, body), {
    handlesErrors: true,
    onSuccess: (_profile, body) => {
      showSuccess(t('edit.references.sent', { email: body.email }));
      onClose();
    },
  });
  const { submit, field } = useDialogForm({
    initial: { firstName: '', lastName: '', email: '' },
    validate: validateRefereeForm,
    save,
    toBody: (form: RefereeForm) => ({
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
    }),
  });

  return (
    <FormDialog
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
      aria-labelledby="referee-title"
    >
      <DialogTitle id="referee-title">{t('edit.references.addTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          {t('edit.references.addBody', { company: experience.company, jobTitle: experience.jobTitle })}
        </DialogContentText>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={t('edit.references.firstName')}
            required
            autoFocus
            autoComplete="off"
            {...field('firstName')}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'referee-first-name' } }}
          />
          <TextField
            label={t('edit.references.lastName')}
            required
            autoComplete="off"
            {...field('lastName')}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'referee-last-name' } }}
          />
          <TextField
            label={t('edit.references.email')}
            required
            type="email"
            autoComplete="off"
            {...field('email')}
            slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'referee-email' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="referee-send">
          {t('edit.references.send')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
