import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  answerChallenge,
  cardProviderConfig,
  relayWebhooks,
  startTestCardSimulator,
  TEST_PAYMENT_DETAILS,
  tokeniseCard,
  type WebhookRelay,
} from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { addOneMonth } from '../payments/payment-outcome.service';
import { renewDueSubscriptions } from './subscriptions.service';

// QA12 F1, F2, F12, F15: after a declined renewal the subscriber can pay now (3-D Secure included), a card added
// meanwhile is charged at once and is tried before the grace period ends the subscription, the API names the card
// that renewals charge, and saved cards can be removed. Through the card simulator, on a simulated clock.

const CARDS = {
  success: '4242424242424242',
  declineAfterAttach: '4000000000000341',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002500003155',
};

let app: FastifyInstance;
let simulator: CardSimulator;
let relay: WebhookRelay;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({ ...cardProviderConfig(simulator) });
  relay = await relayWebhooks(simulator.url, app);
});

afterAll(async () => {
  await relay?.close();
  await app?.close();
  await simulator?.close();
});

interface Buyer {
  id: string;
  auth: string;
}

const call = (
  buyer: Buyer,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  language = 'en',
) =>
  app.inject({
    method,
    url,
    headers: { authorization: buyer.auth, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });

interface CardList {
  cards: { id: string; last4: string; isDefault: boolean }[];
  message?: string;
  charge?: {
    status: string;
    amountOre: number;
    currency: string;
    reason: string | null;
    nextAttemptAt: string | null;
    graceEndsAt: string | null;
  };
}

async function addCard(buyer: Buyer, number: string, language = 'en') {
  const token = await tokeniseCard(simulator.url, number);
  const response = await call(buyer, 'POST', '/api/payment/cards', { token }, language);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CardList>();
}

async function subscriber(card = CARDS.success): Promise<Buyer> {
  const user = await createUser(app.db, app.config, { locale: 'en' });
  const buyer = { id: user.id, auth: await createSessionToken(app, user.id) };
  expect((await call(buyer, 'POST', '/api/store/ipu', TEST_PAYMENT_DETAILS)).statusCode).toBe(200);
  await addCard(buyer, card);
  const started = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
  expect(started.statusCode, started.body).toBe(200);
  if (started.json().status === 'requires_action') {
    const intentId = await answerChallenge(started.json().redirectUrl, 'complete');
    await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`);
  }
  return buyer;
}

interface Subscription {
  status: string;
  currentPeriodEnd: string;
  graceEndsAt: string | null;
  nextAttemptAt: string | null;
  card: { brand: string | null; last4: string } | null;
}

const subscription = async (buyer: Buyer) =>
  (await call(buyer, 'GET', '/api/subscriptions/current')).json<{ subscription: Subscription | null }>()
    .subscription;

const isPremium = async (buyer: Buyer) =>
  (await call(buyer, 'GET', '/api/check/subscription')).json<{ isPremium: boolean }>().isPremium;

const paymentsOf = (buyer: Buyer) =>
  app.db
    .selectFrom('payments as p')
    .innerJoin('payment_methods as pm', 'pm.id', 'p.payment_method_id')
    .select(['p.status', 'pm.last4'])
    .where('p.user_id', '=', buyer.id)
    .orderBy('p.created_at')
    .execute();

const minutesAfter = (iso: string | Date, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000);

/** A subscriber whose renewal was declined on the card 0341 added after subscribing: past due, in grace. */
async function pastDueSubscriber(card = CARDS.success) {
  const buyer = await subscriber(card);
  const periodEnd = (await subscription(buyer))!.currentPeriodEnd;
  await addCard(buyer, CARDS.declineAfterAttach);
  await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
  const pastDue = (await subscription(buyer))!;
  expect(pastDue.status).toBe('past_due');
  return { buyer, periodEnd, pastDue };
}

describe('a subscription whose renewal was declined (QA12 F1, F12)', () => {
  it('says when the card is tried next and names the default card, the one renewals charge', async () => {
    const { periodEnd, pastDue } = await pastDueSubscriber();
    expect(pastDue.card).toEqual({ brand: 'visa', last4: '0341' });
    expect(pastDue.nextAttemptAt).not.toBeNull();
    expect(new Date(pastDue.nextAttemptAt!).getTime()).toBeGreaterThan(new Date(periodEnd).getTime());
    expect(new Date(pastDue.graceEndsAt!).getTime()).toBeGreaterThan(
      new Date(pastDue.nextAttemptAt!).getTime(),
    );
  });

  it('can be paid now, through 3-D Secure, for the period due; paying again finds nothing to pay', async () => {
    const { buyer, periodEnd } = await pastDueSubscriber(CARDS.threeDSecure);
    // The declined card is refused at once, in the request's language.
    const declined = await call(buyer, 'POST', '/api/subscriptions/pay', undefined, 'sv');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'CARD_DECLINED',
      errorMessage: 'Ditt kort nekades. Försök med ett annat kort',
    });
    // The 3-D Secure card becomes the default again (as the card list has it: the token stored first).
    await app.db
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('user_id', '=', buyer.id)
      .execute();
    await app.db
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('user_id', '=', buyer.id)
      .where('last4', '=', '3155')
      .execute();

    const started = await call(buyer, 'POST', '/api/subscriptions/pay');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'requires_action' });
    const intentId = await answerChallenge(started.json().redirectUrl, 'complete');
    // The return from the bank's page says it paid the period due, not a first month (QA13 F1).
    expect((await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`)).json()).toMatchObject({
      status: 'succeeded',
      overdue: true,
    });
    const paid = (await subscription(buyer))!;
    expect(paid).toMatchObject({ status: 'active', graceEndsAt: null, nextAttemptAt: null });
    expect(paid.currentPeriodEnd).toBe(addOneMonth(new Date(periodEnd)).toISOString());
    expect(await isPremium(buyer)).toBe(true);

    const again = await call(buyer, 'POST', '/api/subscriptions/pay');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NOTHING_TO_PAY',
      errorMessage: 'Your subscription is paid: there is nothing to pay now',
    });
    expect((await paymentsOf(buyer)).map((p) => p.status)).toEqual([
      'succeeded',
      'failed',
      'failed',
      'succeeded',
    ]);
    // The renewal job does not charge the period paid now.
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 25 * 60));
    expect(await paymentsOf(buyer)).toHaveLength(4);
  });

  it('a first payment through 3-D Secure is no overdue one (QA13 F1)', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en' });
    const buyer = { id: user.id, auth: await createSessionToken(app, user.id) };
    expect((await call(buyer, 'POST', '/api/store/ipu', TEST_PAYMENT_DETAILS)).statusCode).toBe(200);
    await addCard(buyer, CARDS.threeDSecure);
    const started = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(started.json()).toMatchObject({ status: 'requires_action' });
    const intentId = await answerChallenge(started.json().redirectUrl, 'complete');
    expect((await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`)).json()).toMatchObject({
      status: 'succeeded',
      overdue: false,
    });
  });

  it('is paid once when "Pay now" is pressed twice at the same time', async () => {
    const { buyer } = await pastDueSubscriber();
    await app.db
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('user_id', '=', buyer.id)
      .execute();
    await app.db
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('user_id', '=', buyer.id)
      .where('last4', '=', '4242')
      .execute();
    const answers = await Promise.all([
      call(buyer, 'POST', '/api/subscriptions/pay'),
      call(buyer, 'POST', '/api/subscriptions/pay'),
    ]);
    expect(answers.map((a) => a.statusCode)).toContain(200);
    expect((await paymentsOf(buyer)).filter((p) => p.status === 'succeeded')).toHaveLength(2);
    expect((await subscription(buyer))!.status).toBe('active');
  });

  it('ends at once when cancelled: no paid period is left, and the card is not tried again', async () => {
    const { buyer, periodEnd } = await pastDueSubscriber();
    const cancelled = await call(buyer, 'POST', '/api/subscriptions/cancel');
    expect(cancelled.json()).toMatchObject({
      subscription: null,
      message: 'Your subscription has ended. Nothing more will be charged',
    });
    expect(await isPremium(buyer)).toBe(false);
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 25 * 60));
    expect(await paymentsOf(buyer)).toHaveLength(2);
  });
});

describe('a card added while a renewal is being retried (QA12 F2)', () => {
  it('is charged at once: the subscription is active again for the period due', async () => {
    const { buyer, periodEnd } = await pastDueSubscriber();
    const added = await addCard(buyer, CARDS.success);
    expect(added.message).toBe(
      'Your card was saved and the overdue payment for your subscription went through with it',
    );
    expect(added.charge).toMatchObject({ status: 'paid', reason: null, nextAttemptAt: null });
    const paid = (await subscription(buyer))!;
    expect(paid).toMatchObject({ status: 'active', card: { last4: '4242' } });
    expect(paid.currentPeriodEnd).toBe(addOneMonth(new Date(periodEnd)).toISOString());
    expect((await paymentsOf(buyer)).map((p) => [p.status, p.last4])).toEqual([
      ['succeeded', '4242'],
      ['failed', '0341'],
      ['succeeded', '4242'],
    ]);
  });

  it('answers that the payment was declined, why, and when the card is tried next (QA13 F2)', async () => {
    const { buyer, pastDue } = await pastDueSubscriber();
    const added = await addCard(buyer, CARDS.insufficientFunds);
    expect(added.charge).toEqual({
      status: 'declined',
      amountOre: 19900,
      currency: 'SEK',
      reason: 'insufficient_funds',
      nextAttemptAt: pastDue.nextAttemptAt,
      graceEndsAt: pastDue.graceEndsAt,
    });
    expect(added.message).toMatch(
      /^Your card was saved, but the payment of SEK\s199\.00 for your subscription did not go through\. Your card has insufficient funds\. Try another card or contact your bank\. Otherwise we try the card again on \d{1,2}\s[A-Z][a-z]+\s2\d{3}$/,
    );
    expect(added.cards.find((c) => c.isDefault)!.last4).toBe('9995');
    expect((await subscription(buyer))!.status).toBe('past_due');

    const { buyer: swedish } = await pastDueSubscriber();
    const sv = await addCard(swedish, '4000000000000002', 'sv');
    expect(sv.charge).toMatchObject({ status: 'declined', reason: 'declined' });
    expect(sv.message).toMatch(
      /^Ditt kort har sparats, men betalningen på 199,00\skr för din prenumeration gick inte igenom\. Ditt kort nekades\. Försök med ett annat kort\. Annars försöker vi dra kortet igen den \d{1,2}\s[a-zå-ö]+\s2\d{3}$/,
    );
  });

  it('is tried once more when the grace period ends before the schedule tried it', async () => {
    const { buyer, pastDue } = await pastDueSubscriber();
    // The provider does not answer the charge right after the card is added: the card stays untried.
    const outage = await fetch(`${simulator.url}/sim/outage?path=/v1/payment_intents&count=1`, {
      method: 'POST',
    });
    expect(outage.status).toBe(200);
    const added = await addCard(buyer, CARDS.success);
    expect(added.message).toBe('Your card was saved');
    expect((await subscription(buyer))!.status).toBe('past_due');

    await renewDueSubscriptions(app.commerce, minutesAfter(pastDue.graceEndsAt!, 1));
    expect((await subscription(buyer))!.status).toBe('active');
    expect(await isPremium(buyer)).toBe(true);
    expect((await paymentsOf(buyer)).map((p) => [p.status, p.last4])).toEqual([
      ['succeeded', '4242'],
      ['failed', '0341'],
      ['succeeded', '4242'],
    ]);
  });

  it('ends the subscription at the grace end when its last try is declined too', async () => {
    const { buyer, pastDue } = await pastDueSubscriber();
    const outage = await fetch(`${simulator.url}/sim/outage?path=/v1/payment_intents&count=1`, {
      method: 'POST',
    });
    expect(outage.status).toBe(200);
    await addCard(buyer, CARDS.insufficientFunds);
    await renewDueSubscriptions(app.commerce, minutesAfter(pastDue.graceEndsAt!, 1));
    expect(await subscription(buyer)).toBeNull();
    expect(await isPremium(buyer)).toBe(false);
    expect((await paymentsOf(buyer)).map((p) => [p.status, p.last4])).toEqual([
      ['succeeded', '4242'],
      ['failed', '0341'],
      ['failed', '9995'],
    ]);
  });
});

describe('removing a saved card (QA12 F15)', () => {
  it('keeps the only card of a renewing subscription; removing the default makes another the default', async () => {
    const buyer = await subscriber();
    const [only] = (await call(buyer, 'GET', '/api/payment/cards')).json<CardList>().cards;
    const refused = await call(buyer, 'DELETE', `/api/payment/cards/${only!.id}`, undefined, 'sv');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CARD_IN_USE',
      errorMessage:
        'Det här kortet betalar din prenumeration. Lägg till ett annat kort först, eller avsluta prenumerationen',
    });

    const withSecond = await addCard(buyer, CARDS.insufficientFunds);
    const second = withSecond.cards.find((c) => c.last4 === '9995')!;
    expect(second.isDefault).toBe(true);
    const removed = await call(buyer, 'DELETE', `/api/payment/cards/${second.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: 'The card was removed',
      cards: [{ id: only!.id, last4: '4242', isDefault: true }],
    });
    expect((await subscription(buyer))!.card).toEqual({ brand: 'visa', last4: '4242' });

    // Gone, or another user's: the one error shape.
    const again = await call(buyer, 'DELETE', `/api/payment/cards/${second.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    const other = await subscriber();
    expect((await call(other, 'DELETE', `/api/payment/cards/${only!.id}`)).json()).toMatchObject({
      code: 'CARD_NOT_FOUND',
    });

    // Cancelled: nothing renews, the last card can go.
    await call(buyer, 'POST', '/api/subscriptions/cancel');
    expect((await call(buyer, 'DELETE', `/api/payment/cards/${only!.id}`)).json()).toMatchObject({
      cards: [],
    });
  });

  it('while past due, removing the default charges the next card at once and says it was paid (QA13 F3)', async () => {
    const { buyer, periodEnd } = await pastDueSubscriber();
    const declined = (await call(buyer, 'GET', '/api/payment/cards'))
      .json<CardList>()
      .cards.find((c) => c.isDefault)!;
    expect(declined.last4).toBe('0341');
    const removed = await call(buyer, 'DELETE', `/api/payment/cards/${declined.id}`, undefined, 'sv');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<CardList>()).toMatchObject({
      charge: { status: 'paid', amountOre: 19900, reason: null },
      message:
        'Kortet har tagits bort och den försenade betalningen på 199,00\u00a0kr för din prenumeration gick igenom med ditt andra kort',
    });
    const paid = (await subscription(buyer))!;
    expect(paid).toMatchObject({ status: 'active', card: { last4: '4242' } });
    expect(paid.currentPeriodEnd).toBe(addOneMonth(new Date(periodEnd)).toISOString());
  });
});
