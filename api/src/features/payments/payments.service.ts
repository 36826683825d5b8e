import { maskPersonalIdentityNumber, translateMessage, type Locale, type MessageCode } from '@mp/domain';
import type { AssessmentPackage, Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { buildWebLink } from '../../lib/links';
import { AppError } from '../../errors';
import {
  CardProviderError,
  paymentIntentSchema,
  verifyWebhook,
  type PaymentIntent,
} from './card-provider.client';
import type { CommerceDeps } from './commerce-deps';
import {
  afterOutcome,
  applyIntent,
  applyIntentInTransaction,
  onRefunded,
  refundAtProvider,
  refundForGonePurchase,
} from './payment-outcome.service';
import {
  CARD_PROVIDER,
  findAdministeredCompany,
  findDefaultPaymentMethod,
  findPaymentById,
  findPaymentByIntent,
  findPaymentDetails,
  findPaymentMethodOfUser,
  findPaymentMethodsOfUser,
  countFailedBillPayments,
  findPaymentsOfUser,
  findRefundsDue,
  summariseRefundsOwed,
  findWaitingPayments,
  insertPayment,
  insertPaymentMethod,
  lockPaymentByIntent,
  recordWebhookEvent,
  removePaymentMethod,
  upsertPaymentDetails,
  type WaitingPaymentsOf,
} from './payments.repository';
import {
  swedishPostalCode,
  type CardDeclineReason,
  type PaymentDetailsBody,
  type PaymentDetailsPrefill,
  type PaymentState,
} from '@mp/api-contract/payments.schema';

/** Data access other features use; the SQL stays in the repository. */
export { findDefaultPaymentMethod, findSubscriptionPeriodPayments } from './payments.repository';

// Cards, payment details and payments (spec sections 3 and 7: POST payment/cards, POST store/ipu). Card numbers
// and CVCs are typed only into the provider's hosted form; we keep its token, brand, expiry and last four.

export const cardNotFound = () => new AppError('CARD_NOT_FOUND');

/** The provider's decline and error codes we tell the payer about; any other is a plain decline. */
const DECLINE_REASON_OF: Readonly<Record<string, CardDeclineReason>> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  processing_error: 'processing_error',
};

export const DECLINE_MESSAGE: Readonly<Record<CardDeclineReason, MessageCode>> = {
  insufficient_funds: 'error.cardInsufficientFunds',
  expired_card: 'error.cardExpired',
  incorrect_cvc: 'error.cardIncorrectCvc',
  processing_error: 'error.cardProcessingError',
  declined: 'error.cardDeclined',
};

/**
 * Why a charge was declined, from the intent's `last_payment_error`: its `decline_code` (the issuer's reason,
 * `card_declined` + `insufficient_funds`), else its `code` (`expired_card`, `incorrect_cvc`). Reasons the payer
 * is not told (lost or stolen card, suspected fraud) and unknown ones are a plain `declined`.
 */
export function cardDeclineReason(error: PaymentIntent['last_payment_error']): CardDeclineReason {
  for (const code of [error?.decline_code, error?.code]) {
    const reason = code ? DECLINE_REASON_OF[code] : undefined;
    if (reason) return reason;
  }
  return 'declined';
}

/**
 * Why a failed payment was declined, by the code stored with it (`failure_code`, the provider's decline or
 * error code): a reason we tell the payer about, else `declined` (a plain decline, a cancellation, an
 * authentication failure or no payment).
 */
export async function findDeclineReason(db: Kysely<Database>, paymentId: string): Promise<CardDeclineReason> {
  const code = (await findPaymentById(db, paymentId))?.failure_code;
  return (code && Object.hasOwn(DECLINE_REASON_OF, code) && DECLINE_REASON_OF[code]) || 'declined';
}

/** 402 CARD_DECLINED saying what to do about the provider's reason (`data.reason`, see the contract). */
export const cardDeclined = (error?: PaymentIntent['last_payment_error']) => {
  const reason = cardDeclineReason(error);
  return new AppError('CARD_DECLINED', { message: DECLINE_MESSAGE[reason], data: { reason } });
};
export const cardAuthenticationFailed = () => new AppError('CARD_AUTHENTICATION_FAILED');
export const paymentMethodRequired = () => new AppError('PAYMENT_METHOD_REQUIRED');
export const paymentDetailsRequired = () => new AppError('PAYMENT_DETAILS_REQUIRED');
const providerUnavailable = () => new AppError('PAYMENT_PROVIDER_UNAVAILABLE');

