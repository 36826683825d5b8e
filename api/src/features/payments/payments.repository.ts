import type { Database, PaymentStatus } from '@mp/migrations/database';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export const CARD_PROVIDER = 'cards';

// ---- cards -----------------------------------------------------------------------------------------------

/** Stores a card as the user's default; undefined (nothing changed, in a transaction) for another's token. */
export async function insertPaymentMethod(
  trx: Transaction<Database>,
  row: {
    userId: string;
    token: string;
    brand: string;
    last4: string;
    expiryMonth: number;
    expiryYear: number;
  },
) {
  // The new card becomes the default one: renewals charge the card the user added last.
  await trx
    .updateTable('payment_methods')
    .set({ is_default: false })
    .where('user_id', '=', row.userId)
    .execute();
  // A token already stored comes back as the default (restored if it was removed), but only for its owner:
  // another user's token updates nothing and returns no row (refused by the caller).
  return trx
    .insertInto('payment_methods')
    .values({
      user_id: row.userId,
      provider: CARD_PROVIDER,
      provider_token: row.token,
      brand: row.brand,
      last4: row.last4,
      expiry_month: row.expiryMonth,
      expiry_year: row.expiryYear,
      is_default: true,
    })
    .onConflict((oc) =>
      oc
        .columns(['provider', 'provider_token'])
        .doUpdateSet({ is_default: true, removed_at: null })
        .where('payment_methods.user_id', '=', row.userId),
    )
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

export async function findPaymentMethodsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('payment_methods')
    .select([
      'id',
      'provider_token',
      'brand',
      'last4',
      'expiry_month',
      'expiry_year',
      'is_default',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findPaymentMethodOfUser(db: Db, userId: string, id: string) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'provider_token', 'brand', 'last4'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function findDefaultPaymentMethod(db: Db, userId: string) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'provider_token', 'brand', 'last4'])
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Removes a card of the user (`removed_at`; payments keep pointing at it). When it was the default, the card added
 * last of those left becomes the default. The only card left cannot be removed while a subscription renews.
 */
export async function removePaymentMethod(
  trx: Transaction<Database>,
  userId: string,
  id: string,
): Promise<'removed' | 'not_found' | 'in_use'> {
  const cards = await trx
    .selectFrom('payment_methods')
    .select('id')
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .execute();
  if (!cards.some((c) => c.id === id)) return 'not_found';
  // The last card left pays a subscription that renews (not cancelled): it stays until another card is added.
  if (cards.length === 1) {
    const renewing = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['trialing', 'active', 'past_due'])
      .where('cancel_at_period_end', '=', false)
      .executeTakeFirst();
    if (renewing) return 'in_use';
  }
  const removed = await trx
    .updateTable('payment_methods')
    .set({ removed_at: new Date(), is_default: false })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!removed) return 'not_found';
  const hasDefault = await trx
    .selectFrom('payment_methods')
    .select('id')
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .where('is_default', '=', true)
    .executeTakeFirst();
  if (!hasDefault) {
    const next = await findDefaultPaymentMethod(trx, userId);
    if (next)
      await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', next.id).execute();
  }
  return 'removed';
}

/** The payments made for one period of a subscription (its renewal's tries, paying now), oldest first. */
export async function findSubscriptionPeriodPayments(db: Db, subscriptionId: string, periodStart: Date) {
  return db
    .selectFrom('payments')
    .select(['id', 'payment_method_id', 'status'])
    .where('subscription_id', '=', subscriptionId)
    .where('period_start', '=', periodStart)
    .orderBy('created_at')
    .execute();
}

// ---- payment details (POST /store/ipu) --------------------------------------------------------------------

export async function upsertPaymentDetails(trx: Db, row: Insertable<Database['payment_details']>) {
  await trx
    .insertInto('payment_details')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        billing_name: row.billing_name,
        address_line: row.address_line,
        postal_code: row.postal_code,
        city: row.city,
        country: row.country,
        organisation_number: row.organisation_number ?? null,
        personal_number_encrypted: row.personal_number_encrypted ?? null,
        vat_number: row.vat_number ?? null,
      }),
    )
    .execute();
}

