import type { Database, SubscriptionStatus } from '@mp/migrations/database';
import type { Kysely, Transaction, Updateable } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

const LIVE: SubscriptionStatus[] = ['incomplete', 'trialing', 'active', 'past_due'];

export async function insertSubscription(
  trx: Db,
  row: {
    userId: string;
    planId: string;
    priceId: string;
    paymentMethodId: string;
    periodStart: Date;
    periodEnd: Date;
  },
) {
  return trx
    .insertInto('subscriptions')
    .values({
      user_id: row.userId,
      plan_id: row.planId,
      price_id: row.priceId,
      payment_method_id: row.paymentMethodId,
      status: 'incomplete',
      current_period_start: row.periodStart,
      current_period_end: row.periodEnd,
      provider: 'cards',
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The user's subscription that is running or being set up, if any (at most one: a unique index). */
export async function findLiveSubscription(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .leftJoin('prices as pr', 'pr.id', 's.price_id')
    .leftJoin('payment_methods as pm', 'pm.id', 's.payment_method_id')
    .leftJoin('plans as sp', 'sp.id', 's.scheduled_plan_id')
    .leftJoin('prices as spr', 'spr.id', 's.scheduled_price_id')
    .select([
      's.id',
      's.user_id',
      's.status',
      's.current_period_start',
      's.current_period_end',
      's.cancel_at_period_end',
      's.grace_ends_at',
      's.renewal_attempts',
      's.next_renewal_attempt_at',
      's.payment_method_id',
      'p.code as plan_code',
      'p.name_sv',
      'p.name_en',
      'pr.amount_ore',
      'pr.currency',
      'pm.brand',
      'pm.last4',
      'sp.code as scheduled_plan_code',
      'sp.name_sv as scheduled_name_sv',
      'sp.name_en as scheduled_name_en',
      'spr.amount_ore as scheduled_amount_ore',
      'spr.currency as scheduled_currency',
    ])
    .where('s.user_id', '=', userId)
    .where('s.status', 'in', LIVE)
    .executeTakeFirst();
}

export async function lockSubscription(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateSubscription(trx: Db, id: string, patch: Updateable<Database['subscriptions']>) {
  await trx.updateTable('subscriptions').set(patch).where('id', '=', id).execute();
}

/** Live subscriptions whose period (or next retry) is due at `now`, oldest first. */
export async function findDueSubscriptionIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['active', 'trialing']), eb('current_period_end', '<=', now)]),
        eb.and([
          eb('status', '=', 'past_due'),
          eb.or([eb('next_renewal_attempt_at', '<=', now), eb('grace_ends_at', '<=', now)]),
        ]),
      ]),
    )
    .orderBy('current_period_end')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Set-up attempts abandoned at the 3-D Secure step for longer than `before`. */
export async function expireStaleIncomplete(db: Db, before: Date): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'expired' })
    .where('status', '=', 'incomplete')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