/** The card a purchase is paid with: the one named, else the default; 400 PAYMENT_METHOD_REQUIRED if none. */
export async function choosePaymentMethod(db: Kysely<Database>, userId: string, cardId?: string | null) {
  const method = cardId
    ? await findPaymentMethodOfUser(db, userId, cardId)
    : await findDefaultPaymentMethod(db, userId);
  if (!method) throw paymentMethodRequired();
  return method;
}
const paymentNotFound = () => new AppError('PAYMENT_NOT_FOUND');

/** Provider outages become 503 in the spec's shape; a provider refusal of our own request stays a 500. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardProviderError && error.status >= 500) throw providerUnavailable();
    throw error;
  }
}

// ---- cards -----------------------------------------------------------------------------------------------

const toCardView = (row: Awaited<ReturnType<typeof findPaymentMethodsOfUser>>[number]) => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expiryMonth: row.expiry_month,
  expiryYear: row.expiry_year,
  isDefault: row.is_default,
});

export async function listCards(db: Kysely<Database>, userId: string) {
  return { cards: (await findPaymentMethodsOfUser(db, userId)).map(toCardView) };
}

/** The provider's hosted card form, returning to `returnPath` of our web app with `payment_method=pm_...`. */
export function buildCardFormUrl(deps: Pick<CommerceDeps, 'config'>, returnPath: string): string {
  const url = new URL(deps.config.CARD_FORM_URL);
  url.searchParams.set('return_url', new URL(returnPath, deps.config.PUBLIC_URL).toString());
  url.searchParams.set('cancel_url', new URL(returnPath, deps.config.PUBLIC_URL).toString());
  return url.toString();
}

/** POST /payment/cards: stores the provider's token with the details the provider reports for it. */
export async function addCard(deps: CommerceDeps, userId: string, token: string, locale: Locale) {
  const card = await callProvider(() => deps.cardProvider.retrieveCard(token));
  if (!card) throw cardNotFound();
  await deps.db.transaction().execute(async (trx) => {
    const stored = await insertPaymentMethod(trx, {
      userId,
      token: card.id,
      brand: card.card.brand,
      last4: card.card.last4,
      expiryMonth: card.card.exp_month,
      expiryYear: card.card.exp_year,
    });
    // Another user's card: answered as an unknown one, and their rows and this user's default stay as they were.
    if (!stored) throw cardNotFound();
  });
  return { ...(await listCards(deps.db, userId)), message: translateMessage('success.cardSaved', locale) };
}

/**
 * DELETE /payment/cards/{id}: removes a saved card. Removing the default card makes the card added last of the
 * others the default (renewals charge it from then); the only card left cannot be removed while a subscription
 * renews (409 CARD_IN_USE: add another card first, or cancel). An unknown card, or another user's, is
 * 400 CARD_NOT_FOUND. Returns the cards left.
 */
export async function removeCard(
  deps: Pick<CommerceDeps, 'db'>,
  userId: string,
  cardId: string,
  locale: Locale,
) {
  const result = await deps.db.transaction().execute((trx) => removePaymentMethod(trx, userId, cardId));
  if (result === 'not_found') throw cardNotFound();
  if (result === 'in_use') throw new AppError('CARD_IN_USE');
  return { ...(await listCards(deps.db, userId)), message: translateMessage('success.cardRemoved', locale) };
}

// ---- payment details -------------------------------------------------------------------------------------

async function readPaymentDetails(deps: Pick<CommerceDeps, 'db' | 'config'>, userId: string) {
  const row = await findPaymentDetails(deps.db, userId);
  if (!row) return null;
  return {
    billingName: row.billing_name,
    addressLine: row.address_line,
    // Rows saved before the space was kept hold five digits ('11156').
    postalCode: swedishPostalCode(row.postal_code),
    city: row.city,
    country: row.country,
    organisationNumber: row.organisation_number,
    personalNumber: row.personal_number_encrypted
      ? maskPersonalIdentityNumber(
          decryptSecret(deps.config.NIN_ENCRYPTION_KEY, row.personal_number_encrypted),
        )
      : null,
    vatNumber: row.vat_number,
  };
}

/**
 * A company's free-text address as the form's fields: 'Storgatan 1, 411 01 Göteborg' (or on two lines) is
 * street, postal code and city; anything else is the street line alone, the rest left for the buyer.
 */