export async function findPaymentDetails(db: Db, userId: string) {
  return db.selectFrom('payment_details').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The company the user administers (the earliest joined, if several): what payment details start from. */
export async function findAdministeredCompany(db: Db, userId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.business_name', 'c.organisation_number', 'c.vat_number', 'c.address'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'admin')
    .orderBy('m.created_at')
    .orderBy('c.id')
    .executeTakeFirst();
}

// ---- payments --------------------------------------------------------------------------------------------

export async function insertPayment(trx: Db, row: Insertable<Database['payments']>) {
  return trx.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findPaymentByIntent(db: Db, intentId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', CARD_PROVIDER)
    .where('provider_intent_id', '=', intentId)
    .executeTakeFirst();
}

/** Locks the payment row, so concurrent webhook and return-URL deliveries apply an outcome once. */
export async function lockPaymentByIntent(trx: Transaction<Database>, intentId: string) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', CARD_PROVIDER)
    .where('provider_intent_id', '=', intentId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findPaymentById(db: Db, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePayment(
  trx: Db,
  id: string,
  patch: {
    status?: PaymentStatus;
    failure_code?: string | null;
    receipt_number?: string;
    refunded_at?: Date;
    refund_due_at?: Date | null;
    succeeded_at?: Date;
    assessment_order_id?: string;
  },
) {
  await trx.updateTable('payments').set(patch).where('id', '=', id).execute();
}

/** A user's paid and refunded payments, newest first, with the names of the plan a subscription payment bought. */
export async function findPaymentsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('payments')
    .leftJoin('plans', 'plans.id', 'payments.plan_id')
    .leftJoin('bills', 'bills.id', 'payments.bill_id')
    .select([
      'bills.invoice_number',
      'payments.id',
      'payments.purpose',
      'payments.amount_ore',
      'payments.currency',
      'payments.status',
      'payments.receipt_number',
      'payments.period_start',
      'payments.period_end',
      'payments.created_at',
      'payments.succeeded_at',
      'payments.refunded_at',
      'plans.name_sv as plan_name_sv',
      'plans.name_en as plan_name_en',
    ])
    .where('payments.user_id', '=', userId)
    .where('payments.status', 'in', ['succeeded', 'refunded'])
    .orderBy('payments.created_at', 'desc')
    .execute();
}

/** The names of a plan (a receipt names what was bought: Premium, Premium plus). */
export async function findPlanNames(db: Db, planId: string) {
  return db.selectFrom('plans').select(['name_sv', 'name_en']).where('id', '=', planId).executeTakeFirst();
}

/** Payments that owe their payer a refund not made yet: paid, with `refund_due_at` set. */
const refundsOwed = (db: Db) =>
  db.selectFrom('payments').where('refund_due_at', 'is not', null).where('status', '=', 'succeeded');

/** Payments whose refund has been owed since before `before` and is not done yet (oldest first). */
export async function findRefundsDue(db: Db, before: Date, limit: number) {
  const rows = await refundsOwed(db)
    .select('id')
    .where('refund_due_at', '<', before)
    .orderBy('refund_due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How many refunds are owed, how many of them since before `stuckBefore`, and since when the oldest is. */
export async function summariseRefundsOwed(db: Db, stuckBefore: Date) {
  return refundsOwed(db)
    .select([
      sql<number>`count(*)::int`.as('pending'),
      sql<number>`(count(*) filter (where refund_due_at < ${stuckBefore}))::int`.as('stuck'),
      sql<Date | null>`min(refund_due_at)`.as('oldestDueAt'),
    ])
    .executeTakeFirstOrThrow();
}

/** Whose payments: a subscription's, or a user's for the assessment. */
export type WaitingPaymentsOf =
  { subscriptionId: string } | { userId: string; purpose: 'assessment' } | { billId: string };

/** Payments still waiting for their customer (a 3-D Secure challenge) or the provider. */
export async function findWaitingPayments(db: Db, of: WaitingPaymentsOf) {
  const waiting = db
    .selectFrom('payments')
    .select(['id', 'provider_intent_id'])
    .where('status', 'in', ['requires_action', 'processing']);
  if ('subscriptionId' in of) return waiting.where('subscription_id', '=', of.subscriptionId).execute();
  if ('billId' in of) return waiting.where('bill_id', '=', of.billId).where('purpose', '=', 'bill').execute();
  return waiting.where('user_id', '=', of.userId).where('purpose', '=', of.purpose).execute();
}

/** Records a webhook event id; false when it was recorded before (a replay). */
export async function recordWebhookEvent(trx: Db, eventId: string, type: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_webhook_events')
    .values({ provider: CARD_PROVIDER, event_id: eventId, type })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** How many card payments of a bill failed or were cancelled: the attempt number of its next charge. */
export async function countFailedBillPayments(db: Db, billId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('bill_id', '=', billId)
    .where('purpose', '=', 'bill')
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return row.count;
}
