import type { Locale } from '@mp/domain';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { buildWebLink, WEB_PATHS } from '../../lib/links';
import type { UserResponse } from '@mp/api-contract/users.schema';
import { claimLoginAttempt } from '../identity/login-rate-limit';
import { getDecoyPasswordHash, hashPassword, verifyPassword } from '../identity/password-hash';
import { issueSession, revokeUserSessions } from '../identity/session.service';
import {
  consumeEmailToken,
  createEmailToken,
  EMAIL_TOKEN_TTL_MINUTES,
  findRecentEmailToken,
  inspectEmailToken,
} from '../users/email-token.service';
import type { DeliverMails } from '../../lib/mail-outbox';
import {
  enqueuePasswordChangedMail,
  findUserByEmail,
  findUserById,
  getUserResponse,
  insertPasswordUser,
  releaseRemovedAccountEmail,
  sendVerificationMail,
  touchLastLogin,
  updateUser,
} from '../users/users.service';
import { recordSignupConsent } from '../terms/terms.service';
import { accountRemoved, type AuthDeps } from './bankid-login.service';

/** A reset mail is sent at most once a minute per account, so the form cannot be used to flood a mailbox. */
const RESET_MAIL_INTERVAL_SECONDS = 60;

/**
 * Registers an e-mail and password account and mails a verification link. The answer is the same whether or
 * not the address already has an account (that owner gets a "you already have an account" mail instead), so
 * the form cannot be used to find out who is a member. The new account has accepted the current terms (the
 * body's required `acceptTerms`), recorded with the account as first setup records a BankID user's.
 */
export async function registerWithPassword(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    /** The consent checkbox; the body schema only lets `true` through. */
    acceptTerms: true;
    /** The login page's `redirect` (a company invite, say), where the verification link leads on to. */
    redirect?: string | undefined;
    locale: Locale;
    ip: string;
  },
): Promise<{ status: 'verificationSent' }> {
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction().execute(async (trx) => {
    // Someone who removed their account is welcome back (the removal page says so): a new account, with
    // nothing of the old one.
    const released = await releaseRemovedAccountEmail(trx, input.email);
    const id = await insertPasswordUser(trx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale,
    });
    if (id) {
      await recordSignupConsent(trx, id);
      await recordAuditEvent(trx, {
        actorUserId: id,
        action: 'auth.registered',
        ip: input.ip,
        ...(released ? { data: { releasedFromRemovedAccount: released } } : {}),
      });
    }
    return id;
  });
  try {
    if (userId) {
      await sendVerificationMail(
        deps,
        { id: userId, email: input.email, locale: input.locale, first_name: input.firstName },
        input.redirect,
      );
    } else {
      const owner = await findUserByEmail(deps.db, input.email);
      if (owner && !owner.deleted_at) {
        await deps.mailer.sendMail({
          to: owner.email!,
          locale: owner.locale,
          template: 'accountExists',
          params: {
            firstName: owner.first_name,
            loginLink: buildWebLink(deps.config.PUBLIC_URL, owner.locale, WEB_PATHS.login, {
              email: owner.email!,
              ...(input.redirect ? { redirect: input.redirect } : {}),
            }),
          },
        });
      }
    }
  } catch (error) {
    // Answering differently when mail fails would reveal which branch ran; the user can ask for a new link.
    deps.log.error({ err: (error as Error).message }, 'registration mail could not be sent');
  }
  return { status: 'verificationSent' };
}

/**
 * Logs in with e-mail and password. Unknown addresses cost the same time as wrong passwords, every failure
 * counts towards the 403E005 limit, and a removed account is only revealed to someone with its password.
 */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string; ip: string },
): Promise<{ authorization: string; expiresAt: string; user: UserResponse }> {
  const attempt = await claimLoginAttempt(deps, { email: input.email, ip: input.ip });
  const user = await findUserByEmail(deps.db, input.email);
  const matches = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await getDecoyPasswordHash()).then(() => false);
  if (!user || !matches) throw new AppError('INVALID_CREDENTIALS');
  if (user.deleted_at) throw accountRemoved(user.purge_after);
  await attempt.succeeded();
  await touchLastLogin(deps.db, user.id);
  await recordAuditEvent(deps.db, {
    actorUserId: user.id,
    action: 'auth.login',
    data: { method: 'password' },
    ip: input.ip,
  });
  const session = await issueSession(deps, user.id);
  return { ...session, user: await getUserResponse(deps, user.id) };
}