export function splitCompanyAddress(address: string | null): {
  addressLine: string;
  postalCode: string;
  city: string;
} {
  const text = (address ?? '').replace(/\s*\n\s*/g, ', ').trim();
  const match = /^(.+?)[,\s]+(?:SE-?)?(\d{3} ?\d{2})\s+([^\d,][^,]*?)(?:,\s*(?:Sverige|Sweden))?$/i.exec(
    text,
  );
  if (!match) return { addressLine: text, postalCode: '', city: '' };
  return {
    addressLine: match[1]!.replace(/,$/, '').trim(),
    postalCode: swedishPostalCode(match[2]!),
    city: match[3]!.trim(),
  };
}

/** What the payment details form starts from for a company admin with none saved: their company's details. */
async function prefillPaymentDetails(
  deps: Pick<CommerceDeps, 'db'>,
  userId: string,
): Promise<PaymentDetailsPrefill | null> {
  const company = await findAdministeredCompany(deps.db, userId);
  if (!company) return null;
  return {
    billingName: company.business_name,
    ...splitCompanyAddress(company.address),
    organisationNumber: company.organisation_number,
    vatNumber: company.vat_number,
  };
}

export async function getPaymentDetails(deps: Pick<CommerceDeps, 'db' | 'config'>, userId: string) {
  const details = await readPaymentDetails(deps, userId);
  return { details, prefill: details ? null : await prefillPaymentDetails(deps, userId) };
}

/** POST /store/ipu: the buyer's billing name, address and organisation or personal number. */
export async function savePaymentDetails(
  deps: Pick<CommerceDeps, 'db' | 'config'>,
  userId: string,
  body: PaymentDetailsBody,
  locale: Locale,
) {
  await upsertPaymentDetails(deps.db, {
    user_id: userId,
    billing_name: body.billingName,
    address_line: body.addressLine,
    postal_code: body.postalCode,
    city: body.city,
    country: body.country,
    organisation_number: body.organisationNumber ?? null,
    personal_number_encrypted: body.personalNumber
      ? encryptSecret(deps.config.NIN_ENCRYPTION_KEY, String(body.personalNumber))
      : null,
    // A VAT number belongs to an organisation: a person paying has none.
    vat_number: body.organisationNumber ? (body.vatNumber ?? null) : null,
  });
  return {
    details: await readPaymentDetails(deps, userId),
    message: translateMessage('success.paymentDetailsSaved', locale),
  };
}

export async function assertPaymentDetails(db: Kysely<Database>, userId: string): Promise<void> {
  if (!(await findPaymentDetails(db, userId))) throw paymentDetailsRequired();
}

// ---- payments --------------------------------------------------------------------------------------------

export interface StartPaymentInput {
  userId: string;
  paymentMethod: { id: string; provider_token: string };
  amountOre: number;
  currency: string;
  offSession: boolean;
  /** Web path the 3-D Secure challenge returns to, e.g. 'app/subscription'. */
  returnPath: string;
  locale: Locale;
  /** The same key for a retried call of the same charge, so the provider charges once. */
  idempotencyKey: string;
  target:
    | { purpose: 'subscription'; subscriptionId: string; planId: string; periodStart: Date; periodEnd: Date }
    | { purpose: 'assessment'; assessmentPackage: AssessmentPackage }
    | { purpose: 'bill'; billId: string };
}

/**
 * Creates and confirms a payment intent at the provider, records it and applies its outcome (which may
 * already be final). Returns the payment's state; a challenge returns `requires_action` with its URL.
 */
export async function startPayment(deps: CommerceDeps, input: StartPaymentInput, now = new Date()) {
  const intent = await callProvider(() =>
    deps.cardProvider.createPaymentIntent({
      amountOre: input.amountOre,
      currency: input.currency,
      paymentMethod: input.paymentMethod.provider_token,
      offSession: input.offSession,
      returnUrl: buildWebLink(deps.config.PUBLIC_URL, input.locale, input.returnPath),
      metadata: { user: input.userId, purpose: input.target.purpose },
      idempotencyKey: input.idempotencyKey,
    }),
  );
  const existing = await findPaymentByIntent(deps.db, intent.id);
  if (!existing) {
    const target = input.target;
    await insertPayment(deps.db, {
      user_id: input.userId,
      purpose: target.purpose,
      subscription_id: target.purpose === 'subscription' ? target.subscriptionId : null,
      plan_id: target.purpose === 'subscription' ? target.planId : null,
      assessment_package: target.purpose === 'assessment' ? target.assessmentPackage : null,
      bill_id: target.purpose === 'bill' ? target.billId : null,
      payment_method_id: input.paymentMethod.id,
      provider: CARD_PROVIDER,
      provider_intent_id: intent.id,
      idempotency_key: input.idempotencyKey,
      amount_ore: input.amountOre,
      currency: input.currency,
      status: intent.status === 'requires_action' ? 'requires_action' : 'processing',
      period_start: target.purpose === 'subscription' ? target.periodStart : null,
      period_end: target.purpose === 'subscription' ? target.periodEnd : null,
    }).catch(async (error: unknown) => {
      // A concurrent retry with the same key recorded it first; theirs stands.
      if (await findPaymentByIntent(deps.db, intent.id)) return;
      throw error;
    });
  }
  await applyIntent(deps, intent, now);
  return { intent, state: await paymentState(deps.db, intent) };
}

