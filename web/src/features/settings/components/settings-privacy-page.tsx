import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { useCurrentUser, userQueryKey } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { setSearchable } from '../api/settings';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

/** Settings, privacy: the searchable toggle, data download and account deletion. */
export function SettingsPrivacyPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const localize = useLocalizedPath();
  const [deleting, setDeleting] = useState(false);
  const searchable = user?.settings?.platform?.isSearchable ?? true;
  const toggle = useMutation({
    mutationFn: (next: boolean) => setSearchable(next),
    onSuccess: async (_result, next) => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(next ? t('privacy.searchableOn') : t('privacy.searchableOff'));
    },
  });
  return (
    <>
      <SettingsSection title={t('privacy.searchableTitle')} description={t('privacy.searchableDescription')}>
        <FormControlLabel
          control={
            <Switch
              checked={searchable}
              disabled={toggle.isPending}
              onChange={(event) => toggle.mutate(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'searchable-toggle' } as object }}
            />
          }
          label={searchable ? t('privacy.searchableLabelOn') : t('privacy.searchableLabelOff')}
        />
      </SettingsSection>
      <SettingsSection title={t('export.title')} description={t('export.description')}>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          href={localize(paths['settings-export']())}
        >
          {t('export.open')}
        </Button>
      </SettingsSection>
      <SettingsSection
        title={t('delete.title')}
        description={t('delete.description')}
        testId="settings-delete"
      >
        <Button
          variant="outlined"
          color="error"
          onClick={() => setDeleting(true)}
          data-testid="delete-account"
        >
          {t('delete.open')}
        </Button>
      </SettingsSection>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </>
  );
}
