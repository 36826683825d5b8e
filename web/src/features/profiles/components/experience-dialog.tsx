import { EMPLOYMENT_FORMS, type EmploymentFormId } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { addExperience, changeExperience, type OwnExperience } from '../api/profile';
import { useDialogForm } from '../hooks/use-dialog-form';
import { useOwnProfileMutation } from '../hooks/use-own-profile';
import {
  experienceToBody,
  experienceToForm,
  validateExperienceForm,
  type ExperienceForm,
} from '../profile-form';
import { FormDialog } from './form-dialog';
import { TermsInput } from './terms-input';
import { useLanguage } from '../../../lib/i18n';

interface ExperienceDialogProps {
  /** The experience to edit; null adds a new one. */
  experience: OwnExperience | null;
  onClose: () => void;
}

/** Adds or edits one experience or assignment; it is saved on its own, right away. */
export function ExperienceDialog({ experience, onClose }: ExperienceDialogProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useOwnProfileMutation(
    (body: ExperienceForm) =>
      experience
        ? changeExperience(experience.id, experienceToBody(experience, body))
        : addExperience(experienceToBody(null, body)),
    {
      handlesErrors: true,
      onSuccess: () => {
        showSuccess(t('edit.experiences.saved'));
        onClose();
      },
    },
  );

  const { form, update, submit, field, errorText } = useDialogForm({
    initial: () => experienceToForm(experience),
    validate: validateExperienceForm,
    save,
    toBody: (form: ExperienceForm) => form,
  });

  return (
    <FormDialog
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="experience-dialog-title"
    >
      <DialogTitle id="experience-dialog-title">
        {experience ? t('edit.experiences.editTitle') : t('edit.experiences.addTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={t('edit.experiences.company')}
            required
            autoFocus
            {...field('company')}
            slotProps={{
              htmlInput: { 'data-testid': 'experience-company' },
            }}
          />
          <TextField
            label={t('edit.experiences.jobTitle')}
            required
            {...field('jobTitle')}
            slotProps={{
              htmlInput: { 'data-testid': 'experience-title' },
            }}
          />
          <TextField
            label={t('edit.experiences.startYear')}
            required
            {...field('startYear')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'experience-start' },
            }}
          />
          <TextField
            label={t('edit.experiences.endYear')}
            required={!form.ongoing}
            disabled={form.ongoing}
            {...field('endYear')}
            value={form.ongoing ? '' : form.endYear}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'experience-end' },
            }}
          />
          <FormControlLabel
            sx={{ gridColumn: '1 / -1', mt: -1 }}
            control={
              <Checkbox
                checked={form.ongoing}
                onChange={(event) => update({ ongoing: event.target.checked })}
                slotProps={{ input: { 'data-testid': 'experience-ongoing' } as object }}
              />
            }
            label={t('edit.experiences.ongoing')}
          />
          <FormControl sx={{ gridColumn: '1 / -1' }} error={Boolean(errorText('employmentForm'))} required>
            <FormLabel id="employment-form-label">{t('edit.experiences.employmentForm')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="employment-form-label"
              value={form.employmentForm}
              onChange={(event) => update({ employmentForm: event.target.value as EmploymentFormId })}
            >
              {EMPLOYMENT_FORMS.map((employmentForm) => (
                <FormControlLabel
                  key={employmentForm.id}
                  value={employmentForm.id}
                  control={
                    <Radio
                      slotProps={{ input: { 'data-testid': `employment-${employmentForm.id}` } as object }}
                    />
                  }
                  label={employmentForm.label[language]}
                />
              ))}
            </RadioGroup>
            {errorText('employmentForm') && <FormHelperText>{errorText('employmentForm')}</FormHelperText>}
          </FormControl>
          <TextField
            sx={{ gridColumn: '1 / -1' }}
            label={t('edit.experiences.descriptionField')}
            multiline
            minRows={4}
            {...field('description')}
            helperText={errorText('description') ?? t('edit.experiences.descriptionHelp')}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TermsInput
              vocabulary="skills"
              label={t('edit.experiences.skills')}
              helperText={t('edit.experiences.skillsHelp')}
              error={
                errorText('skills') ??
                form.skills.map((_skill, index) => errorText(`skills.${index}`)).find(Boolean)
              }
              value={form.skills}
              onChange={(skills) => update({ skills })}
              testId="experience-skills"
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="experience-save">
          {t('edit.experiences.save')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