async function paymentState(db: Kysely<Database>, intent: PaymentIntent): Promise<PaymentState> {
  const payment = await findPaymentByIntent(db, intent.id);
  if (!payment) throw paymentNotFound();
  return {
    paymentId: payment.id,
    // A refund owed is as good as made for the payer (whichever request makes it, now or on a later tick).
    status: payment.status === 'succeeded' && payment.refund_due_at ? 'refunded' : payment.status,
    redirectUrl:
      payment.status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? null) : null,
    overdue: await paysLaterPeriod(db, payment),
  };
}

/**
 * Whether a subscription payment pays a period after the subscription's first (a declined renewal paid now): the
 * subscription was paid before it. A first payment has no paid one before it (a failed first payment leaves
 * its subscription to be replaced by the next try).
 */
async function paysLaterPeriod(
  db: Kysely<Database>,
  payment: { id: string; purpose: string; subscription_id: string | null; created_at: Date },
): Promise<boolean> {
  if (payment.purpose !== 'subscription' || !payment.subscription_id) return false;
  const earlier = await db
    .selectFrom('payments')
    .select('id')
    .where('subscription_id', '=', payment.subscription_id)
    .where('id', '!=', payment.id)
    .where('status', 'in', ['succeeded', 'refunded'])
    .where('created_at', '<', payment.created_at)
    .limit(1)
    .executeTakeFirst();
  return earlier !== undefined;
}

/**
 * Cancels, at the provider, payments that still wait for their customer (a 3-D Secure challenge left before the
 * buyer starts again), and applies what the provider answers: cancelled, or paid meanwhile (then that payment
 * stands: the subscription it started is active, or its assessment is bought). Returns the ids cancelled.
 */
export async function cancelWaitingPayments(
  deps: CommerceDeps,
  of: WaitingPaymentsOf,
  now = new Date(),
): Promise<string[]> {
  const cancelled: string[] = [];
  for (const payment of await findWaitingPayments(deps.db, of)) {
    const intent = await callProvider(() =>
      deps.cardProvider.cancelPaymentIntent(payment.provider_intent_id, 'abandoned', `cancel-${payment.id}`),
    );
    await applyIntent(deps, intent, now);
    if (intent.status === 'canceled') cancelled.push(payment.id);
  }
  return cancelled;
}

/** An owed refund still not made this long after it fell due has failed several of the schedule's tries. */
export const REFUND_OWED_STUCK_AFTER_MS = 15 * 60_000;

/**
 * Refunds owed to payers and not made yet (the provider did not take them when they fell due; the schedule below
 * retries them), how many have waited past {@link REFUND_OWED_STUCK_AFTER_MS}, and since when the oldest is owed:
 * the admin dashboard shows a refund the provider keeps refusing, not only the worker's log.
 */
export async function findRefundsOwed(db: Kysely<Database>, now = new Date()) {
  const row = await summariseRefundsOwed(db, new Date(now.getTime() - REFUND_OWED_STUCK_AFTER_MS));
  return {
    pending: row.pending,
    stuck: row.stuck,
    oldestDueAt: row.oldestDueAt === null ? null : new Date(row.oldestDueAt).toISOString(),
  };
}

/**
 * The commerce schedule's sweep: refunds owed for over a minute, which the refund right after the payment's
 * commit did not get done (the provider was down). Returns how many were refunded now.
 */
export async function refundDuePayments(deps: CommerceDeps, now = new Date()): Promise<number> {
  let refunded = 0;
  for (const id of await findRefundsDue(deps.db, new Date(now.getTime() - 60_000), 100)) {
    try {
      if (await refundForGonePurchase(deps, id, now)) refunded += 1;
    } catch (error) {
      deps.log.warn({ err: (error as Error).message, paymentId: id }, 'owed refund failed again');
    }
  }
  return refunded;
}

