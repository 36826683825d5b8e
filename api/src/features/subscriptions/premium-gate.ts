import type { Database } from '@mp/migrations/database';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../../errors';
import { requireVerifiedUser, type AuthUser } from '../../plugins/auth';

// THE premium gate (spec sections 1, 6): every premium feature (full profiles, direct contact, the weekly
// saved-search mail, contracts and signing, time reporting, the CV export) asks here and nowhere else.
//
// The truth is the subscription: `users.is_premium` is its cached flag, rewritten by syncPremiumFlag in the
// same transaction as every subscription change (subscribe, renewal, downgrade after the grace period, end of
// a cancelled period, refund), so the session's user row, GET /check/subscription and background jobs
// (the weekly mail's SQL) all read one column that is never behind. Admins pass the gate too.

/** Statuses in which a subscription gives premium (past_due: a failed renewal still within its grace period). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** Whether this caller may use premium features. */
export function hasPremiumAccess(user: Pick<AuthUser, 'isPremium' | 'isAdmin'> | null | undefined): boolean {
  return Boolean(user && (user.isPremium || user.isAdmin));
}

/** Throws 403 PREMIUM_REQUIRED ('This feature requires a premium account') unless the caller is premium. */
export function assertPremium(user: Pick<AuthUser, 'isPremium' | 'isAdmin'> | null | undefined): void {
  if (!hasPremiumAccess(user)) throw new AppError('PREMIUM_REQUIRED');
}

/**
 * Premium given by an admin rather than bought (`users.is_premium` set by hand): the flag without a live
 * subscription (an incomplete one, waiting for 3-D Secure, grants nothing yet).
 */
export function isGrantedPremium(
  user: Pick<AuthUser, 'isPremium'>,
  liveSubscription: { status: string } | null | undefined,
): boolean {
  return user.isPremium && (!liveSubscription || liveSubscription.status === 'incomplete');
}

/**
 * preHandler for premium routes: `{ preHandler: requirePremium }`. 401 without a session, 403 NOT_VERIFIED
 * for an unverified e-mail, 403 PREMIUM_REQUIRED without premium.
 */
export async function requirePremium(request: FastifyRequest): Promise<void> {
  await requireVerifiedUser(request);
  assertPremium(request.user);
}

/** For code without a request (jobs, other services): the same answer for a user id. */
export async function isPremiumUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['is_premium', 'is_admin'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return hasPremiumAccess(row ? { isPremium: row.is_premium, isAdmin: row.is_admin } : null);
}

/** Which of these users may use premium features (for lists: who can approve time among a company's members). */
export async function findPremiumUserIds(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'is_premium', 'is_admin'])
    .where('id', 'in', userIds)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(
    rows
      .filter((row) => hasPremiumAccess({ isPremium: row.is_premium, isAdmin: row.is_admin }))
      .map((row) => row.id),
  );
}

/**
 * Recomputes `users.is_premium` from the user's subscriptions: premium while one is live and its period (or
 * grace period) has not ended. Call inside the transaction that changed a subscription.
 */
export async function syncPremiumFlag(
  trx: Transaction<Database> | Kysely<Database>,
  userId: string,
  now = new Date(),
) {
  await trx
    .updateTable('users')
    .set({
      is_premium: sql<boolean>`EXISTS (
        SELECT 1 FROM subscriptions s
        WHERE s.user_id = ${userId}
          AND s.status IN ('active', 'trialing', 'past_due')
          AND greatest(s.current_period_end, s.grace_ends_at) > ${now})`,
    })
    .where('id', '=', userId)
    .execute();
}
