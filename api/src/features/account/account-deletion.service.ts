import { PROFILE_RETENTION_MONTHS_AFTER_DELETION, translateMessage, type Locale } from '@mp/domain';
import { AppError, badRequest, unauthorized } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { decryptSecret } from '../../lib/crypto';
import { buildWebLink } from '../../lib/links';
import type { AuthUser } from '../../plugins/auth';
import type { AuthDeps } from '../auth/bankid-login.service';
import { claimLoginAttempt } from '../auth/login-rate-limit';
import { verifyPassword } from '../auth/password-hash';
import { revokeUserSessions } from '../auth/session.repository';
import { describeFailedHint, describePendingHint } from '../bankid/bankid.messages';
import { findBankIdOrder } from '../bankid/bankid.repository';
import { collectBankIdOrder, orderGone, startBankIdOrder } from '../bankid/bankid.service';
import { changeProfile } from '../profiles/profile.service';
import { findUserById, updateUser, type UserRow } from '../users/users.repository';

async function findLiveUser(deps: AuthDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deleted_at) throw unauthorized();
  return user;
}

/** The account's personal data is erased this long after deletion (spec section 9: account life + 3 months). */
export function computePurgeDate(deletedAt: Date): Date {
  const purge = new Date(deletedAt);
  purge.setUTCMonth(purge.getUTCMonth() + PROFILE_RETENTION_MONTHS_AFTER_DELETION);
  return purge;
}

/**
 * Starts a BankID order that confirms the deletion of the caller's own account (purpose 'confirm': it can
 * never log anyone in). Only for accounts that have a personal number.
 */
export async function startDeletionConfirmation(
  deps: AuthDeps,
  authUser: AuthUser,
  input: { ip: string; locale: Locale },
): Promise<{ orderRef: string; autoStartToken: string; sameDeviceUrl: string }> {
  const user = await findLiveUser(deps, authUser.id);
  if (!user.national_identity_number_encrypted) {
    throw badRequest('error.deletionConfirmationRequired', 'BANKID_NOT_AVAILABLE');
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
    buildWebLink(deps.config.PUBLIC_URL, input.locale, 'app/settings', { orderRef: started.orderRef }),
  );
  return { ...started, sameDeviceUrl: url.toString() };
}

export type DeleteAccountResult =
  { status: 'deleted'; purgeAfter: string } | { status: 'pending'; hintCode: string; message: string };

/**
 * Deletes the caller's account after the typed word (checked by the route schema) and a confirmation: the
 * password, or a completed BankID 'confirm' order for the account's own personal number (poll with the same
 * body while it is pending). In one transaction through the profile service: the profile is hidden and the
 * outbox row written, so it leaves search at once; the account is marked deleted with its purge date; every
 * session is revoked. The purge job erases the personal data after the retention period.
 */
export async function deleteAccount(
  deps: AuthDeps,
  authUser: AuthUser,
  input: { password?: string; orderRef?: string; ip: string; locale: Locale },
): Promise<DeleteAccountResult> {
  const user = await findLiveUser(deps, authUser.id);
  let confirmedWith: 'password' | 'bankid';
  if (input.password !== undefined) {
    const attempt = await claimLoginAttempt(deps, { email: user.email, ip: input.ip });
    if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) {
      throw new AppError(400, 'WRONG_PASSWORD', 'error.wrongPassword');
    }
    await attempt.succeeded();
    confirmedWith = 'password';
  } else if (input.orderRef !== undefined) {
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
      const { code, messageCode } = describeFailedHint(outcome.hintCode);
      throw new AppError(400, code, messageCode, { hintCode: outcome.hintCode });
    }
    if (outcome.status === 'gone') throw orderGone();
    confirmedWith = 'bankid';
  } else {
    throw badRequest('error.deletionConfirmationRequired', 'CONFIRMATION_REQUIRED');
  }

  const deletedAt = new Date();
  const purgeAfter = computePurgeDate(deletedAt);
  await changeProfile(deps.db, user.id, async (trx, profileId) => {
    await trx.updateTable('profiles').set({ is_searchable: false }).where('id', '=', profileId).execute();
    await updateUser(trx, user.id, { deleted_at: deletedAt, purge_after: purgeAfter });
    await revokeUserSessions(trx, user.id);
    await recordAuditEvent(trx, {
      actorUserId: user.id,
      action: 'account.deleted',
      subjectType: 'user',
      subjectId: user.id,
      data: { confirmedWith, purgeAfter: purgeAfter.toISOString() },
      ip: input.ip,
    });
  });

  if (user.email) {
    await deps.mailer
      .sendMail({
        to: user.email,
        locale: user.locale,
        template: 'accountDeleted',
        params: { firstName: user.first_name, purgeDate: purgeAfter.toISOString().slice(0, 10) },
      })
      .catch((error: Error) => deps.log.error({ err: error.message }, 'deletion mail could not be sent'));
  }
  return { status: 'deleted', purgeAfter: purgeAfter.toISOString() };
}
