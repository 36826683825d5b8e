import { maskPersonalIdentityNumber } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { decryptSecret } from '../../lib/crypto';
import { buildWebLink, verifyEmailLink, WEB_PATHS } from '../../lib/links';
import { MailRecipientRefusedError, type Mailer, type MailMessage } from '../../lib/mailer';
import { enqueueMail, type DeliverMails } from '../../lib/mail-outbox';
import type { MailTemplate } from '../../lib/mail-templates';
import type { AuthUser } from '../../plugins/auth';
import { claimLoginAttempt } from '../identity/login-rate-limit';
import { hashPassword, verifyPassword } from '../identity/password-hash';
import { revokeUserSessions } from '../identity/session.service';
import { requireFreshConfirmation } from '../identity/step-up';
import { changeProfile } from '../profiles/profile.service';
import { getTermsStatus, recordSignupConsent } from '../terms/terms.service';
import { findPendingEmailChange } from './email-token.repository';
import {
  consumeEmailToken,
  createEmailToken,
  EMAIL_TOKEN_TTL_MINUTES,
  findSpentEmailToken,
} from './email-token.service';
import {
  findProfileSearchable,
  findUserByEmail,
  findUserById,
  updateUser,
  type UserRow,
} from './users.repository';
import { storedSettingsSchema, type UpdateUserBody, type UserResponse } from '@mp/api-contract/users.schema';

/** Data access other features use; the SQL stays in the repository. */
export {
  findUserByEmail,
  findUserById,
  findUserByPersonalNumberHash,
  insertBankIdUser,
  insertPasswordUser,
  releaseRemovedAccountEmail,
  touchLastLogin,
  updateUser,
  type UserRow,
} from './users.repository';

export interface UsersDeps {
  db: Kysely<Database>;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const emailInUse = () => new AppError('EMAIL_IN_USE');
const invalidToken = () => new AppError('INVALID_TOKEN');

/** The deps with `db` being a running transaction, for the steps of one that sends a mail before it commits. */
type InTransaction<D extends { db: Kysely<Database> }> = Omit<D, 'db'> & { db: Transaction<Database> };

function inTransaction(deps: UsersDeps, trx: Transaction<Database>): InTransaction<UsersDeps> {
  return { db: trx, config: deps.config, mailer: deps.mailer, log: deps.log };
}

/**
 * Sends a mail that carries a link, from inside the transaction that stores the link, so a mail that cannot
 * be sent saves nothing: no pending address the web would present as "a link was sent". When the mail goes
 * to the address the user gave, a refusal of it for good is the user's mistake (400 'Invalid e-mail'); any
 * other failure is 502 MAIL_FAILED with a message saying so.
 */
async function sendLinkMail<T extends MailTemplate>(
  deps: Pick<UsersDeps, 'mailer' | 'log'>,
  message: MailMessage<T>,
  options: { toAddressGiven: boolean },
): Promise<void> {
  try {
    await deps.mailer.sendMail(message);
  } catch (error) {
    if (error instanceof MailRecipientRefusedError && options.toAddressGiven) {
      throw new AppError('VALIDATION_FAILED', { message: 'validation.invalidEmail' });
    }
    deps.log.error(
      { err: (error as Error).message, template: message.template },
      'link mail could not be sent',
    );
    throw new AppError('MAIL_FAILED', { message: 'error.confirmationMailFailed' });
  }
}

async function findLiveUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  // The session check already refuses deleted accounts; this guards the window of a concurrent deletion.
  if (!user || user.deleted_at) throw new AppError('UNAUTHORIZED');
  return user;
}

function maskedPersonalNumber(config: AppConfig, user: UserRow): string | null {
  if (!user.national_identity_number_encrypted) return null;
  return maskPersonalIdentityNumber(
    decryptSecret(config.NIN_ENCRYPTION_KEY, user.national_identity_number_encrypted),
  );
}

/** The user as the web sees it: account, flags, searchable profile, terms status and pending e-mail. */
export async function getUserResponse(
  deps: Pick<UsersDeps, 'db' | 'config'>,
  userId: string,
): Promise<UserResponse> {
  const user = await findLiveUser(deps.db, userId);
  const [searchable, terms, pendingEmail] = await Promise.all([
    findProfileSearchable(deps.db, userId),
    getTermsStatus(deps.db, userId),
    findPendingEmailChange(deps.db, userId),
  ]);
  const settings = storedSettingsSchema.parse(user.settings);
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    pendingEmail,
    phone: user.phone,
    picture: { key: user.picture_key, url: user.picture_url },
    nationalIdentityNumber: maskedPersonalNumber(deps.config, user),
    verified: user.verified,
    isAdmin: user.is_admin,
    isPremium: user.is_premium,
    locale: user.locale,
    hasPassword: user.password_hash !== null,
    hasBankId: user.national_identity_number_hash !== null,
    settings: {
      // Without a profile nothing is searchable yet.
      platform: { isSearchable: searchable ?? false },
      notifications: {
        marketing: settings.notifications.marketing,
        savedSearches: settings.notifications.savedSearches,
      },
    },
    terms,
    subscriptions: { isAdmin: user.is_admin, isPremium: user.is_premium },
    createdAt: user.created_at.toISOString(),
  };
}

