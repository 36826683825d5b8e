import { AppError } from '../errors';
import type { AuthUser } from '../plugins/auth';

/**
 * The one premium check (spec section 6: contracts and signing are premium). For now premium is
 * `users.is_premium` (read with the session); the subscriptions feature replaces this function's body.
 */
export function hasPremium(user: AuthUser): boolean {
  return user.isPremium;
}

/** 403 PREMIUM_REQUIRED unless the caller has premium. */
export function assertPremium(user: AuthUser): void {
  if (!hasPremium(user)) throw new AppError(403, 'PREMIUM_REQUIRED', 'error.premiumRequired');
}
