import { swedishDayOf, translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { buildWebLink } from '../../lib/links';
import { enqueueMail, type OutboxMail } from '../../lib/mail-outbox';
import type { AuthUser } from '../../plugins/auth';
import type { CommerceDeps } from '../payments/commerce-deps';
import { formatDate, formatMoney } from '../payments/money';
import { addOneMonth } from '../payments/payment-outcome.service';
import {
  assertPaymentDetails,
  cancelWaitingPayments,
  cardDeclined,
  cardDeclineReason,
  choosePaymentMethod,
  DECLINE_MESSAGE,
  findDeclineReason,
  findDefaultPaymentMethod,
  findSubscriptionPeriodPayments,
  startPayment,
} from '../payments/payments.service';
import { findPlanWithPrice } from '../products/products.service';
import { isGrantedPremium, syncPremiumFlag } from './premium-gate';
import {
  expireStaleIncomplete,
  findDueSubscriptionIds,
  findLiveSubscription,
  insertSubscription,
  lockSubscription,
  updateSubscription,
} from './subscriptions.repository';
import type { ChangePlanBody, SubscribeBody } from '@mp/api-contract/subscriptions.schema';
import type { CardCharge } from '@mp/api-contract/payments.schema';

// Premium subscriptions (spec sections 1, 2, 6, 9): monthly, charged up front to the user's card; renewed by
// the scheduled renewal job; a declined renewal is retried until the grace period ends, then downgraded;
// cancelling keeps premium to the end of the paid period.

const SUBSCRIPTION_PATH = 'app/subscription';
const subscriptionExists = () => new AppError('SUBSCRIPTION_EXISTS');
const noSubscription = () => new AppError('NO_SUBSCRIPTION');

/**
 * The user's running subscription for the manage screen, or null (Standard). The card named is the one renewals
 * and paying now charge: the default card (the one the subscription started with only when none is left).
 */
export async function getSubscription(
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  now = new Date(),
) {
  const s = await findLiveSubscription(db, userId);
  if (!s || s.status === 'incomplete') return { subscription: null };
  const card =
    (await findDefaultPaymentMethod(db, userId)) ?? (s.last4 ? { brand: s.brand, last4: s.last4 } : null);
  const pastDue = s.status === 'past_due';
  return {
    subscription: {
      id: s.id,
      plan: s.plan_code,
      planName: locale === 'sv' ? s.name_sv : s.name_en,
      status: s.status as 'active' | 'trialing' | 'past_due',
      amountOre: s.amount_ore ?? 0,
      currency: s.currency ?? 'SEK',
      currentPeriodEnd: s.current_period_end!.toISOString(),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      graceEndsAt: s.grace_ends_at?.toISOString() ?? null,
      nextAttemptAt: pastDue && s.next_renewal_attempt_at ? nextChargeAt(s, now).toISOString() : null,
      card: card?.last4 ? { brand: card.brand, last4: card.last4 } : null,
      scheduledChange:
        s.scheduled_plan_code && !s.cancel_at_period_end
          ? {
              plan: s.scheduled_plan_code,
              planName:
                (locale === 'sv' ? s.scheduled_name_sv : s.scheduled_name_en) ?? s.scheduled_plan_code,
              amountOre: Number(s.scheduled_amount_ore ?? 0),
              currency: s.scheduled_currency ?? 'SEK',
              // A period already over (a renewal being retried): the plan starts with the payment due.
              startsAt: (pastDue ? nextChargeAt(s, now) : s.current_period_end!).toISOString(),
            }
          : null,
    },
  };
}

/**
 * POST /subscriptions: subscribes to Premium or Premium plus, charging the first month now. A card that
 * needs 3-D Secure answers `requires_action` with the challenge URL; the subscription starts when it is paid.
 */
export async function subscribe(
  deps: CommerceDeps,
  user: AuthUser,
  body: SubscribeBody,
  locale: Locale,
  now = new Date(),
) {
  const plan = await findPlanWithPrice(deps.db, body.plan);
  if (!plan?.price || plan.price.billing_interval !== 'month' || plan.price.amount_ore <= 0) {
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  // Premium given by an admin: buying would charge for what the user has, and the subscription's end would then
  // take the given premium away (syncPremiumFlag).
  if (isGrantedPremium(user, await findLiveSubscription(deps.db, user.id)))
    throw new AppError('PREMIUM_GRANTED');
  await assertPaymentDetails(deps.db, user.id);
  const method = await choosePaymentMethod(deps.db, user.id, body.cardId);
  let existing = await findLiveSubscription(deps.db, user.id);
  if (existing?.status === 'incomplete') {
    // An earlier first payment still waits (its 3-D Secure challenge left, or open in another tab): it is
    // cancelled at the provider before a new one starts, so the buyer never pays twice. If it was paid in the
    // meantime, that payment stands and the subscription it started is the buyer's.
    await cancelWaitingPayments(deps, { subscriptionId: existing.id }, now);
    existing = await findLiveSubscription(deps.db, user.id);
  }
  if (existing && existing.status !== 'incomplete') throw subscriptionExists();
  if (existing) await updateSubscription(deps.db, existing.id, { status: 'expired' });

  const periodEnd = addOneMonth(now);
  const subscription = await insertSubscription(deps.db, {
    userId: user.id,
    planId: plan.id,
    priceId: plan.price.id,
    paymentMethodId: method.id,
    periodStart: now,
    periodEnd,
  }).catch((error: { code?: string }) => {
    if (error.code === '23505') throw subscriptionExists();
    throw error;
  });
  const { intent, state } = await startPayment(
    deps,
    {
      userId: user.id,
      paymentMethod: method,
      amountOre: Number(plan.price.amount_ore),
      currency: plan.price.currency,
      offSession: false,
      returnPath: SUBSCRIPTION_PATH,
      locale,
      idempotencyKey: `subscription-${subscription.id}-first`,
      target: {
        purpose: 'subscription',
        subscriptionId: subscription.id,
        planId: plan.id,
        periodStart: now,
        periodEnd,
      },
    },
    now,
  );
  if (state.status === 'failed') throw cardDeclined(intent.last_payment_error);
  return state;
}

/**
 * POST /subscriptions/change: another plan (Premium <-> Premium plus) from the next renewal, which charges its
 * price; the plan paid for lasts until then. Choosing the current plan takes back a change asked for. A cancelled
 * subscription is resumed first (409 SUBSCRIPTION_CANCELLED). A change (or its taking back) is confirmed by mail
 * in the user's language: the new plan, from when, and what the next charge is; asking for what is already so
 * changes nothing and sends nothing.
 */
export async function changePlan(
  deps: CommerceDeps,
  userId: string,
  body: ChangePlanBody,
  locale: Locale,
  now = new Date(),
) {
  const { db } = deps;
  const current = await findLiveSubscription(db, userId);
  if (!current || current.status === 'incomplete') throw noSubscription();
  const plan = body.plan === current.plan_code ? null : await findPlanWithPrice(db, body.plan);
  if (plan && (!plan.price || plan.price.billing_interval !== 'month' || plan.price.amount_ore <= 0)) {
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  const mailIds = await db.transaction().execute(async (trx) => {
    // Under the row's lock, as the renewal job takes it: a change is either before a renewal or after it.
    const locked = await lockSubscription(trx, current.id);
    if (!locked || !['active', 'trialing', 'past_due'].includes(locked.status)) throw noSubscription();
    if (locked.cancel_at_period_end) throw new AppError('SUBSCRIPTION_CANCELLED');
    const scheduled = { scheduled_plan_id: plan?.id ?? null, scheduled_price_id: plan?.price?.id ?? null };
    if (
      locked.scheduled_plan_id === scheduled.scheduled_plan_id &&
      locked.scheduled_price_id === scheduled.scheduled_price_id
    ) {
      return [];
    }
    const before = await findLiveSubscription(trx, userId);
    await updateSubscription(trx, locked.id, scheduled);
    const after = await findLiveSubscription(trx, userId);
    if (!before || !after) return [];
    const nextChargeOn = nextChargeAt(locked, now);
    return enqueueUserMail(trx, userId, (u) => {
      const common = { firstName: u.first_name, link: subscriptionLink(deps, u.locale) };
      return after.scheduled_plan_code
        ? {
            template: 'planChangeScheduled',
            params: {
              ...common,
              planName: planNameOf(after, u.locale),
              newPlanName: scheduledPlanNameOf(after, u.locale),
              amount: formatMoney(
                Number(after.scheduled_amount_ore ?? 0),
                after.scheduled_currency ?? 'SEK',
                u.locale,
              ),
              startsOn: formatDate(nextChargeOn, u.locale),
            },
          }
        : {
            template: 'planChangeUndone',
            params: {
              ...common,
              planName: planNameOf(after, u.locale),
              droppedPlanName: scheduledPlanNameOf(before, u.locale),
              amount: formatMoney(Number(after.amount_ore ?? 0), after.currency ?? 'SEK', u.locale),
              nextChargeOn: formatDate(nextChargeOn, u.locale),
            },
          };
    });
  });
  deps.deliverMails(mailIds);
  const result = await getSubscription(db, userId, locale, now);
  const change = result.subscription?.scheduledChange;
  return {
    ...result,
    message: change
      ? translateMessage('success.planChangeScheduled', locale, {
          plan: change.planName,
          date: formatDate(new Date(change.startsAt), locale),
        })
      : translateMessage('success.planChangeUndone', locale, {
          plan: result.subscription?.planName ?? '',
        }),
  };
}

/**
 * POST /subscriptions/cancel: premium continues to the end of the paid period, then the plan is Standard. A change
 * of plan asked for is kept stored, not shown, and comes back if the cancellation is undone. The
 * cancellation is confirmed by mail in the user's language (once: cancelling again sends nothing). A subscription
 * whose renewal failed (past_due) has no paid period left: it ends at once and its card is not tried again.
 */
export async function cancelSubscription(
  deps: CommerceDeps,
  userId: string,
  locale: Locale,
  now = new Date(),
) {
  const s = await findLiveSubscription(deps.db, userId);
  if (!s || s.status === 'incomplete') throw noSubscription();
  let endedNow = false;
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockSubscription(trx, s.id);
    if (!locked || !['active', 'trialing', 'past_due'].includes(locked.status)) throw noSubscription();
    if (locked.cancel_at_period_end) return [];
    // A change of plan asked for stays stored (the view hides it: no renewal comes), so that keeping the
    // subscription before the period ends brings it back as it was; the cancel dialog says so.
    await updateSubscription(trx, s.id, { cancel_at_period_end: true, cancelled_at: now });
    const paidPeriodOver = !locked.current_period_end || locked.current_period_end <= now;
    if (locked.status === 'past_due' || paidPeriodOver) {
      // Nothing paid is left (a renewal being retried): premium ends now, and the card is not tried again.
      await updateSubscription(trx, s.id, { status: 'cancelled', next_renewal_attempt_at: null });
      await syncPremiumFlag(trx, userId, now);
      endedNow = true;
    }
    const endsOn = paidPeriodOver ? now : locked.current_period_end!;
    return enqueueUserMail(trx, userId, (u) => ({
      template: 'subscriptionCancelled',
      params: {
        firstName: u.first_name,
        planName: planNameOf(s, u.locale),
        endsOn: formatDate(endsOn, u.locale),
        link: subscriptionLink(deps, u.locale),
      },
    }));
  });
  deps.deliverMails(mailIds);
  return {
    ...(await getSubscription(deps.db, userId, locale, now)),
    message: translateMessage(
      endedNow ? 'success.subscriptionEndedNow' : 'success.subscriptionCancelled',
      locale,
    ),
  };
}

/**
 * POST /subscriptions/resume: undoes a cancellation before the period has ended, with a change of plan asked for
 * before it (kept through the cancellation), confirmed by mail in the user's language with the next charge
 * (resuming one not cancelled sends nothing).
 */
export async function resumeSubscription(
  deps: CommerceDeps,
  userId: string,
  locale: Locale,
  now = new Date(),
) {
  const s = await findLiveSubscription(deps.db, userId);
  if (!s || s.status === 'incomplete') throw noSubscription();
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockSubscription(trx, s.id);
    if (!locked || !['active', 'trialing', 'past_due'].includes(locked.status)) throw noSubscription();
    if (!locked.cancel_at_period_end) return [];
    await updateSubscription(trx, s.id, { cancel_at_period_end: false, cancelled_at: null });
    return enqueueUserMail(trx, userId, (u) => ({
      template: 'subscriptionResumed',
      params: {
        firstName: u.first_name,
        planName: planNameOf(s, u.locale),
        // A change of plan kept through the cancellation starts at that renewal: its price is the next charge.
        amount: s.scheduled_plan_code
          ? formatMoney(Number(s.scheduled_amount_ore ?? 0), s.scheduled_currency ?? 'SEK', u.locale)
          : formatMoney(Number(s.amount_ore ?? 0), s.currency ?? 'SEK', u.locale),
        nextChargeOn: formatDate(nextChargeAt(locked, now), u.locale),
        link: subscriptionLink(deps, u.locale),
      },
    }));
  });
  deps.deliverMails(mailIds);
  return getSubscription(deps.db, userId, locale, now);
}

