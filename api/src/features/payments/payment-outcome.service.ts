import type { Database, PaymentStatus } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { BILL_VAT_RATE_PERCENT, swedishDayOf, vatIncludedOre, type Locale } from '@mp/domain';
import type { AppConfig } from '../../config';
import { buildWebLink } from '../../lib/links';
import { enqueueMail } from '../../lib/mail-outbox';
import { createRandomToken } from '../../lib/crypto';
// A paid order is granted in the payment's own transaction. Known debt (issue 14): through the subscriptions
// and assessment services this would be a runtime cycle (they start payments); the grants belong in those
// features behind a callback the payments feature calls.
// eslint-disable-next-line no-restricted-imports
import { findLatestOrder, insertAssessmentOrder } from '../assessment/assessment.repository';
import { syncPremiumFlag } from '../subscriptions/premium-gate';
import { reopenBillInTransaction, settleBillInTransaction } from '../billing/bills.service';
import { BILL_TEXTS } from '../billing/bill-texts';
// eslint-disable-next-line no-restricted-imports -- see above
import { lockSubscription, updateSubscription } from '../subscriptions/subscriptions.repository';
import { CardProviderError, type PaymentIntent } from './card-provider.client';
import type { CommerceDeps } from './commerce-deps';
import { formatMoney, formatDate } from './money';
import {
  findPaymentById,
  findPlanNames,
  findPaymentDetails,
  lockPaymentByIntent,
  updatePayment,
} from './payments.repository';

type Trx = Transaction<Database>;
type PaymentRow = NonNullable<Awaited<ReturnType<typeof lockPaymentByIntent>>>;

// Applies what the provider says about a payment intent to our rows, whichever way the news arrives (the
// synchronous answer, the browser's return from 3-D Secure, a webhook, a renewal job). The payment row is
// locked and only forward transitions are applied, so a repeated or late delivery changes nothing.

/** Our status for the provider's. */
export function paymentStatusOf(intent: PaymentIntent): PaymentStatus {
  if (intent.status === 'succeeded') {
    return (intent.amount_refunded ?? 0) >= intent.amount ? 'refunded' : 'succeeded';
  }
  if (intent.status === 'requires_action') return 'requires_action';
  if (intent.status === 'processing' || intent.status === 'requires_capture') return 'processing';
  return 'failed';
}

const RANK: Record<PaymentStatus, number> = {
  requires_action: 0,
  processing: 1,
  failed: 2,
  succeeded: 2,
  refunded: 3,
};

/** Whether moving from `from` to `to` is progress (a failed 3-D Secure can still be followed by success). */
function isForward(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (from === 'failed' && to === 'succeeded') return true;
  if (from === 'succeeded' && to === 'failed') return false;
  return RANK[to] > RANK[from];
}

export const addOneMonth = (date: Date): Date => {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
};

/**
 * `R` + the payment's day in Sweden (as the receipt dates it: one bought at 00:40 on 29 November is R20261129,
 * though it is still the 28th in UTC) + the start of its id.
 */
export const receiptNumberOf = (payment: Pick<PaymentRow, 'id' | 'created_at'>) =>
  `R${swedishDayOf(payment.created_at).replaceAll('-', '')}-${payment.id.slice(0, 8).toUpperCase()}`;

/**
 * Applies a success. True when what the payment bought is gone or already there (its subscription was replaced
 * by a new try or given up before the payment arrived; an assessment is open already, bought with another
 * payment): the payment is then refunded after commit instead of granting anything.
 */