/** Mails a single-use reset link valid for an hour; the answer never reveals whether the address is known. */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string; ip: string },
): Promise<{ status: 'resetLinkSent' }> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.deleted_at) return { status: 'resetLinkSent' };
  if (await findRecentEmailToken(deps.db, user.id, 'reset', RESET_MAIL_INTERVAL_SECONDS)) {
    return { status: 'resetLinkSent' };
  }
  const token = await createEmailToken(deps.db, { userId: user.id, purpose: 'reset' });
  try {
    await deps.mailer.sendMail({
      to: user.email!,
      locale: user.locale,
      template: 'resetPassword',
      params: {
        firstName: user.first_name,
        link: buildWebLink(deps.config.PUBLIC_URL, user.locale, WEB_PATHS.resetPassword, { token }),
        validMinutes: EMAIL_TOKEN_TTL_MINUTES.reset,
      },
    });
  } catch (error) {
    deps.log.error({ err: (error as Error).message }, 'password reset mail could not be sent');
  }
  await recordAuditEvent(deps.db, {
    actorUserId: user.id,
    action: 'auth.password_reset_requested',
    ip: input.ip,
  });
  return { status: 'resetLinkSent' };
}

/**
 * Why a reset link does not work, as the page says it: used (or replaced by a newer link), expired, or not a
 * link of ours at all (also one of an account deleted since). Null while it works.
 */
async function findResetLinkProblem(deps: Pick<AuthDeps, 'db'>, token: string): Promise<AppError | null> {
  const found = await inspectEmailToken(deps.db, token, ['reset']);
  const user = found.state === 'unknown' ? undefined : await findUserById(deps.db, found.userId);
  if (found.state === 'unknown' || !user || user.deleted_at) return new AppError('INVALID_TOKEN');
  if (found.state === 'used') return new AppError('RESET_LINK_USED');
  if (found.state === 'expired') {
    return new AppError('RESET_LINK_EXPIRED', { params: { minutes: EMAIL_TOKEN_TTL_MINUTES.reset } });
  }
  return null;
}

/**
 * POST /auth/password/reset/check: whether a reset link still works, without using it, so the page can say at
 * once that it was used or has expired instead of after a new password has been typed.
 */
export async function checkPasswordResetToken(
  deps: Pick<AuthDeps, 'db'>,
  token: string,
): Promise<{ usable: true }> {
  const problem = await findResetLinkProblem(deps, token);
  if (problem) throw problem;
  return { usable: true };
}

/**
 * Sets a new password from a reset link. The link works once; every session of the account is revoked. The
 * link came to the account's mailbox, so the address counts as confirmed too. A notice of the change is mailed. A link that no longer works says
 * why, as the check does.
 */
export async function resetPassword(
  deps: AuthDeps & { deliverMails: DeliverMails },
  input: { token: string; password: string; ip: string },
): Promise<{ passwordReset: true }> {
  const passwordHash = await hashPassword(input.password);
  let mailIds: string[];
  try {
    mailIds = await deps.db.transaction().execute(async (trx) => {
      const used = await consumeEmailToken(trx, input.token, ['reset']);
      const user = used ? await findUserById(trx, used.user_id) : undefined;
      if (!used || !user || user.deleted_at) throw new AppError('INVALID_TOKEN');
      await updateUser(trx, user.id, { password_hash: passwordHash, verified: true });
      await revokeUserSessions(trx, user.id);
      await recordAuditEvent(trx, { actorUserId: user.id, action: 'auth.password_reset', ip: input.ip });
      return enqueuePasswordChangedMail(trx, deps.config, user);
    });
  } catch (error) {
    // Rolled back, so the link is as it was: say why it does not work.
    if (error instanceof AppError && error.code === 'INVALID_TOKEN') {
      throw (await findResetLinkProblem(deps, input.token)) ?? error;
    }
    throw error;
  }
  deps.deliverMails(mailIds);
  return { passwordReset: true };
}