// ---- paying the period a failed renewal left unpaid ------------------------------------------------------

type Card = NonNullable<Awaited<ReturnType<typeof findDefaultPaymentMethod>>>;

/**
 * Charges the period a declined renewal left unpaid (past_due) with `card`, as the renewal job does: the
 * period from the old period's end, at the plan's price (a change of plan asked for takes effect with it). Null
 * when nothing is due any more (paid meanwhile, cancelled). The outcome is applied as any payment's: a success
 * makes the subscription active for that period; 3-D Secure answers `requires_action` with the challenge.
 */
async function chargeOutstanding(
  deps: CommerceDeps,
  userId: string,
  card: Card,
  options: { offSession: boolean; locale: Locale; idempotencyKey: (id: string, periodStart: Date) => string },
  now: Date,
) {
  const live = await findLiveSubscription(deps.db, userId);
  if (!live || live.status !== 'past_due') return null;
  const s = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockSubscription(trx, live.id);
    if (!locked?.current_period_end || locked.status !== 'past_due' || locked.cancel_at_period_end)
      return null;
    if (!locked.scheduled_plan_id || !locked.scheduled_price_id) return locked;
    const switched = { plan_id: locked.scheduled_plan_id, price_id: locked.scheduled_price_id };
    await updateSubscription(trx, locked.id, {
      ...switched,
      scheduled_plan_id: null,
      scheduled_price_id: null,
    });
    return { ...locked, ...switched };
  });
  if (!s?.price_id) return null;
  const price = await deps.db
    .selectFrom('prices')
    .select(['amount_ore', 'currency'])
    .where('id', '=', s.price_id)
    .executeTakeFirstOrThrow();
  const periodStart = s.current_period_end!;
  const periodEnd = addOneMonth(periodStart);
  return startPayment(
    deps,
    {
      userId,
      paymentMethod: card,
      amountOre: Number(price.amount_ore),
      currency: price.currency,
      offSession: options.offSession,
      returnPath: SUBSCRIPTION_PATH,
      locale: options.locale,
      idempotencyKey: options.idempotencyKey(s.id, periodStart),
      target: { purpose: 'subscription', subscriptionId: s.id, planId: s.plan_id, periodStart, periodEnd },
    },
    now,
  );
}