async function onSucceeded(trx: Trx, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.purpose === 'bill') {
    // Under the bill's row lock: a bill paid meanwhile (another tab's payment, an admin's record of a bankgiro
    // payment) is not paid twice; this payment is refunded, marked so in the same statement (a unique index
    // lets one standing payment per bill).
    const settled = await settleBillInTransaction(trx, payment.bill_id, now);
    await updatePayment(trx, payment.id, {
      status: 'succeeded',
      failure_code: null,
      receipt_number: receiptNumberOf(payment),
      succeeded_at: now,
      ...(settled ? {} : { refund_due_at: now }),
    });
    return !settled;
  }
  await updatePayment(trx, payment.id, {
    status: 'succeeded',
    failure_code: null,
    receipt_number: receiptNumberOf(payment),
    succeeded_at: now,
  });
  if (payment.purpose === 'subscription' && payment.subscription_id) {
    const subscription = await lockSubscription(trx, payment.subscription_id);
    if (!subscription || subscription.status === 'expired' || subscription.status === 'cancelled')
      return true;
    // A second payment for a period already paid (paying now while the renewal job's try, or another tab's
    // 3-D Secure challenge, went through): refunded, the period is not paid twice.
    const paidAlready =
      (subscription.status === 'active' || subscription.status === 'trialing') &&
      payment.period_start !== null &&
      payment.period_end !== null &&
      subscription.current_period_start !== null &&
      subscription.current_period_end !== null &&
      payment.period_start <= subscription.current_period_start &&
      payment.period_end <= subscription.current_period_end;
    if (paidAlready) return true;
    await updateSubscription(trx, subscription.id, {
      status: 'active',
      current_period_start: payment.period_start ?? subscription.current_period_start,
      current_period_end: payment.period_end ?? subscription.current_period_end,
      renewal_attempts: 0,
      next_renewal_attempt_at: null,
      grace_ends_at: null,
    });
    await syncPremiumFlag(trx, payment.user_id, now);
  }
  if (payment.purpose === 'assessment' && payment.assessment_package && !payment.assessment_order_id) {
    // One assessment at a time: a purchase is refused while one is open, so a payment arriving then is a second.
    const latest = await findLatestOrder(trx, payment.user_id);
    if (latest && latest.status !== 'completed') return true;
    const order = await insertAssessmentOrder(trx, {
      userId: payment.user_id,
      package: payment.assessment_package,
      amountOre: payment.amount_ore,
      paymentReference: payment.provider_intent_id,
      linkToken: createRandomToken(),
    });
    await updatePayment(trx, payment.id, { assessment_order_id: order.id });
  }
  return false;
}

async function onFailed(trx: Trx, payment: PaymentRow, failureCode: string | null): Promise<void> {
  await updatePayment(trx, payment.id, { status: 'failed', failure_code: failureCode });
  // A first payment that fails leaves no subscription behind; failed renewals are the renewal job's to count.
  if (payment.purpose === 'subscription' && payment.subscription_id) {
    const subscription = await lockSubscription(trx, payment.subscription_id);
    if (subscription?.status === 'incomplete')
      await updateSubscription(trx, subscription.id, { status: 'expired' });
  }
}

/**
 * A refund ends what the payment bought: a refunded subscription payment ends premium at once. A refund that was
 * owed (`refund_due_at`: the payment came for a purchase gone or already made) tells the payer why, whichever
 * way it was made (our refund, the provider's webhook, an admin's): the notice is written to the mail outbox in
 * this transaction, and its row's id returned for delivery once committed.
 */
export async function onRefunded(
  trx: Trx,
  deps: Pick<CommerceDeps, 'config'>,
  payment: PaymentRow,
  now: Date,
): Promise<string[]> {
  await updatePayment(trx, payment.id, { status: 'refunded', refunded_at: now, refund_due_at: null });
  // A refund owed (a payment for a purchase gone or paid already) leaves the subscription as it is.
  if (payment.purpose === 'subscription' && payment.subscription_id && !payment.refund_due_at) {
    await trx
      .updateTable('subscriptions')
      .set({ status: 'cancelled', cancelled_at: now, current_period_end: now })
      .where('id', '=', payment.subscription_id)
      .where('status', 'in', ['incomplete', 'trialing', 'active', 'past_due'])
      .execute();
    await syncPremiumFlag(trx, payment.user_id, now);
  }
  // The payment that paid the bill refunded (not one owed back for a bill paid already): the bill is owed again.
  if (payment.purpose === 'bill') await reopenBillInTransaction(trx, payment.bill_id, payment.id);
  return payment.refund_due_at ? enqueueRefundNotice(trx, deps.config, payment.id) : [];
}

export interface AppliedOutcome {
  paymentId: string;
  status: PaymentStatus;
  /** Whether this call made the change (so it, and only it, sends the receipt). */
  changed: boolean;
  /** Paid for something gone or already bought (see onSucceeded): refunded after commit. */
  refund: boolean;
  /** The mail outbox rows written with the change (the receipt), for delivery once committed. */
  mailIds: string[];
}

