import {
  ERROR_ALERT_DURATION_MS,
  GENERIC_ALERT_DURATION_MS,
  SUCCESS_ALERT_DURATION_MS,
} from '@mp/domain/timing';
import { useSyncExternalStore } from 'react';

// Alerts (spec sections 8 and 9): one at a time, queued, auto-hiding after 5 s (error), 8 s (success) or
// 5 s (anything else).

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

let queue: readonly AppAlert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly AppAlert[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function showAlert(message: string, severity: AlertSeverity = 'info', cause?: unknown): void {
  const last = queue.at(-1);
  // The same message twice in a row (e.g. two failing requests) is shown once.
  if (last && last.message === message && last.severity === severity) return;
  setQueue([...queue, { id: nextId++, severity, message, durationMs: DURATIONS[severity], cause }]);
}

export const showError = (message: string, cause?: unknown) => showAlert(message, 'error', cause);
export const showSuccess = (message: string) => showAlert(message, 'success');
export const showWarning = (message: string) => showAlert(message, 'warning');

/** Removes the alert on screen so the next one in the queue can show. */
export function dismissAlert(id: number): void {
  setQueue(queue.filter((alert) => alert.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The alert to show now, if any. */
export function useCurrentAlert(): AppAlert | undefined {
  return useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => undefined,
  );
}