/**
 * Saves the account fields a user edits. A name is part of the consultant's search document, so for a
 * user with a profile the change goes through the profile service (version bump and outbox row).
 *
 * First setup sends names, phone and e-mail together, and they are saved together or not at all: an address
 * taken by another account, refused by the mail server, or a confirmation mail that cannot be sent fails the
 * whole request. The fields, the terms acceptance and the link are written in one transaction and the mail
 * goes out before it commits, as an e-mail change does ({@link requestEmailChange}).
 */
export async function updateCurrentUser(
  deps: UsersDeps,
  authUser: AuthUser,
  body: UpdateUserBody,
  input: { ip: string },
): Promise<UserResponse> {
  const userId = authUser.id;
  const user = await findLiveUser(deps.db, userId);
  const emailChange = body.email === undefined ? 'none' : emailChangeKind(user, body.email);
  if (emailChange === 'newAddress') await assertEmailAvailable(deps.db, user.id, body.email!);

  const patch: Parameters<typeof updateUser>[2] = {};
  if (body.firstName !== undefined) patch.first_name = body.firstName;
  if (body.lastName !== undefined) patch.last_name = body.lastName;
  if (body.phone !== undefined) patch.phone = body.phone || null;
  if (body.locale !== undefined) patch.locale = body.locale;
  const notifications = body.settings?.notifications;
  if (notifications && Object.keys(notifications).length > 0) {
    const stored = storedSettingsSchema.parse(user.settings);
    patch.settings = JSON.stringify({
      ...stored,
      notifications: { ...stored.notifications, ...notifications },
    });
  }
  const namesChange =
    (patch.first_name !== undefined && patch.first_name !== user.first_name) ||
    (patch.last_name !== undefined && patch.last_name !== user.last_name);

  const save = async (trx: Transaction<Database>) => {
    if (Object.keys(patch).length > 0) await updateUser(trx, userId, patch);
    if (body.acceptTerms) await recordSignupConsent(trx, userId);
    if (emailChange === 'newAddress') {
      await startEmailChange(inTransaction(deps, trx), authUser, {
        email: body.email!,
        ip: input.ip,
        redirect: body.redirect,
      });
    } else if (emailChange === 'resendVerification') {
      await sendVerificationMail(inTransaction(deps, trx), await findLiveUser(trx, userId), body.redirect);
    }
  };
  if (namesChange && (await findProfileSearchable(deps.db, userId)) !== null) {
    await changeProfile(deps.db, userId, save);
  } else {
    await deps.db.transaction().execute(save);
  }
  return getUserResponse(deps, userId);
}

/**
 * What an e-mail in POST /api/user asks for: the account's own confirmed address is nothing to do; its own
 * unconfirmed address (a password account at first setup) gets a new link; any other address is a change.
 */
function emailChangeKind(user: UserRow, email: string): 'none' | 'resendVerification' | 'newAddress' {
  if (!user.email || user.email.toLowerCase() !== email.toLowerCase()) return 'newAddress';
  return user.verified ? 'none' : 'resendVerification';
}

async function assertEmailAvailable(db: Kysely<Database>, userId: string, email: string): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== userId) throw emailInUse();
}

/**
 * The security notice that the password was changed (QA5 F21: a hijacked session could change it unnoticed),
 * to the account's address in its language, written to the mail outbox in the transaction of the change. It
 * leads to the login page, where "Forgot your password?" sets a new one, and names the operators' address.
 * `user` is the row as it was before the change: an account that had no password (BankID only) changed none,
 * so its notice says a password was added to the account ('passwordSet') instead.
 */
export async function enqueuePasswordChangedMail(
  trx: Transaction<Database>,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'OPERATOR_EMAIL'>,
  user: Pick<UserRow, 'email' | 'locale' | 'first_name' | 'password_hash'>,
): Promise<string[]> {
  if (!user.email) return [];
  const id = await enqueueMail(trx, {
    to: user.email,
    locale: user.locale,
    template: user.password_hash ? 'passwordChanged' : 'passwordSet',
    params: {
      firstName: user.first_name,
      link: buildWebLink(config.PUBLIC_URL, user.locale, WEB_PATHS.login, { email: user.email }),
      contactEmail: config.OPERATOR_EMAIL,
    },
  });
  return [id];
}

/**
 * Changes (or, for a BankID-only account, sets) the password. The current password is checked with the login
 * rate limit, every other session of the user is revoked, and a notice goes to the account's address.
 */
