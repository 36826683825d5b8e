// A checked literal, not the codes object: that one brings the whole error catalogue into the first script.
import type { ErrorCode } from '@mp/api-contract/error-codes';
import { showError } from './alerts';
import { isApiError } from './api-client';
import { i18n } from './i18n';
import { requestStepUp } from './step-up';

/**
 * The text the global error display shows (spec section 8): the generic message for no response or a server
 * failure (status 0 or 500), else the API's translated `errorMessage`, else the response data, else the
 * error's own message.
 */
export function describeError(error: unknown): string {
  const generic = i18n.t('messages:error.generic');
  if (isApiError(error)) {
    if (error.status === 0 || error.status === 500) return generic;
    if (error.errorMessage) return error.errorMessage;
    if (typeof error.data === 'string' && error.data.trim()) return error.data;
    return error.message || generic;
  }
  if (error instanceof Error && error.message) return error.message;
  return generic;
}

/** The global error handler: shows the error in the error alert (which links premium refusals to the plans). */
export function handleGlobalError(error: unknown): void {
  // An action that needs a fresh confirmation opens the confirmation dialog instead, where there is one.
  if (isApiError(error) && error.code === ('CONFIRMATION_REQUIRED' satisfies ErrorCode) && requestStepUp())
    return;
  showError(describeError(error), error);
}