/**
 * POST /subscriptions/pay: pays now, with the default card, the period a declined renewal left unpaid (past_due),
 * instead of waiting for the next automatic try. 3-D Secure answers `requires_action` with the challenge (the
 * return from it, or the webhook, applies it); a success makes the subscription active for that period. A
 * payment of it left at its challenge is cancelled first; a double click is one charge (the same key). 409
 * NOTHING_TO_PAY when nothing is due, 402 CARD_DECLINED, 400 PAYMENT_METHOD_REQUIRED.
 */
export async function payNow(deps: CommerceDeps, userId: string, locale: Locale, now = new Date()) {
  const s = await findLiveSubscription(deps.db, userId);
  if (!s || s.status === 'incomplete') throw noSubscription();
  if (s.status !== 'past_due' || !s.current_period_end) throw new AppError('NOTHING_TO_PAY');
  if (s.cancel_at_period_end) throw new AppError('SUBSCRIPTION_CANCELLED');
  const card = await choosePaymentMethod(deps.db, userId);
  await cancelWaitingPayments(deps, { subscriptionId: s.id }, now);
  // One key per try: a try after a failed (or cancelled) one is a new charge, a repeated click is not.
  const tries = (await findSubscriptionPeriodPayments(deps.db, s.id, s.current_period_end)).filter(
    (p) => p.status === 'failed',
  ).length;
  const started = await chargeOutstanding(
    deps,
    userId,
    card,
    {
      offSession: false,
      locale,
      idempotencyKey: (id, start) => `subscription-${id}-${start.toISOString()}-pay-now-${tries}`,
    },
    now,
  );
  if (!started) throw new AppError('NOTHING_TO_PAY');
  if (started.state.status === 'failed') throw cardDeclined(started.intent.last_payment_error);
  return started.state;
}