export async function changePassword(
  deps: UsersDeps & { deliverMails: DeliverMails },
  authUser: AuthUser,
  input: { currentPassword?: string; newPassword: string; ip: string },
): Promise<{ passwordChanged: true }> {
  const user = await findLiveUser(deps.db, authUser.id);
  // A first password on a BankID-only account would give a stolen session a way in of its own.
  if (!user.password_hash) requireFreshConfirmation(authUser);
  if (user.password_hash) {
    const attempt = await claimLoginAttempt(deps, { email: user.email, ip: input.ip });
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, user.password_hash))) {
      throw new AppError('WRONG_PASSWORD');
    }
    await attempt.succeeded();
  }
  const passwordHash = await hashPassword(input.newPassword);
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await revokeUserSessions(trx, user.id, authUser.sessionId);
    await recordAuditEvent(trx, { actorUserId: user.id, action: 'user.password_changed', ip: input.ip });
    return enqueuePasswordChangedMail(trx, deps.config, user);
  });
  deps.deliverMails(mailIds);
  return { passwordChanged: true };
}

/**
 * Starts an e-mail change. A verified account's confirmation link goes to the OLD address (spec), so a
 * stolen session cannot move the account to an attacker's mailbox; an account without a confirmed address
 * gets the link at the new one, which is what confirms it. A mail that cannot be sent leaves no pending change.
 */
export async function requestEmailChange(
  deps: UsersDeps,
  authUser: AuthUser,
  input: { email: string; ip: string },
): Promise<{ confirmationSentTo: 'currentEmail' | 'newEmail' }> {
  return deps.db.transaction().execute((trx) => startEmailChange(inTransaction(deps, trx), authUser, input));
}

/**
 * {@link requestEmailChange} inside a running transaction; the mail goes out before it commits. `redirect`
 * (first setup's) goes into a verification link, never into a change confirmation at the old address.
 */
async function startEmailChange(
  deps: InTransaction<UsersDeps>,
  authUser: AuthUser,
  input: { email: string; ip: string; redirect?: string | undefined },
): Promise<{ confirmationSentTo: 'currentEmail' | 'newEmail' }> {
  const user = await findLiveUser(deps.db, authUser.id);
  if (user.email && user.email.toLowerCase() === input.email.toLowerCase()) {
    throw new AppError('EMAIL_UNCHANGED');
  }
  await assertEmailAvailable(deps.db, user.id, input.email);
  // A verified account's link goes to its confirmed address, which guards the change. Were a verified account
  // without one to get the link at the new address, a stolen session could move it. An unverified account is in
  // first setup, giving its first address: nothing confirmed is replaced, and asking for a confirmation there
  // left a setup that took more than five minutes with no way on (the setup page has no confirmation dialog).
  if (user.verified && !user.email) requireFreshConfirmation(authUser);

  const token = await createEmailToken(deps.db, {
    userId: user.id,
    purpose: 'change_email',
    newEmail: input.email,
  });
  const toOldAddress = Boolean(user.verified && user.email);
  const validHours = EMAIL_TOKEN_TTL_MINUTES.change_email / 60;
  if (toOldAddress) {
    await sendLinkMail(
      deps,
      {
        to: user.email!,
        locale: user.locale,
        template: 'confirmEmailChange',
        params: {
          firstName: user.first_name,
          newEmail: input.email,
          link: buildWebLink(deps.config.PUBLIC_URL, user.locale, WEB_PATHS.changeEmail, { token }),
          validHours,
        },
      },
      { toAddressGiven: false },
    );
  } else {
    await sendLinkMail(
      deps,
      {
        to: input.email,
        locale: user.locale,
        template: 'verifyEmail',
        params: {
          firstName: user.first_name,
          link: verifyEmailLink(deps.config.PUBLIC_URL, user.locale, token, input.redirect),
          validHours,
        },
      },
      { toAddressGiven: true },
    );
  }
  await recordAuditEvent(deps.db, {
    actorUserId: user.id,
    // Without a confirmed address (first setup) nothing is changed: the link confirms the account's first one.
    action: toOldAddress ? 'user.email_change_requested' : 'user.email_verification_requested',
    ip: input.ip,
  });
  return { confirmationSentTo: toOldAddress ? 'currentEmail' : 'newEmail' };
}

/**
 * Sends a new verification link to the account's unconfirmed address; the earlier link stays if it fails. The
 * address waiting for confirmation (a BankID account's first address, or one retyped at setup, kept with its
 * change link) comes first, as the confirmation page shows it; else the account's own unconfirmed address.
 */
