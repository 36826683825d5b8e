import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { dismissAlert, type AppAlert } from '../../lib/alerts';

/** One alert on screen; it hides itself after its severity's duration. */
export function AlertSnackbar({ alert }: { alert: AppAlert }) {
  const { t } = useTranslation();
  const close = () => dismissAlert(alert.id);
  return (
    <Snackbar
      key={alert.id}
      open
      autoHideDuration={alert.durationMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, sm: 80 } }}
    >
      <Alert
        severity={alert.severity}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { 'aria-label': t('actions.close') } }}
        sx={{ width: '100%', maxWidth: 560, boxShadow: 3 }}
        data-testid="app-alert"
      >
        {alert.message}
      </Alert>
    </Snackbar>
  );
}