/**
 * A card added (or made the default) while a renewal is being retried: the period due is charged to it at once,
 * off-session like a renewal, once per card and period (a card tried for the period already is left to the
 * schedule and to paying now). Returns what became of the charge (paid, declined and why, or waiting for 3-D
 * Secure) with the next automatic try; null when nothing was charged. A decline or an unreachable provider leaves
 * the subscription to its retries (the card stays saved either way).
 */
export async function retryPastDueWithDefaultCard(
  deps: CommerceDeps,
  userId: string,
  now = new Date(),
): Promise<CardCharge | null> {
  const s = await findLiveSubscription(deps.db, userId);
  if (s?.status !== 'past_due' || s.cancel_at_period_end || !s.current_period_end) return null;
  const card = await findDefaultPaymentMethod(deps.db, userId);
  if (!card) return null;
  const tried = await findSubscriptionPeriodPayments(deps.db, s.id, s.current_period_end);
  if (tried.some((p) => p.payment_method_id === card.id)) return null;
  try {
    const started = await chargeOutstanding(
      deps,
      userId,
      card,
      {
        offSession: true,
        locale: 'sv',
        idempotencyKey: (id, start) => `subscription-${id}-${start.toISOString()}-card-${card.id}`,
      },
      now,
    );
    if (!started) return null;
    const { intent, state } = started;
    const after = await findLiveSubscription(deps.db, userId);
    const pending = after?.status === 'past_due';
    return {
      status:
        state.status === 'succeeded'
          ? 'paid'
          : state.status === 'requires_action'
            ? 'requires_action'
            : 'declined',
      amountOre: intent.amount,
      currency: intent.currency.toUpperCase(),
      reason: state.status === 'failed' ? cardDeclineReason(intent.last_payment_error) : null,
      nextAttemptAt:
        pending && after.next_renewal_attempt_at ? after.next_renewal_attempt_at.toISOString() : null,
      graceEndsAt: pending && after.grace_ends_at ? after.grace_ends_at.toISOString() : null,
    };
  } catch (error) {
    deps.log.warn({ err: (error as Error).message, subscriptionId: s.id }, 'retry with a new card failed');
    return null;
  }
}

