import Alert from '@mui/material/Alert';
import MuiLink from '@mui/material/Link';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import type { ErrorCode } from '@mp/api-contract/error-codes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dismissAlert, type AppAlert } from '../../lib/alerts';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';

/** A refusal for want of premium: the alert links to the subscription page, where premium is bought. */
function isPremiumRequired(cause: unknown): boolean {
  return isApiError(cause) && cause.code === ('PREMIUM_REQUIRED' satisfies ErrorCode);
}

/**
 * One alert on screen; it hides itself after its severity's duration. It is mounted at the end of the document's
 * body, not inside the app's root: an open dialog hides everything else in the body from assistive technology
 * (`aria-hidden`, set when it opens), and an alert that a failure in the dialog raises must still be heard.
 */
export function AlertSnackbar({ alert }: { alert: AppAlert }) {
  const { t } = useTranslation();
  const close = () => dismissAlert(alert.id);
  return (
    <Portal>
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
          {isPremiumRequired(alert.cause) && <PremiumLink onFollow={close} />}
        </Alert>
      </Snackbar>
    </Portal>
  );
}

/**
 * The premium alert's link to the subscription page, under the message (not as the alert's `action`, which
 * would take the close button's place). Its text is in the payments namespace, loaded only for this alert:
 * the snackbar waits for it under the alert host's Suspense.
 */
function PremiumLink({ onFollow }: { onFollow: () => void }) {
  const { t } = useTranslation('payments');
  const localized = useLocalizedPath();
  return (
    <MuiLink
      component={Link}
      to={localized(paths.subscription())}
      onClick={onFollow}
      color="inherit"
      sx={{ display: 'block', mt: 0.5, fontWeight: 700 }}
      data-testid="premium-alert-link"
    >
      {t('unlock.title')}
    </MuiLink>
  );
}
