import { swedishDayOf } from '@mp/domain/calendar-date';
import { AVAILABILITY_KIND_IDS, type AvailabilityKindId } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ProfileForm } from '../profile-form';
import { EditSection } from './edit-section';

interface AvailabilitySectionProps {
  availability: ProfileForm['availability'];
  onChange: (patch: Partial<ProfileForm>) => void;
  errorText: (field: string) => string | undefined;
}

/** When the consultant can start: now, from a date, within a number of days, or not available. */
export function AvailabilitySection({ availability, onChange, errorText }: AvailabilitySectionProps) {
  const { t } = useTranslation('profiles');
  const set = (patch: Partial<ProfileForm['availability']>) =>
    onChange({ availability: { ...availability, ...patch } });
  return (
    <EditSection
      name="availability"
      title={t('edit.availability.title')}
      description={t('edit.availability.description')}
    >
      <RadioGroup
        aria-labelledby="profile-section-availability-title"
        value={availability.kind}
        onChange={(event) => set({ kind: event.target.value as AvailabilityKindId })}
        sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {AVAILABILITY_KIND_IDS.map((kind) => (
          <FormControlLabel
            key={kind}
            value={kind}
            control={<Radio slotProps={{ input: { 'data-testid': `availability-${kind}` } as object }} />}
            label={t(`edit.availability.kinds.${kind}`)}
          />
        ))}
      </RadioGroup>
      {availability.kind === 'available_at' && (
        <Box sx={{ mt: 2, maxWidth: 260 }}>
          <TextField
            type="date"
            label={t('edit.availability.date')}
            value={availability.date}
            onChange={(event) => set({ date: event.target.value })}
            error={Boolean(errorText('availability.date'))}
            helperText={errorText('availability.date') ?? t('edit.availability.dateHelp')}
            slotProps={{
              inputLabel: { shrink: true },
              // The picker offers today (in Sweden) or later; a typed earlier day is refused at save.
              htmlInput: { 'data-testid': 'availability-date', min: swedishDayOf(new Date()) },
            }}
          />
        </Box>
      )}
      {availability.kind === 'available_with_in' && (
        <Box sx={{ mt: 2, maxWidth: 260 }}>
          <TextField
            label={t('edit.availability.days')}
            value={availability.withinDays}
            onChange={(event) => set({ withinDays: event.target.value })}
            error={Boolean(errorText('availability.withinDays'))}
            helperText={errorText('availability.withinDays') ?? t('edit.availability.daysHelp')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'availability-days' },
            }}
          />
        </Box>
      )}
    </EditSection>
  );
}
