import type { Database, PaymentStatus } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { BILL_VAT_RATE_PERCENT, vatIncludedOre, type Locale } from '@mp/domain';
import { buildWebLink } from '../../lib/links';
import { createRandomToken } from '../../lib/crypto';
// A paid order is granted in the payment's own transaction. Known debt (issue 14): through the subscriptions
// and assessment services this would be a runtime cycle (they start payments); the grants belong in those
// features behind a callback the payments feature calls.
// eslint-disable-next-line no-restricted-imports
import { findLatestOrder, insertAssessmentOrder } from '../assessment/assessment.repository';
import { syncPremiumFlag } from '../subscriptions/premium-gate';
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
  markReceiptSent,
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

const receiptNumberOf = (payment: PaymentRow) =>
  `R${payment.created_at.toISOString().slice(0, 10).replaceAll('-', '')}-${payment.id.slice(0, 8).toUpperCase()}`;

/**
 * Applies a success. True when what the payment bought is gone or already there (its subscription was replaced
 * by a new try or given up before the payment arrived; an assessment is open already, bought with another
 * payment): the payment is then refunded after commit instead of granting anything.
 */
async function onSucceeded(trx: Trx, payment: PaymentRow, now: Date): Promise<boolean> {
  await updatePayment(trx, payment.id, {
    status: 'succeeded',
    failure_code: null,
    receipt_number: receiptNumberOf(payment),
  });
  if (payment.purpose === 'subscription' && payment.subscription_id) {
    const subscription = await lockSubscription(trx, payment.subscription_id);
    if (!subscription || subscription.status === 'expired' || subscription.status === 'cancelled')
      return true;
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

/** A refund ends what the payment bought: a refunded subscription payment ends premium at once. */
export async function onRefunded(trx: Trx | Kysely<Database>, payment: PaymentRow, now: Date): Promise<void> {
  await updatePayment(trx, payment.id, { status: 'refunded', refunded_at: now, refund_due_at: null });
  if (payment.purpose === 'subscription' && payment.subscription_id) {
    await trx
      .updateTable('subscriptions')
      .set({ status: 'cancelled', cancelled_at: now, current_period_end: now })
      .where('id', '=', payment.subscription_id)
      .where('status', 'in', ['incomplete', 'trialing', 'active', 'past_due'])
      .execute();
    await syncPremiumFlag(trx, payment.user_id, now);
  }
}

export interface AppliedOutcome {
  paymentId: string;
  status: PaymentStatus;
  /** Whether this call made the change (so it, and only it, sends the receipt). */
  changed: boolean;
  /** Paid for something gone or already bought (see onSucceeded): refunded after commit. */
  refund: boolean;
}

/** Inside a transaction: applies the intent's state to its payment row. Null when the intent is not ours. */
export async function applyIntentInTransaction(
  trx: Trx,
  intent: PaymentIntent,
  now: Date,
): Promise<AppliedOutcome | null> {
  const payment = await lockPaymentByIntent(trx, intent.id);
  if (!payment) return null;
  const next = paymentStatusOf(intent);
  if (!isForward(payment.status, next))
    return { paymentId: payment.id, status: payment.status, changed: false, refund: false };
  let refund = false;
  if (next === 'succeeded') {
    refund = await onSucceeded(trx, payment, now);
    // Owed from this commit on: refunded right after it, and by the commerce schedule if that fails.
    if (refund) await updatePayment(trx, payment.id, { refund_due_at: now });
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
    await onRefunded(trx, payment, now);
  } else await updatePayment(trx, payment.id, { status: next });
  return { paymentId: payment.id, status: next, changed: true, refund };
}

/**
 * After commit: mails the receipt of a payment that just succeeded, or refunds one that paid for something gone.
 * Failures are logged, not thrown (the payment's own change is committed; a refund left undone is an admin's).
 */
export async function afterOutcome(deps: CommerceDeps, outcome: AppliedOutcome | null): Promise<void> {
  if (!outcome?.changed || outcome.status !== 'succeeded') return;
  try {
    if (outcome.refund) await refundForGonePurchase(deps, outcome.paymentId);
    else await sendReceipt(deps, outcome.paymentId);
  } catch (error) {
    deps.log.warn(
      { err: (error as Error).message, paymentId: outcome.paymentId },
      outcome.refund ? 'refund of a payment for a purchase gone or made failed' : 'receipt mail failed',
    );
  }
}

/**
 * Refunds a paid payment in full at the provider (one idempotency key per payment, so an admin's refund and an
 * automatic one cannot both go through), then ends what it bought. When the provider answers that it is refunded
 * already and the intent shows a full refund, it was refunded by other means (the provider's dashboard) and the
 * webhook saying so was lost: it counts as refunded here too, instead of an owed refund the schedule would try
 * again on every tick.
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
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockPaymentByIntent(trx, payment.provider_intent_id);
    if (locked?.status === 'succeeded') await onRefunded(trx, locked, now);
  });
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
  await refundAtProvider(deps, payment, now);
  deps.log.info({ paymentId }, 'refunded a payment for a purchase gone or already made');
  const user = await findPayer(deps, payment.user_id);
  if (!user?.email) return true;
  await deps.mailer.sendMail({
    to: user.email,
    locale: user.locale,
    template: 'paymentRefunded',
    params: {
      firstName: user.first_name,
      receiptNumber: payment.receipt_number ?? '',
      description: await describePayment(deps, payment, user.locale),
      amount: formatMoney(payment.amount_ore, payment.currency, user.locale),
      billingLink: buildWebLink(deps.config.PUBLIC_URL, user.locale, 'app/user/billing'),
    },
  });
  return true;
}

/** Who a receipt or a refund notice goes to, in their language. */
const findPayer = (deps: CommerceDeps, userId: string) =>
  deps.db
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** What a payment bought, for a receipt or a refund notice: the plan and its period, or the package. */
async function describePayment(
  deps: CommerceDeps,
  payment: NonNullable<Awaited<ReturnType<typeof findPaymentById>>>,
  locale: Locale,
) {
  if (payment.purpose === 'subscription') {
    const plan = payment.plan_id ? await findPlanNames(deps.db, payment.plan_id) : undefined;
    const name = (locale === 'sv' ? plan?.name_sv : plan?.name_en) ?? 'Premium';
    return `${name}, ${formatDate(payment.period_start!, locale)} – ${formatDate(payment.period_end!, locale)}`;
  }
  return payment.assessment_package === 'full_coach' ? 'Full Coach Package' : 'Basic Coach Package';
}

/** Applies an intent in its own transaction, then mails the receipt if it just got paid. */
export async function applyIntent(deps: CommerceDeps, intent: PaymentIntent, now = new Date()) {
  const outcome = await deps.db.transaction().execute((trx) => applyIntentInTransaction(trx, intent, now));
  await afterOutcome(deps, outcome);
  return outcome;
}

async function sendReceipt(deps: CommerceDeps, paymentId: string): Promise<void> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment || payment.receipt_sent_at || !payment.receipt_number) return;
  const user = await findPayer(deps, payment.user_id);
  if (!user?.email) return;
  const details = await findPaymentDetails(deps.db, payment.user_id);
  const locale = user.locale;
  const description = await describePayment(deps, payment, locale);
  await deps.mailer.sendMail({
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
      paidOn: formatDate(payment.updated_at, locale),
      billingName: details?.billing_name ?? null,
      billingLink: buildWebLink(deps.config.PUBLIC_URL, locale, 'app/user/billing'),
    },
  });
  await markReceiptSent(deps.db, payment.id);
}
