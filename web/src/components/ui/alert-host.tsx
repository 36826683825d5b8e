import { lazy, Suspense } from 'react';
import { useCurrentAlert } from '../../lib/alerts';

// The snackbar's code loads with the first alert, so pages that never show one do not pay for it.
const AlertSnackbar = lazy(() =>
  import('./alert-snackbar').then((module) => ({ default: module.AlertSnackbar })),
);

/** Shows the alert of the moment, one at a time (see lib/alerts). */
export function AlertHost() {
  const alert = useCurrentAlert();
  if (!alert) return null;
  return (
    <Suspense fallback={null}>
      {/* A new element for each alert, so one raised while a dialog is open is not inside what the dialog hid. */}
      <AlertSnackbar key={alert.id} alert={alert} />
    </Suspense>
  );
}