/**
 * The answer to a card added or removed that charged the period due at once (QA13 F2, F3): what was done with
 * the card, and whether the payment went through; if not, why (the words of a declined Pay now) and what happens
 * next (the next automatic try, or premium's end).
 */
export function cardChargeMessage(action: 'saved' | 'removed', charge: CardCharge, locale: Locale): string {
  const amount = formatMoney(charge.amountOre, charge.currency, locale);
  if (charge.status === 'paid')
    return translateMessage(
      action === 'saved' ? 'success.cardSavedSubscriptionPaid' : 'success.cardRemovedSubscriptionPaid',
      locale,
      { amount },
    );
  const next = charge.nextAttemptAt
    ? translateMessage('status.overdueNextAttempt', locale, {
        date: { day: swedishDayOf(new Date(charge.nextAttemptAt)) },
      })
    : charge.graceEndsAt
      ? translateMessage('status.overdueLastChance', locale, {
          date: { day: swedishDayOf(new Date(charge.graceEndsAt)) },
        })
      : '';
  const done = { message: action === 'saved' ? 'success.cardSaved' : 'success.cardRemoved' } as const;
  const text =
    charge.status === 'requires_action'
      ? translateMessage('status.cardChangeChargeNeedsVerification', locale, { done, amount, next })
      : translateMessage('status.cardChangeChargeDeclined', locale, {
          done,
          amount,
          next,
          reason: { message: DECLINE_MESSAGE[charge.reason ?? 'declined'] },
        });
  return text.replace(/\.\s*$/, '');
}

type LiveSubscription = NonNullable<Awaited<ReturnType<typeof findLiveSubscription>>>;

const subscriptionLink = (deps: Pick<CommerceDeps, 'config'>, locale: Locale) =>
  buildWebLink(deps.config.PUBLIC_URL, locale, SUBSCRIPTION_PATH);

const planNameOf = (s: LiveSubscription, locale: Locale) => (locale === 'sv' ? s.name_sv : s.name_en);

const scheduledPlanNameOf = (s: LiveSubscription, locale: Locale) =>
  (locale === 'sv' ? s.scheduled_name_sv : s.scheduled_name_en) ?? s.scheduled_plan_code ?? '';

