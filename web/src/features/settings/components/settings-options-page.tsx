import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { useCurrentUser, userQueryKey } from '../../../lib/auth';
import { updateAccount } from '../api/settings';
import { SettingsSection } from './settings-section';

/**
 * The e-mails a user can choose, each a stored setting that something reads: the weekly saved-search mail
 * skips users who turned it off, and news and offers is the consent the privacy policy points to. (A "tips
 * about your profile" switch stood here with no mail behind it; it went rather than store a choice nothing
 * reads.)
 */
const NOTIFICATIONS = ['savedSearches', 'marketing'] as const;
type Notification = (typeof NOTIFICATIONS)[number];

/** Settings, notifications: which e-mails the user wants. */
export function SettingsOptionsPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<Record<Notification, boolean>>) =>
      updateAccount({ settings: { notifications: change } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(t('notifications.saved'));
    },
  });
  const current = user?.settings.notifications;
  return (
    <SettingsSection title={t('notifications.title')} description={t('notifications.description')}>
      <FormGroup>
        {NOTIFICATIONS.map((id) => {
          const premiumOnly = id === 'savedSearches' && !user?.isPremium;
          return (
            <div key={id}>
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(current?.[id]) && !premiumOnly}
                    disabled={premiumOnly || save.isPending || !current}
                    onChange={(event) => save.mutate({ [id]: event.target.checked })}
                    slotProps={{ input: { 'data-testid': `notification-${id}` } as object }}
                  />
                }
                label={t(`notifications.${id}.label`)}
              />
              <FormHelperText sx={{ ml: 6.5, mt: -0.5, mb: 1.5 }}>
                {premiumOnly ? t('notifications.premiumOnly') : t(`notifications.${id}.help`)}
              </FormHelperText>
            </div>
          );
        })}
      </FormGroup>
    </SettingsSection>
  );
}
