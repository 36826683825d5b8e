// Step-up: some actions need the user to confirm who they are again (403 CONFIRMATION_REQUIRED). A page that
// can ask for the confirmation listens here; the global error handler asks it instead of showing the error.

const listeners = new Set<() => void>();

/** Registers a confirmation dialog; returns the unsubscribe function. */
export function onStepUpRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the confirmation dialog if one is on screen; false when none is (the caller shows the error). */
export function requestStepUp(): boolean {
  for (const listener of listeners) listener();
  return listeners.size > 0;
}