/** When the renewal job next charges: the period's end, or the next retry of a declined renewal. */
function nextChargeAt(
  s: { status: string; current_period_end: Date | null; next_renewal_attempt_at: Date | null },
  now: Date,
): Date {
  const at =
    s.status === 'past_due' && s.next_renewal_attempt_at ? s.next_renewal_attempt_at : s.current_period_end;
  return at && at > now ? at : now;
}

// ---- renewals (the scheduled job) ------------------------------------------------------------------------

export interface RenewalReport {
  renewed: number;
  failed: number;
  ended: number;
  expired: number;
}

const hours = (n: number) => n * 3600_000;
const days = (n: number) => n * 24 * 3600_000;

type SubscriptionMail =
  | 'subscriptionEnded'
  | 'renewalFailed'
  | 'subscriptionCancelled'
  | 'subscriptionResumed'
  | 'planChangeScheduled'
  | 'planChangeUndone';

/** A subscription mail's template and params; `enqueueUserMail` addresses it. */
type UserMail = Omit<OutboxMail<SubscriptionMail>, 'to' | 'locale'>;

/**
 * Writes a subscription mail to the user (not deleted, with an address), in their language, to the mail outbox in
 * the transaction of the change it tells of. Returns the row's id, if any.
 */
async function enqueueUserMail(
  trx: Transaction<Database>,
  userId: string,
  mail: (user: { first_name: string | null; locale: Locale }) => UserMail | Promise<UserMail>,
): Promise<string[]> {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user?.email) return [];
  return [await enqueueMail(trx, { to: user.email, locale: user.locale, ...(await mail(user)) })];
}

