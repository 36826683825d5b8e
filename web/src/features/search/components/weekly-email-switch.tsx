import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';

/** The weekly e-mail of new matches: premium only, so others see it disabled with the reason. */
export function WeeklyEmailSwitch({
  checked,
  isPremium,
  onChange,
}: {
  checked: boolean;
  isPremium: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('search-filters');
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={checked && isPremium}
            disabled={!isPremium}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'weekly-email' } as object }}
          />
        }
        label={t('saved.weeklyEmail')}
      />
      <FormHelperText sx={{ mt: 0, ml: 0 }}>
        {isPremium ? t('saved.weeklyEmailHelp') : t('saved.weeklyEmailPremiumOnly')}
      </FormHelperText>
    </div>
  );
}
