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

const NOTIFICATIONS = ['savedSearches', 'profileTips', 'news'] as const;
type Notification = (typeof NOTIFICATIONS)[number];

/** Settings, notifications: which e-mails the user wants. */
export function SettingsOptionsPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // The contract's user carries only `notifications.marketing` (and POST /user refuses other keys): these three
  // switches predate it and are not stored yet. Typing the user from the contract made that visible.
  const current: Record<string, boolean> = { ...user?.settings.notifications };
  const save = useMutation({
    mutationFn: (next: Record<string, boolean>) => updateAccount({ settings: { notifications: next } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(t('notifications.saved'));
    },
  });
  const isOn = (id: Notification) => current[id] ?? id !== 'news';
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
                    checked={isOn(id) && !premiumOnly}
                    disabled={premiumOnly || save.isPending}
                    onChange={(event) => save.mutate({ ...current, [id]: event.target.checked })}
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
