import { translateMessage, type Locale } from '@mp/domain';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { decryptSecret } from '../../lib/crypto';
import { buildWebLink } from '../../lib/links';
import type { AuthUser } from '../../plugins/auth';
import type { AuthDeps } from '../auth/bankid-login.service';
import { claimLoginAttempt } from '../identity/login-rate-limit';
import { verifyPassword } from '../identity/password-hash';
import { markSessionConfirmed } from '../identity/session.service';
import { CONFIRMATION_VALID_SECONDS } from '../identity/step-up';
import { describePendingHint } from '../bankid/bankid.messages';
import {
  collectBankIdOrder,
  findBankIdOrder,
  orderFailed,
  orderGone,
  startBankIdOrder,
} from '../bankid/bankid.service';
import { findUserById, type UserRow } from '../users/users.service';

/** How long a confirmation (step-up) lets the session do what needs one. */

export async function findLiveUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deleted_at) throw new AppError('UNAUTHORIZED');
  return user;
}

export type ConfirmationOutcome =
  | { status: 'pending'; hintCode: string; message: string }
  | { status: 'confirmed'; with: 'password' | 'bankid' };

/**
 * Starts a BankID order for the user's own personal number that confirms who they are (purpose 'confirm': it
 * can never log anyone in). Only for accounts that have a personal number.
 */
export async function startBankIdConfirmation(
  deps: AuthDeps,
  authUser: AuthUser,
  input: { ip: string; locale: Locale; returnPath: string },
): Promise<{ orderRef: string; autoStartToken: string; sameDeviceUrl: string }> {
  const user = await findLiveUser(deps, authUser.id);
  if (!user.national_identity_number_encrypted) {
    throw new AppError('BANKID_NOT_AVAILABLE');
  }
  const personalNumber = decryptSecret(
    deps.config.NIN_ENCRYPTION_KEY,
    user.national_identity_number_encrypted,
  );
  const started = await startBankIdOrder(deps, {
    personalNumber,
    endUserIp: input.ip,
    purpose: 'confirm',
    locale: input.locale,
  });
  const url = new URL(deps.config.BANKID_APP_URL);
  url.searchParams.set('autostarttoken', started.autoStartToken);
  url.searchParams.set(
    'redirect',
    buildWebLink(deps.config.PUBLIC_URL, input.locale, input.returnPath, { orderRef: started.orderRef }),
  );
  return { ...started, sameDeviceUrl: url.toString() };
}

/**
 * Checks a confirmation: the account's password (counted by the login limit, 403E005) or a BankID order
 * started by {@link startBankIdConfirmation} for the same person (poll until it completes).
 */
export async function verifyConfirmation(
  deps: AuthDeps,
  user: UserRow,
  input: { password?: string; orderRef?: string; ip: string; locale: Locale },
  missing: () => AppError,
): Promise<ConfirmationOutcome> {
  if (input.password !== undefined) {
    const attempt = await claimLoginAttempt(deps, { email: user.email, ip: input.ip });
    if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) {
      throw new AppError('WRONG_PASSWORD');
    }
    await attempt.succeeded();
    return { status: 'confirmed', with: 'password' };
  }
  if (input.orderRef !== undefined) {
    const order = await findBankIdOrder(deps.db, input.orderRef);
    if (
      !order ||
      order.purpose !== 'confirm' ||
      !user.national_identity_number_hash ||
      order.personal_number_hash !== user.national_identity_number_hash
    ) {
      throw orderGone();
    }
    const outcome = await collectBankIdOrder(deps, order);
    if (outcome.status === 'pending') {
      return {
        status: 'pending',
        hintCode: outcome.hintCode,
        message: translateMessage(describePendingHint(outcome.hintCode), input.locale),
      };
    }
    if (outcome.status === 'failed') {
      throw orderFailed(outcome.hintCode);
    }
    if (outcome.status === 'gone') throw orderGone();
    return { status: 'confirmed', with: 'bankid' };
  }
  throw missing();
}

/**
 * POST /api/user/confirm: the user confirms who they are in this session (step-up); what needs a fresh
 * confirmation is then allowed for {@link CONFIRMATION_VALID_SECONDS}.
 */
export async function confirmSession(
  deps: AuthDeps,
  authUser: AuthUser,
  input: { password?: string; orderRef?: string; ip: string; locale: Locale },
): Promise<
  { status: 'pending'; hintCode: string; message: string } | { status: 'confirmed'; validUntil: string }
> {
  const user = await findLiveUser(deps, authUser.id);
  const outcome = await verifyConfirmation(deps, user, input, () => new AppError('CONFIRMATION_REQUIRED'));
  if (outcome.status === 'pending') return outcome;
  const confirmedAt = await markSessionConfirmed(deps.db, authUser.sessionId);
  await recordAuditEvent(deps.db, {
    actorUserId: user.id,
    action: 'auth.confirmed',
    data: { method: outcome.with },
    ip: input.ip,
  });
  return {
    status: 'confirmed',
    validUntil: new Date(confirmedAt.getTime() + CONFIRMATION_VALID_SECONDS * 1000).toISOString(),
  };
}
