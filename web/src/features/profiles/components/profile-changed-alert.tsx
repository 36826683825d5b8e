import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

interface ProfileChangedAlertProps {
  /** The text of PROFILE_CHANGED as this page tells it (the owner's or an admin's). */
  message: string;
  reloading: boolean;
  onReload: () => void;
}

/** A save refused because the profile changed elsewhere: what was typed stays until the page is reloaded. */
export function ProfileChangedAlert({ message, reloading, onReload }: ProfileChangedAlertProps) {
  const { t } = useTranslation('profiles');
  return (
    <Alert
      severity="warning"
      data-testid="profile-changed"
      sx={{ width: '100%', alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={onReload}
          disabled={reloading}
          data-testid="profile-reload"
        >
          {reloading ? t('edit.changed.reloading') : t('edit.changed.reload')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
