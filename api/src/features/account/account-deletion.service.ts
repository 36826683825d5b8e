import { PROFILE_RETENTION_MONTHS_AFTER_DELETION, type Locale } from '@mp/domain';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import type { AuthDeps } from '../auth/bankid-login.service';
import {
  assertAccountCanLeaveCompanies,
  endMembershipsOfDeletedAccount,
} from '../companies/company-members.service';
import { removeDeletedAccountFromLists } from '../favorites/favorites.service';
import { revokeUserSessions } from '../identity/session.service';
import { formatDate } from '../payments/money';
import { deleteUserPictures } from '../pictures/picture-store';
import { changeProfile, setSearchableFlag } from '../profiles/profile.service';
import { updateUser } from '../users/users.service';
import { findLiveUser, startBankIdConfirmation, verifyConfirmation } from './confirmation.service';

/** The account's personal data is erased this long after deletion (spec section 9: account life + 3 months). */
export function computePurgeDate(deletedAt: Date): Date {
  const purge = new Date(deletedAt);
  purge.setUTCMonth(purge.getUTCMonth() + PROFILE_RETENTION_MONTHS_AFTER_DELETION);
  return purge;
}

/**
 * Starts a BankID order that confirms the deletion of the caller's own account (purpose 'confirm': it can
 * never log anyone in). Only for accounts that have a personal number, and not while the account is the last
 * admin of a company with other members (409 ACCOUNT_LAST_COMPANY_ADMIN, before anyone opens BankID).
 */
export async function startDeletionConfirmation(
  deps: AuthDeps,
  authUser: AuthUser,
  input: { ip: string; locale: Locale },
): Promise<{ orderRef: string; autoStartToken: string; sameDeviceUrl: string }> {
  await assertAccountCanLeaveCompanies(deps.db, authUser.id);
  return startBankIdConfirmation(deps, authUser, { ...input, returnPath: 'app/settings' });
}

export type DeleteAccountResult =
  { status: 'deleted'; purgeAfter: string } | { status: 'pending'; hintCode: string; message: string };

/**
 * Deletes the caller's account after the typed word (checked by the route schema) and a confirmation: the
 * password, or a completed BankID 'confirm' order for the account's own personal number (poll with the same
 * body while it is pending). In one transaction through the profile service: the profile is hidden and the
 * outbox row written, so it leaves search at once; its company memberships end (refused with 409
 * ACCOUNT_LAST_COMPANY_ADMIN while it is the last admin of a company with other members: checked first, and
 * again under lock); it leaves every other user's favourites lists; the account is marked deleted with its purge
 * date; its pictures are removed; every session
 * is revoked. The purge job erases the personal data after the retention period.
 */
export async function deleteAccount(
  deps: AuthDeps,
  authUser: AuthUser,
  input: { password?: string; orderRef?: string; ip: string; locale: Locale },
): Promise<DeleteAccountResult> {
  const user = await findLiveUser(deps, authUser.id);
  await assertAccountCanLeaveCompanies(deps.db, user.id);
  const outcome = await verifyConfirmation(
    deps,
    user,
    input,
    () => new AppError('CONFIRMATION_REQUIRED', { message: 'error.deletionConfirmationRequired' }),
  );
  if (outcome.status === 'pending') return outcome;
  const confirmedWith = outcome.with;

  const deletedAt = new Date();
  const purgeAfter = computePurgeDate(deletedAt);
  await changeProfile(deps.db, user.id, async (trx, profileId) => {
    await endMembershipsOfDeletedAccount(trx, user.id);
    await setSearchableFlag(trx, profileId, false);
    // Other users' lists: a hidden profile stays in them (it may come back), a deleted account leaves them.
    await removeDeletedAccountFromLists(trx, user.id);
    await updateUser(trx, user.id, {
      deleted_at: deletedAt,
      purge_after: purgeAfter,
      picture_key: null,
      picture_url: null,
    });
    // Pictures go at once (nothing may show them any more); the rest of the personal data at the purge.
    await deleteUserPictures(trx, user.id);
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
        params: { firstName: user.first_name, purgeDate: formatDate(purgeAfter, user.locale) },
      })
      .catch((error: Error) => deps.log.error({ err: error.message }, 'deletion mail could not be sent'));
  }
  return { status: 'deleted', purgeAfter: purgeAfter.toISOString() };
}
