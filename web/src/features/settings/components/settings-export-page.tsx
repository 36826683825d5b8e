import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useMutation } from '@tanstack/react-query';
import type { ErrorCode } from '@mp/api-contract/error-codes';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { requestStepUp } from '../../../lib/step-up';
import { downloadExport } from '../api/settings';
import { ConfirmIdentityHost } from './confirm-identity-dialog';
import { SettingsSection } from './settings-section';

const CONTENTS = [
  'account',
  'profile',
  'files',
  'searches',
  'companies',
  'time',
  'payments',
  'assessments',
  'feedback',
  'consents',
  'logins',
] as const;

/** Download all of one's own data as a zip (settings/export). */
export function SettingsExportPage() {
  const { t } = useTranslation('settings');
  const download = useMutation({
    mutationFn: downloadExport,
    // The server's name (konsultmarknaden-data-<date>.zip); the same pattern should a proxy drop the header.
    onSuccess: ({ blob, fileName }) =>
      saveFile(blob, fileName ?? `konsultmarknaden-data-${new Date().toISOString().slice(0, 10)}.zip`),
    // A stale confirmation (403 CONFIRMATION_REQUIRED) opens the confirmation dialog, and the download then starts
    // by itself once the user is confirmed: no second click, no "try again".
    meta: { handlesErrors: true },
    onError: (error) => {
      const needsConfirmation =
        isApiError(error) && error.code === ('CONFIRMATION_REQUIRED' satisfies ErrorCode);
      if (needsConfirmation && requestStepUp(() => download.mutate())) return;
      handleGlobalError(error);
    },
  });
  return (
    <Page title={t('export.title')} lead={t('export.lead')} maxWidth="md">
      <SettingsSection title={t('export.contentsTitle')}>
        <List dense sx={{ mb: 2 }}>
          {CONTENTS.map((id) => (
            <ListItem key={id} disableGutters>
              <ListItemText primary={t(`export.contents.${id}`)} />
            </ListItem>
          ))}
        </List>
        <Button
          variant="contained"
          startIcon={<DownloadOutlined />}
          onClick={() => download.mutate()}
          disabled={download.isPending}
          data-testid="download-export"
        >
          {t('export.download')}
        </Button>
      </SettingsSection>
      <ConfirmIdentityHost />
    </Page>
  );
}
