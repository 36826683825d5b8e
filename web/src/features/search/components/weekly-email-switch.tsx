import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth';

/**
 * The weekly e-mail of new matches: premium only, so others see it disabled with the reason. A user who turned
 * saved-search mails off in the settings is told that none are sent while it stays off there.
 */
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
  const allOff = useCurrentUser()?.settings.notifications.savedSearches === false;
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
        {!isPremium
          ? t('saved.weeklyEmailPremiumOnly')
          : allOff
            ? t('saved.weeklyEmailAllOff')
            : t('saved.weeklyEmailHelp')}
      </FormHelperText>
    </div>
  );
}
