import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/validation';
import { PROFILE_LIMITS, type ProfileForm } from '../profile-form';
import { EditSection } from './edit-section';

interface BasicsSectionProps {
  form: Pick<ProfileForm, 'firstName' | 'lastName' | 'shortDescription' | 'jobTitles'>;
  onChange: (patch: Partial<ProfileForm>) => void;
  errorText: (field: string) => string | undefined;
}

/** Names, job titles and the short description. */
export function BasicsSection({ form, onChange, errorText }: BasicsSectionProps) {
  const { t } = useTranslation('profiles');
  // A title over its limit is said as it is added, and its chip marked, not first on save (QA13 F9).
  const tooLong = (title: string) => title.length > PROFILE_LIMITS.jobTitle;
  const jobTitleError =
    errorText('jobTitles') ??
    form.jobTitles.map((_title, index) => errorText(`jobTitles.${index}`)).find(Boolean) ??
    (form.jobTitles.some(tooLong)
      ? t(messageKey('validation.maxLength'), { max: PROFILE_LIMITS.jobTitle })
      : undefined);
  return (
    <EditSection name="basics" title={t('edit.basics.title')} description={t('edit.basics.description')}>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          // minmax(0, …): a long job title's chip must not widen the column past a phone's screen.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TextField
          label={t('edit.basics.firstName')}
          value={form.firstName}
          onChange={(event) => onChange({ firstName: event.target.value })}
          error={Boolean(errorText('firstName'))}
          helperText={errorText('firstName')}
          autoComplete="given-name"
          required
          slotProps={{ htmlInput: { 'data-testid': 'profile-first-name' } }}
        />
        <TextField
          label={t('edit.basics.lastName')}
          value={form.lastName}
          onChange={(event) => onChange({ lastName: event.target.value })}
          error={Boolean(errorText('lastName'))}
          helperText={errorText('lastName')}
          autoComplete="family-name"
          required
          slotProps={{ htmlInput: { 'data-testid': 'profile-last-name' } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Autocomplete<string, true, false, true>
            multiple
            freeSolo
            options={[]}
            value={form.jobTitles}
            onChange={(_event, titles) =>
              onChange({
                jobTitles: [...new Set(titles.map((title) => title.trim()).filter(Boolean))],
              })
            }
            renderValue={(selected, getItemProps) =>
              selected.map((title, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    size="small"
                    label={title}
                    color={tooLong(title) ? 'error' : 'default'}
                    sx={{ maxWidth: '100%' }}
                    {...itemProps}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('edit.basics.jobTitles')}
                placeholder={form.jobTitles.length === 0 ? t('edit.basics.jobTitlesPlaceholder') : undefined}
                error={Boolean(jobTitleError)}
                helperText={
                  jobTitleError ?? t('edit.basics.jobTitlesHelp', { max: PROFILE_LIMITS.jobTitles })
                }
                slotProps={{
                  ...params.slotProps,
                  htmlInput: {
                    ...params.slotProps.htmlInput,
                    'data-testid': 'profile-job-titles',
                  },
                }}
              />
            )}
            autoSelect
          />
        </Box>
        <TextField
          sx={{ gridColumn: '1 / -1' }}
          label={t('edit.basics.shortDescription')}
          value={form.shortDescription}
          onChange={(event) => onChange({ shortDescription: event.target.value })}
          error={Boolean(errorText('shortDescription'))}
          helperText={
            errorText('shortDescription') ??
            t('edit.basics.shortDescriptionHelp', {
              used: form.shortDescription.length,
              max: PROFILE_LIMITS.shortDescription,
            })
          }
          multiline
          minRows={4}
          slotProps={{ htmlInput: { 'data-testid': 'profile-description' } }}
        />
      </Box>
    </EditSection>
  );
}