/**
 * POST /payment/intents/{id}/sync: the browser is back from the 3-D Secure challenge. The intent is read from
 * the provider (never trusted from the URL) and applied; only the payer's own payments.
 */
export async function syncPaymentIntent(deps: CommerceDeps, userId: string, intentId: string) {
  const payment = await findPaymentByIntent(deps.db, intentId);
  if (!payment || payment.user_id !== userId) throw paymentNotFound();
  const intent = await callProvider(() => deps.cardProvider.retrievePaymentIntent(intentId));
  if (!intent) throw paymentNotFound();
  await applyIntent(deps, intent);
  return paymentState(deps.db, intent);
}

/** How many card payments of a bill failed or were cancelled: its next charge's attempt number. */
export const countBillPaymentAttempts = (db: Kysely<Database>, billId: string) =>
  countFailedBillPayments(db, billId);

/** Billing: the user's paid and refunded payments with receipt numbers. */
export async function listReceipts(db: Kysely<Database>, userId: string, locale: Locale) {
  const rows = await findPaymentsOfUser(db, userId);
  return {
    receipts: rows.map((r) => ({
      id: r.id,
      purpose: r.purpose,
      amountOre: r.amount_ore,
      currency: r.currency,
      status: r.status as 'succeeded' | 'refunded',
      planName:
        r.purpose === 'subscription' ? ((locale === 'sv' ? r.plan_name_sv : r.plan_name_en) ?? null) : null,
      invoiceNumber: r.invoice_number === null ? null : Number(r.invoice_number),
      receiptNumber: r.receipt_number,
      periodStart: r.period_start?.toISOString() ?? null,
      periodEnd: r.period_end?.toISOString() ?? null,
      // When it succeeded (one paid after midnight, or days after it was started, is dated so).
      paidAt: (r.succeeded_at ?? r.created_at).toISOString(),
    })),
  };
}

/** POST /payments/{id}/refund (admins): refunds at the provider and ends what the payment bought. */
export async function refundPayment(deps: CommerceDeps, paymentId: string, now = new Date()) {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment) throw paymentNotFound();
  if (payment.status !== 'succeeded') throw new AppError('PAYMENT_NOT_REFUNDABLE');
  await callProvider(() => refundAtProvider(deps, payment, now));
  return { paymentId, status: 'refunded' as const };
}

// ---- webhooks --------------------------------------------------------------------------------------------

export const webhookSignatureInvalid = () => new AppError('WEBHOOK_SIGNATURE_INVALID');

const intentEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.canceled',
]);

/**
 * POST /payment/webhook: verifies the signature and its timestamp (forgeries and old replays: 400), records
 * the event id (a replayed id changes nothing) and applies it in the same transaction.
 */
export async function handleWebhook(
  deps: CommerceDeps,
  rawBody: string,
  signatureHeader: string | undefined,
  now = new Date(),
): Promise<{ received: true; duplicate: boolean }> {
  const event = verifyWebhook({
    rawBody,
    signatureHeader,
    secret: deps.config.CARD_WEBHOOK_SECRET,
    toleranceSeconds: deps.config.CARD_WEBHOOK_TOLERANCE_SECONDS,
    nowSeconds: Math.floor(now.getTime() / 1000),
  });
  if (!event) throw webhookSignatureInvalid();
  const result = await deps.db.transaction().execute(async (trx) => {
    if (!(await recordWebhookEvent(trx, event.id, event.type))) return { duplicate: true, outcome: null };
    if (intentEvents.has(event.type)) {
      const intent = paymentIntentSchema.safeParse(event.data.object);
      if (intent.success)
        return { duplicate: false, outcome: await applyIntentInTransaction(deps, trx, intent.data, now) };
    } else if (event.type === 'charge.refunded') {
      const intentId = event.data.object.payment_intent;
      const refunded = event.data.object.refunded === true;
      if (typeof intentId === 'string' && refunded) {
        const payment = await lockPaymentByIntent(trx, intentId);
        if (payment?.status === 'succeeded')
          return { duplicate: false, outcome: null, mailIds: await onRefunded(trx, deps, payment, now) };
      }
    }
    return { duplicate: false, outcome: null };
  });
  deps.deliverMails(result.mailIds ?? []);
  await afterOutcome(deps, result.outcome);
  return { received: true, duplicate: result.duplicate };
}
