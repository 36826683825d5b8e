// Step-up: some actions need the user to confirm who they are again (403 CONFIRMATION_REQUIRED). A page that
// can ask for the confirmation listens here; the global error handler asks it instead of showing the error.
// An action that can repeat itself passes `resume`: the dialog then runs it once the user is confirmed, so the
// user does not have to start it again.

type StepUpListener = (resume?: () => void) => void;

const listeners = new Set<StepUpListener>();

/** Registers a confirmation dialog; returns the unsubscribe function. */
export function onStepUpRequested(listener: StepUpListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens the confirmation dialog if one is on screen; false when none is (the caller shows the error). With
 * `resume`, the dialog runs it after the confirmation instead of asking the user to try again.
 */
export function requestStepUp(resume?: () => void): boolean {
  for (const listener of listeners) listener(resume);
  return listeners.size > 0;
}