/** One due subscription: ends it, charges the next period, or counts a failed retry and maybe expires it. */
async function renewOne(deps: CommerceDeps, id: string, now: Date): Promise<keyof RenewalReport | null> {
  const link = (locale: Locale) => subscriptionLink(deps, locale);
  const endedMail = (trx: Transaction<Database>, userId: string) =>
    enqueueUserMail(trx, userId, (u) => ({
      template: 'subscriptionEnded',
      params: { firstName: u.first_name, link: link(u.locale) },
    }));
  const expire = async (trx: Transaction<Database>, s: { id: string; user_id: string | null }) => {
    await updateSubscription(trx, s.id, { status: 'expired', next_renewal_attempt_at: null });
    await syncPremiumFlag(trx, s.user_id!, now);
    return { kind: 'expired' as const, s, mailIds: await endedMail(trx, s.user_id!) };
  };
  const decision = await deps.db.transaction().execute(async (trx) => {
    const s = await lockSubscription(trx, id);
    if (!s?.user_id || !s.current_period_end) return null;
    if (!['active', 'trialing', 'past_due'].includes(s.status)) return null;
    const graceOver = s.status === 'past_due' && s.grace_ends_at && s.grace_ends_at <= now;
    if (s.cancel_at_period_end && s.current_period_end <= now) {
      await updateSubscription(trx, s.id, { status: 'cancelled' });
      await syncPremiumFlag(trx, s.user_id, now);
      return { kind: 'ended' as const, s, mailIds: await endedMail(trx, s.user_id) };
    }
    // The grace is over: the subscription ends, unless its default card was never tried for the period due (added
    // or made the default after the last try): that card gets one last try first (decisions.md).
    let lastTry = false;
    if (graceOver) {
      const card = await findDefaultPaymentMethod(trx, s.user_id);
      const tried = await findSubscriptionPeriodPayments(trx, s.id, s.current_period_end);
      lastTry = Boolean(card && !tried.some((p) => p.payment_method_id === card.id));
      if (!lastTry) return expire(trx, s);
    }
    if (s.current_period_end > now) return null;
    if (!lastTry && s.status === 'past_due' && s.next_renewal_attempt_at && s.next_renewal_attempt_at > now)
      return null;
    if (s.scheduled_plan_id && s.scheduled_price_id) {
      // The plan the subscriber chose takes effect with this renewal: its price is what is charged from now.
      const switched = { plan_id: s.scheduled_plan_id, price_id: s.scheduled_price_id };
      await updateSubscription(trx, s.id, { ...switched, scheduled_plan_id: null, scheduled_price_id: null });
      return {
        kind: 'charge' as const,
        s: { ...s, ...switched, scheduled_plan_id: null, scheduled_price_id: null },
      };
    }
    return { kind: 'charge' as const, s };
  });
  if (!decision) return null;
  if (decision.kind !== 'charge') {
    deps.deliverMails(decision.mailIds);
    return decision.kind;
  }
  const { s } = decision;
  const userId = s.user_id!;

  const price = s.price_id
    ? await deps.db
        .selectFrom('prices')
        .select(['amount_ore', 'currency'])
        .where('id', '=', s.price_id)
        .executeTakeFirst()
    : undefined;
  const method = s.payment_method_id
    ? await deps.db
        .selectFrom('payment_methods')
        .select(['id', 'provider_token'])
        .where('id', '=', s.payment_method_id)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const defaultMethod = (await findDefaultPaymentMethod(deps.db, userId)) ?? method;
  const periodStart = s.current_period_end!;
  const periodEnd = addOneMonth(periodStart);
  let paid = false;
  let failedPaymentId: string | null = null;
  if (price && defaultMethod) {
    const state = await startPayment(
      deps,
      {
        userId,
        paymentMethod: defaultMethod,
        amountOre: Number(price.amount_ore),
        currency: price.currency,
        offSession: true,
        returnPath: SUBSCRIPTION_PATH,
        locale: 'sv',
        idempotencyKey: `subscription-${s.id}-${periodStart.toISOString()}-attempt-${s.renewal_attempts}`,
        target: { purpose: 'subscription', subscriptionId: s.id, planId: s.plan_id, periodStart, periodEnd },
      },
      now,
    ).then(
      (started) => started.state,
      (error: unknown) => {
        // The provider refused the charge itself (e.g. the card was deleted there): a failed attempt like a
        // decline. An unreachable provider is not the card's fault: leave the subscription for the next tick.
        if (error instanceof AppError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') throw error;
        deps.log.warn({ err: (error as Error).message, subscriptionId: s.id }, 'renewal charge refused');
        return null;
      },
    );
    paid = state?.status === 'succeeded';
    if (state?.status === 'failed') failedPaymentId = state.paymentId;
  }
  if (paid) return 'renewed';

  const graceEnds =
    s.grace_ends_at ?? new Date(periodStart.getTime() + days(deps.config.SUBSCRIPTION_GRACE_DAYS));
  if (s.status === 'past_due' && graceEnds <= now) {
    // The last try, after the grace, failed too: the subscription ends now.
    const ended = await deps.db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, s.id);
      return locked?.status === 'past_due' ? expire(trx, locked) : null;
    });
    if (!ended) return null;
    deps.deliverMails(ended.mailIds);
    return 'expired';
  }
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    await updateSubscription(trx, s.id, {
      status: 'past_due',
      renewal_attempts: s.renewal_attempts + 1,
      grace_ends_at: graceEnds,
      next_renewal_attempt_at: new Date(now.getTime() + hours(deps.config.SUBSCRIPTION_RETRY_HOURS)),
    });
    await syncPremiumFlag(trx, userId, now);
    if (s.renewal_attempts !== 0) return [];
    // The mail says why (no funds, an expired card, ...) and what to do about it before the next attempt.
    return enqueueUserMail(trx, userId, async (u) => ({
      template: 'renewalFailed',
      params: {
        firstName: u.first_name,
        graceEnds: formatDate(graceEnds, u.locale),
        link: link(u.locale),
        reason: failedPaymentId ? await findDeclineReason(trx, failedPaymentId) : 'declined',
      },
    }));
  });
  deps.deliverMails(mailIds);
  return 'failed';
}

/**
 * The renewal job: every due subscription at `now` (the job passes the clock, tests a simulated one).
 * Idempotent: charges carry a key per subscription, period and attempt, and state moves only forward.
 */
export async function renewDueSubscriptions(deps: CommerceDeps, now = new Date()): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, ended: 0, expired: 0 };
  await expireStaleIncomplete(deps.db, new Date(now.getTime() - days(1)));
  for (;;) {
    const ids = await findDueSubscriptionIds(deps.db, now, 100);
    let progressed = 0;
    for (const id of ids) {
      const result = await renewOne(deps, id, now).catch((error: Error) => {
        deps.log.warn({ err: error.message, subscriptionId: id }, 'renewal failed');
        return null;
      });
      if (result) {
        report[result] += 1;
        progressed += 1;
      }
    }
    if (ids.length < 100 || progressed === 0) return report;
  }
}