export async function resendVerification(
  deps: UsersDeps,
  authUser: AuthUser,
  input: { ip: string; redirect?: string | undefined },
): Promise<{ sent: true }> {
  const user = await findLiveUser(deps.db, authUser.id);
  if (user.verified) throw new AppError('ALREADY_VERIFIED');
  const pendingEmail = await findPendingEmailChange(deps.db, user.id);
  if (pendingEmail) {
    await deps.db.transaction().execute((trx) =>
      startEmailChange(inTransaction(deps, trx), authUser, {
        email: pendingEmail,
        ip: input.ip,
        redirect: input.redirect,
      }),
    );
    return { sent: true };
  }
  if (!user.email) throw new AppError('EMAIL_REQUIRED');
  await deps.db
    .transaction()
    .execute((trx) => sendVerificationMail(inTransaction(deps, trx), user, input.redirect));
  return { sent: true };
}

/**
 * Mails a verification link for the user's current address. The new link replaces earlier ones: when there
 * may be one, pass a transaction as `db`, so it stays if the mail cannot be sent (400 'Invalid e-mail', 502).
 */
export async function sendVerificationMail(
  deps: Pick<UsersDeps, 'db' | 'config' | 'mailer' | 'log'>,
  user: Pick<UserRow, 'id' | 'email' | 'locale' | 'first_name'>,
  redirect?: string,
): Promise<void> {
  const token = await createEmailToken(deps.db, { userId: user.id, purpose: 'verify' });
  await sendLinkMail(
    deps,
    {
      to: user.email!,
      locale: user.locale,
      template: 'verifyEmail',
      params: {
        firstName: user.first_name,
        link: verifyEmailLink(deps.config.PUBLIC_URL, user.locale, token, redirect),
        validHours: EMAIL_TOKEN_TTL_MINUTES.verify / 60,
      },
    },
    { toAddressGiven: true },
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

const LINK_PURPOSES = ['verify', 'change_email'] as const;

/**
 * Why a mailed link no longer works. When what it was for is done (the account is verified, with the new
 * address if it was a change) the holder is told so, 'Your e-mail address is already confirmed', rather than
 * 'Missing or invalid token': a link opened twice, or an older link after a newer one was used. Only whoever
 * holds the link (a random token from our mail) learns this; no address is asked about. Anything else (never
 * issued, expired, replaced by a newer link before being used, a deleted account) is INVALID_TOKEN.
 */
async function spentLinkError(db: Transaction<Database>, token: string): Promise<AppError> {
  const spent = await findSpentEmailToken(db, token, LINK_PURPOSES);
  const user = spent ? await findUserById(db, spent.user_id) : undefined;
  const done =
    spent &&
    user &&
    !user.deleted_at &&
    user.verified &&
    (spent.purpose === 'verify' || user.email?.toLowerCase() === spent.new_email?.toLowerCase());
  return done ? new AppError('ALREADY_VERIFIED') : invalidToken();
}

/**
 * Opens a mailed link (GET verify/email?token): a verification link confirms the address, an e-mail change
 * link moves the account to the new address. Either way the account is then verified. Single use.
 */
export async function confirmEmailToken(
  deps: UsersDeps,
  input: { token: string; ip: string },
): Promise<{ purpose: 'verify' | 'change_email'; email: string | null; verified: true }> {
  const outcome = await deps.db
    .transaction()
    .execute(async (trx) => {
      const used = await consumeEmailToken(trx, input.token, LINK_PURPOSES);
      if (!used) throw await spentLinkError(trx, input.token);
      const user = await findUserById(trx, used.user_id);
      if (!user || user.deleted_at) throw invalidToken();
      // Only an account that had a confirmed address changes it; otherwise the link confirms its first one.
      const changed = used.purpose === 'change_email' && Boolean(user.verified && user.email);
      if (used.purpose === 'change_email') {
        const owner = await findUserByEmail(trx, used.new_email!);
        if (owner && owner.id !== user.id) throw emailInUse();
        await updateUser(trx, user.id, { email: used.new_email, verified: true });
      } else {
        await updateUser(trx, user.id, { verified: true });
      }
      await recordAuditEvent(trx, {
        actorUserId: user.id,
        action: changed ? 'user.email_changed' : 'user.email_verified',
        ip: input.ip,
      });
      return {
        purpose: used.purpose as 'verify' | 'change_email',
        email: used.purpose === 'change_email' ? used.new_email : user.email,
        user,
      };
    })
    .catch((error: unknown) => {
      // Another account took the address between the request and the click.
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    });

  if (outcome.purpose === 'change_email' && outcome.user.email) {
    // Tell the new address it is now the account's, which also catches a mistyped address early.
    await deps.mailer.sendMail({
      to: outcome.email!,
      locale: outcome.user.locale,
      template: 'emailChanged',
      params: { firstName: outcome.user.first_name, newEmail: outcome.email! },
    });
  }
  return { purpose: outcome.purpose, email: outcome.email, verified: true };
}