/**
 * Inside a transaction: applies the intent's state to its payment row. Null when the intent is not ours. A
 * payment that just succeeded (and is not to be refunded) writes its receipt to the mail outbox with the change.
 */
export async function applyIntentInTransaction(
  deps: Pick<CommerceDeps, 'config'>,
  trx: Trx,
  intent: PaymentIntent,
  now: Date,
): Promise<AppliedOutcome | null> {
  const payment = await lockPaymentByIntent(trx, intent.id);
  if (!payment) return null;
  const next = paymentStatusOf(intent);
  if (!isForward(payment.status, next))
    return { paymentId: payment.id, status: payment.status, changed: false, refund: false, mailIds: [] };
  let refund = false;
  const mailIds: string[] = [];
  if (next === 'succeeded') {
    refund = await onSucceeded(trx, payment, now);
    // Owed from this commit on: refunded right after it, and by the commerce schedule if that fails.
    if (refund) await updatePayment(trx, payment.id, { refund_due_at: now });
    else mailIds.push(...(await enqueueReceipt(trx, deps.config, payment.id)));
  } else if (next === 'failed') {
    await onFailed(
      trx,
      payment,
      intent.status === 'canceled'
        ? 'canceled'
        : (intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null),
    );
  } else if (next === 'refunded') {
    if (payment.status !== 'succeeded') await onSucceeded(trx, payment, now);
    mailIds.push(...(await onRefunded(trx, deps, payment, now)));
  } else await updatePayment(trx, payment.id, { status: next });
  return { paymentId: payment.id, status: next, changed: true, refund, mailIds };
}

/**
 * After commit: hands the receipt of a payment that just succeeded to the mail outbox's delivery (the answer does
 * not wait for it), or refunds one that paid for something gone. A failed refund is logged, not thrown (the
 * payment's own change is committed; the commerce schedule tries the refund again).
 */
export async function afterOutcome(deps: CommerceDeps, outcome: AppliedOutcome | null): Promise<void> {
  if (!outcome?.changed) return;
  deps.deliverMails(outcome.mailIds);
  if (outcome.status !== 'succeeded' || !outcome.refund) return;
  try {
    await refundForGonePurchase(deps, outcome.paymentId);
  } catch (error) {
    deps.log.warn(
      { err: (error as Error).message, paymentId: outcome.paymentId },
      'refund of a payment for a purchase gone or made failed',
    );
  }
}

/**
 * Refunds a paid payment in full at the provider (one idempotency key per payment, so an admin's refund and an
 * automatic one cannot both go through), then ends what it bought. When the provider answers that it is refunded
 * already and the intent shows a full refund, it was refunded by other means (the provider's dashboard) and the
 * webhook saying so was lost: it counts as refunded here too, instead of an owed refund the schedule would try
 * again on every tick. The refund notice an owed refund writes (onRefunded) is delivered once committed.
 */
export async function refundAtProvider(
  deps: CommerceDeps,
  payment: { provider_intent_id: string; id: string },
  now: Date,
): Promise<void> {
  try {
    await deps.cardProvider.refund(payment.provider_intent_id, `refund-${payment.id}`);
  } catch (error) {
    if (!(error instanceof CardProviderError) || error.code !== 'charge_already_refunded') throw error;
    const intent = await deps.cardProvider.retrievePaymentIntent(payment.provider_intent_id);
    if (!intent || paymentStatusOf(intent) !== 'refunded') throw error;
    deps.log.info({ paymentId: payment.id }, 'payment found refunded at the provider already');
  }
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockPaymentByIntent(trx, payment.provider_intent_id);
    return locked?.status === 'succeeded' ? onRefunded(trx, deps, locked, now) : [];
  });
  deps.deliverMails(mailIds);
}

/**
 * A payment that arrived for a purchase gone or already made (a 3-D Secure challenge finished late, in another
 * tab): refunded in full at the provider, marked refunded, and the payer told why. False when no refund is owed.
 */
