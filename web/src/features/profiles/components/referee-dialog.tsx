import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { addReference, type OwnExperience } from '../api/profile';
import { useErrorText } from '../hooks/use-error-text';
import { useOwnProfileMutation } from '../hooks/use-own-profile';
import {
  issuesToFieldErrors,
  toFieldErrors,
  validateRefereeForm,
  type FieldErrors,
  type RefereeForm,
} from '../profile-form';

interface RefereeDialogProps {
  experience: OwnExperience;
  onClose: () => void;
}

/** Names a referee for an experience; they get an e-mail with a link to approve or decline. */
export function RefereeDialog({ experience, onClose }: RefereeDialogProps) {
  const { t } = useTranslation('profiles');
  const [form, setForm] = useState<RefereeForm>({ firstName: '', lastName: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const errorText = useErrorText(errors);
  const save = useOwnProfileMutation((body: RefereeForm) => addReference(experience.id, body), {
    handlesErrors: true,
    onSuccess: (_profile, body) => {
      showSuccess(t('edit.references.sent', { email: body.email }));
      onClose();
    },
  });

  const update = (patch: Partial<RefereeForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) setErrors(toFieldErrors(validateRefereeForm(next)));
  };

  const submit = () => {
    setSubmitted(true);
    const problems = validateRefereeForm(form);
    setErrors(toFieldErrors(problems));
    if (Object.keys(problems).length > 0) return;
    const body = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
    };
    save.mutate(body, {
      onError: (error) => {
        const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.data) : null;
        if (fieldErrors) setErrors(fieldErrors);
        else handleGlobalError(error);
      },
    });
  };

  const field = (name: keyof RefereeForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
    error: Boolean(errorText(name)),
    helperText: errorText(name),
  });

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="referee-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is portalled out of the editor's form in the DOM but not in React's tree, where its
          // submit event would bubble on to the editor and save the whole profile as well.
          event.stopPropagation();
          submit();
        }}
        sx={{ display: 'contents' }}
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
      </Box>
    </Dialog>
  );
}
