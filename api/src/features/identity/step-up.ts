import { AppError } from '../../errors';
import type { AuthUser } from '../../plugins/auth';

/** How long a step-up confirmation (POST /api/user/confirm) lets the session do sensitive things. */
export const CONFIRMATION_VALID_SECONDS = 5 * 60;

export const confirmationRequired = () => new AppError('CONFIRMATION_REQUIRED');

/**
 * Step-up: 403 CONFIRMATION_REQUIRED unless the session's user confirmed who they are (fresh BankID or
 * password, POST /api/user/confirm) within the last five minutes. For what a stolen session could take.
 */
export function requireFreshConfirmation(authUser: AuthUser, now: Date = new Date()): void {
  const confirmedAt = authUser.confirmedAt?.getTime();
  if (confirmedAt === undefined || now.getTime() - confirmedAt > CONFIRMATION_VALID_SECONDS * 1000) {
    throw confirmationRequired();
  }
}
