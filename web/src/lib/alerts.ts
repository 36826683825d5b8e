import {
  ERROR_ALERT_DURATION_MS,
  GENERIC_ALERT_DURATION_MS,
  SUCCESS_ALERT_DURATION_MS,
} from '@mp/domain/timing';
import { useSyncExternalStore } from 'react';

// Alerts (spec sections 8 and 9): one at a time, auto-hiding after 5 s (error), 8 s (success) or 5 s (anything
// else). A new alert takes the place of the one on screen, as Material Design has consecutive snackbars do: the
// answer to what someone just did shows at once, not once the last alert's time is up (a queue kept a
// confirmation waiting up to 8 s behind the one before it).

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';

export interface AppAlert {
  id: number;
  severity: AlertSeverity;
  message: string;
  durationMs: number;
  /** The failure an error alert tells of (an ApiError): the snackbar adds what to do about some of them. */
  cause?: unknown;
}

const DURATIONS: Record<AlertSeverity, number> = {
  error: ERROR_ALERT_DURATION_MS,
  success: SUCCESS_ALERT_DURATION_MS,
  warning: GENERIC_ALERT_DURATION_MS,
  info: GENERIC_ALERT_DURATION_MS,
};

let current: AppAlert | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function setCurrent(next: AppAlert | undefined): void {
  current = next;
  for (const listener of listeners) listener();
}

export function showAlert(message: string, severity: AlertSeverity = 'info', cause?: unknown): void {
  // The same message again while it shows (e.g. two failing requests) is shown once.
  if (current && current.message === message && current.severity === severity) return;
  setCurrent({ id: nextId++, severity, message, durationMs: DURATIONS[severity], cause });
}

export const showError = (message: string, cause?: unknown) => showAlert(message, 'error', cause);
export const showSuccess = (message: string) => showAlert(message, 'success');
export const showWarning = (message: string) => showAlert(message, 'warning');

/** Hides alert `id` if it is the one on screen (an alert already replaced by a newer one is gone). */
export function dismissAlert(id: number): void {
  if (current?.id === id) setCurrent(undefined);
}

/**
 * Hides a success alert on screen: for a page that shows a failure in place (beside the form) rather than as
 * an alert, so an earlier success ('Your card was saved') does not stand beside the failure that followed.
 */
export function dismissSuccessAlert(): void {
  if (current?.severity === 'success') setCurrent(undefined);
}

/** The alert on screen now, if any. */
export function currentAlert(): AppAlert | undefined {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The alert to show now, if any. */
export function useCurrentAlert(): AppAlert | undefined {
  return useSyncExternalStore(subscribe, currentAlert, () => undefined);
}