export async function refundForGonePurchase(
  deps: CommerceDeps,
  paymentId: string,
  now = new Date(),
): Promise<boolean> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment || payment.status !== 'succeeded' || !payment.refund_due_at) return false;
  // The payer is told why by the transaction that marks the payment refunded (onRefunded).
  await refundAtProvider(deps, payment, now);
  deps.log.info({ paymentId }, 'refunded a payment for a purchase gone or already made');
  return true;
}

/** Writes the notice of a refund owed for a purchase gone or already made, in the payer's language. */
async function enqueueRefundNotice(
  trx: Trx,
  config: Pick<AppConfig, 'PUBLIC_URL'>,
  paymentId: string,
): Promise<string[]> {
  const payment = await findPaymentById(trx, paymentId);
  if (!payment) return [];
  const user = await findPayer(trx, payment.user_id);
  if (!user?.email) return [];
  const id = await enqueueMail(trx, {
    to: user.email,
    locale: user.locale,
    template: 'paymentRefunded',
    params: {
      firstName: user.first_name,
      receiptNumber: payment.receipt_number ?? '',
      description: await describePayment(trx, payment, user.locale),
      amount: formatMoney(payment.amount_ore, payment.currency, user.locale),
      billingLink: buildWebLink(config.PUBLIC_URL, user.locale, 'app/user/billing'),
    },
  });
  return [id];
}

/** Who a receipt or a refund notice goes to, in their language. */
const findPayer = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** What a payment bought, for a receipt or a refund notice: the plan and its period, or the package. */
export async function describePayment(
  db: Kysely<Database>,
  payment: NonNullable<Awaited<ReturnType<typeof findPaymentById>>>,
  locale: Locale,
) {
  if (payment.purpose === 'subscription') {
    const plan = payment.plan_id ? await findPlanNames(db, payment.plan_id) : undefined;
    const name = (locale === 'sv' ? plan?.name_sv : plan?.name_en) ?? 'Premium';
    return `${name}, ${formatDate(payment.period_start!, locale)} – ${formatDate(payment.period_end!, locale)}`;
  }
  if (payment.purpose === 'bill') {
    const bill = payment.bill_id
      ? await db
          .selectFrom('bills')
          .select('invoice_number')
          .where('id', '=', payment.bill_id)
          .executeTakeFirst()
      : undefined;
    return `${BILL_TEXTS[locale].title} ${bill?.invoice_number ?? ''}`.trim();
  }
  return payment.assessment_package === 'full_coach' ? 'Full Coach Package' : 'Basic Coach Package';
}

/** Applies an intent in its own transaction, then delivers the receipt if it just got paid. */
export async function applyIntent(deps: CommerceDeps, intent: PaymentIntent, now = new Date()) {
  const outcome = await deps.db
    .transaction()
    .execute((trx) => applyIntentInTransaction(deps, trx, intent, now));
  await afterOutcome(deps, outcome);
  return outcome;
}

/**
 * Writes the receipt of a payment that just succeeded to the mail outbox, in the payer's language; its
 * `receipt_sent_at` is set once it is sent. Returns the row's id, if any.
 */
async function enqueueReceipt(
  trx: Trx,
  config: Pick<AppConfig, 'PUBLIC_URL'>,
  paymentId: string,
): Promise<string[]> {
  const payment = await findPaymentById(trx, paymentId);
  if (!payment || payment.receipt_sent_at || !payment.receipt_number) return [];
  const user = await findPayer(trx, payment.user_id);
  if (!user?.email) return [];
  const details = await findPaymentDetails(trx, payment.user_id);
  const locale = user.locale;
  const description = await describePayment(trx, payment, locale);
  const id = await enqueueMail(trx, {
    to: user.email,
    locale,
    template: 'paymentReceipt',
    params: {
      firstName: user.first_name,
      receiptNumber: payment.receipt_number,
      description,
      amount: formatMoney(payment.amount_ore, payment.currency, locale),
      vat: formatMoney(vatIncludedOre(payment.amount_ore), payment.currency, locale),
      vatRatePercent: BILL_VAT_RATE_PERCENT,
      paidOn: formatDate(payment.succeeded_at ?? payment.updated_at, locale),
      billingName: details?.billing_name ?? null,
      billingLink: buildWebLink(config.PUBLIC_URL, locale, 'app/user/billing'),
    },
    onSent: [{ kind: 'paymentReceiptSent', paymentId: payment.id }],
  });
  return [id];
}
