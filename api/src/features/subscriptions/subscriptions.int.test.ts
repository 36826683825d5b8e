import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  cardProviderConfig,
  answerChallenge,
  relayWebhooks,
  signWebhook,
  SIMULATOR_SECRET_KEY,
  SIMULATOR_WEBHOOK_SECRET,
  startTestCardSimulator,
  tokeniseCard,
  type WebhookRelay,
} from '@mp/test-support/card-simulator';
import { createPersonalNumber, createSessionToken, createUser } from '@mp/test-support/factories';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { refundDuePayments } from '../payments/payments.service';
import { renewDueSubscriptions } from './subscriptions.service';

// Subscriptions through the card-payment simulator (its own instance, so webhooks come only from this file):
// cards from the hosted form, payment details, subscribe with and without 3-D Secure, renewals on a simulated
// clock, declined renewals through the grace period, cancel at period end, refunds, forged and replayed webhooks.

const CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  declineAfterAttach: '4000000000000341',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  threeDSecure: '4000002500003155',
};

let app: FastifyInstance;
let simulator: CardSimulator;
let relay: WebhookRelay;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({
    ...cardProviderConfig(simulator),
  });
  relay = await relayWebhooks(simulator.url, app);
});

afterAll(async () => {
  await relay?.close();
  await app?.close();
  await simulator?.close();
});

interface Buyer {
  id: string;
  email: string;
  auth: string;
}

async function newBuyer(): Promise<Buyer> {
  const user = await createUser(app.db, app.config, { locale: 'en' });
  return { id: user.id, email: user.email!, auth: await createSessionToken(app, user.id) };
}

const call = (buyer: Buyer | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...(buyer ? { authorization: buyer.auth } : {}), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

const details = {
  billingName: 'Acme AB',
  addressLine: 'Storgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  organisationNumber: '556677-8899',
};

async function addCard(buyer: Buyer, number: string) {
  const token = await tokeniseCard(simulator.url, number);
  const response = await call(buyer, 'POST', '/api/payment/cards', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ cards: { id: string; last4: string }[] }>().cards[0]!;
}

async function readyBuyer(card = CARDS.success): Promise<Buyer> {
  const buyer = await newBuyer();
  expect((await call(buyer, 'POST', '/api/store/ipu', details)).statusCode).toBe(200);
  await addCard(buyer, card);
  return buyer;
}

const isPremium = async (buyer: Buyer) =>
  (await call(buyer, 'GET', '/api/check/subscription')).json<{ isPremium: boolean }>().isPremium;

const subscription = async (buyer: Buyer) =>
  (await call(buyer, 'GET', '/api/subscriptions/current')).json<{
    subscription: {
      status: string;
      currentPeriodEnd: string;
      cancelAtPeriodEnd: boolean;
      graceEndsAt: string | null;
    } | null;
  }>().subscription;

const paymentsOf = (buyer: Buyer) =>
  app.db.selectFrom('payments').selectAll().where('user_id', '=', buyer.id).orderBy('created_at').execute();

const minutesAfter = (iso: string | Date, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000);

describe('products', () => {
  it('lists the four plans with Premium from 199 SEK a month, in the request language', async () => {
    const en = (await app.inject({ url: '/api/products', headers: { 'accept-language': 'en' } })).json();
    const sv = (await app.inject({ url: '/api/products', headers: { 'accept-language': 'sv' } })).json();
    expect(en.plans.map((p: { code: string }) => p.code)).toEqual([
      'standard',
      'premium',
      'premium_plus',
      'custom',
    ]);
    expect(en.plans[1]).toMatchObject({
      name: 'Premium',
      supportLevel: 'mail',
      price: { amountOre: 19_900, currency: 'SEK', interval: 'month' },
    });
    // Spec section 1: Premium gives a consulting-company profile (QA3 finding 3), as the higher plans do.
    for (const plan of en.plans.slice(1)) expect(plan.features, plan.code).toContain('companyProfile');
    expect(en.plans[0].features).not.toContain('companyProfile');
    expect(en.plans[0].price.amountOre).toBe(0);
    expect(en.plans[3]).toMatchObject({ name: 'Custom', supportLevel: 'key_account_manager', price: null });
    expect(sv.plans[3].name).toBe('Anpassad');
    expect(en.products.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining(['assessment_basic', 'assessment_full']),
    );
  });
});

describe('cards and payment details', () => {
  it('stores only the token, brand, expiry and last four that the provider reports', async () => {
    const buyer = await newBuyer();
    const form = await call(buyer, 'GET', '/api/payment/card-form?returnPath=/en/app/subscription');
    expect(new URL(form.json().url).origin).toBe(simulator.url);
    const card = await addCard(buyer, CARDS.success);
    expect(card).toMatchObject({
      last4: '4242',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2034,
      isDefault: true,
    });
    const row = await app.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(row.provider_token).toMatch(/^pm_/);
  });

  it("refuses another user's card token, changing neither user's cards", async () => {
    const owner = await newBuyer();
    const first = await tokeniseCard(simulator.url, CARDS.success);
    expect((await call(owner, 'POST', '/api/payment/cards', { token: first })).statusCode).toBe(200);
    await addCard(owner, '5555555555554444');
    const other = await newBuyer();
    await addCard(other, CARDS.decline);
    const cardsOf = async (buyer: Buyer) =>
      (await call(buyer, 'GET', '/api/payment/cards'))
        .json<{ cards: { last4: string; isDefault: boolean }[] }>()
        .cards.map(({ last4, isDefault }) => ({ last4, isDefault }));
    const ownerBefore = await cardsOf(owner);
    const otherBefore = await cardsOf(other);

    const response = await call(other, 'POST', '/api/payment/cards', { token: first });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    expect(await cardsOf(owner)).toEqual(ownerBefore);
    expect(ownerBefore.filter((c) => c.isDefault)).toEqual([{ last4: '4444', isDefault: true }]);
    expect(await cardsOf(other)).toEqual(otherBefore);
    expect(otherBefore).toEqual([{ last4: '0002', isDefault: true }]);
  });

  it('refuses a token the provider does not know', async () => {
    const response = await call(await newBuyer(), 'POST', '/api/payment/cards', { token: 'pm_forged' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
  });

  it('validates the payment details and masks the personal number', async () => {
    const buyer = await newBuyer();
    const missing = await call(buyer, 'POST', '/api/store/ipu', {
      ...details,
      organisationNumber: undefined,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorMessage).toContain(
      'Enter an organisation number or a personal identity number',
    );
    const badOrg = await call(buyer, 'POST', '/api/store/ipu', { ...details, organisationNumber: '12-34' });
    expect(badOrg.json().errorMessage).toContain('Invalid organisation number');
    const badPostal = await call(buyer, 'POST', '/api/store/ipu', { ...details, postalCode: 'abc' });
    expect(badPostal.statusCode).toBe(400);
    const person = {
      ...details,
      organisationNumber: undefined,
      personalNumber: createPersonalNumber({ age: 40 }),
    };
    const saved = await call(buyer, 'POST', '/api/store/ipu', person);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      details: { billingName: 'Acme AB', postalCode: '111 22' },
      message: 'Your payment details were saved',
    });
    expect(saved.json().details.personalNumber).toMatch(/\*{4}$/);
  });
});

describe('subscribe', () => {
  it('needs payment details and a card first', async () => {
    const buyer = await newBuyer();
    expect((await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' })).json().code).toBe(
      'PAYMENT_DETAILS_REQUIRED',
    );
    await call(buyer, 'POST', '/api/store/ipu', details);
    expect((await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' })).json().code).toBe(
      'PAYMENT_METHOD_REQUIRED',
    );
    await addCard(buyer, CARDS.success);
    expect((await call(buyer, 'POST', '/api/subscriptions', { plan: 'custom' })).json().code).toBe(
      'PLAN_NOT_PURCHASABLE',
    );
  });

  it('makes the buyer premium at once and mails a receipt', async () => {
    const buyer = await readyBuyer();
    expect(await isPremium(buyer)).toBe(false);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', redirectUrl: null });
    expect(await isPremium(buyer)).toBe(true);
    expect(await subscription(buyer)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const [receipt] = await waitForMails(buyer.email);
    expect(receipt!.Subject).toMatch(/^Receipt R\d{8}-/);
    expect(receipt!.Text).toMatch(/SEK\s199\.00, including VAT SEK\s39\.80 \(25%\)/);
    expect((await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' })).statusCode).toBe(409);
  });

  it('names the plan bought on the receipt and in billing: Premium plus is not called Premium', async () => {
    const buyer = await readyBuyer();
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium_plus' });
    expect(response.statusCode, response.body).toBe(200);
    const [receipt] = await waitForMails(buyer.email);
    expect(receipt!.Text).toMatch(/Premium plus, \d+ \w+ \d{4} – \d+ \w+ \d{4}: SEK\s499\.00/);
    const receipts = (await call(buyer, 'GET', '/api/payment/receipts')).json<{
      receipts: { planName: string | null }[];
    }>().receipts;
    expect(receipts).toEqual([
      expect.objectContaining({ purpose: 'subscription', planName: 'Premium plus' }),
    ]);
  });

  it('refuses a user given premium by an admin, in their language, charging nothing', async () => {
    const buyer = await readyBuyer();
    await app.db.updateTable('users').set({ is_premium: true }).where('id', '=', buyer.id).execute();
    const refused = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PREMIUM_GRANTED',
      errorMessage:
        'You already have premium, given to your account by us. It does not renew and nothing is charged, so there is nothing to buy',
    });
    const sv = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { authorization: buyer.auth, 'accept-language': 'sv' },
      payload: { plan: 'premium_plus' },
    });
    expect(sv.json()).toMatchObject({
      code: 'PREMIUM_GRANTED',
      errorMessage:
        'Du har redan premium, som vi har gett ditt konto. Det förnyas inte och inget dras, så det finns inget att köpa',
    });
    expect(await subscription(buyer)).toBeNull();
    expect(await paymentsOf(buyer)).toEqual([]);
    expect(await isPremium(buyer)).toBe(true);
  });

  it('leaves a declined card without premium', async () => {
    const buyer = await readyBuyer(CARDS.decline);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'CARD_DECLINED',
      errorMessage: 'Your card was declined. Try another card',
    });
    expect(await isPremium(buyer)).toBe(false);
    expect(await subscription(buyer)).toBeNull();
  });

  it('waits for the 3-D Secure challenge; the return from it makes the buyer premium', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(response.json()).toMatchObject({ status: 'requires_action' });
    expect(await isPremium(buyer)).toBe(false);
    const intentId = await answerChallenge(response.json().redirectUrl, 'complete');
    const synced = await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`);
    expect(synced.json()).toMatchObject({ status: 'succeeded' });
    expect(await isPremium(buyer)).toBe(true);
  });

  it('is activated by the signed webhook alone when the browser never returns', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium_plus' });
    const delivered = relay.deliveries.length;
    await answerChallenge(response.json().redirectUrl, 'complete');
    await expect.poll(() => isPremium(buyer), { timeout: 5000 }).toBe(true);
    expect(relay.deliveries.slice(delivered).every((d) => d.status === 200)).toBe(true);
  });

  it('stays without premium when the challenge fails', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const intentId = await answerChallenge(response.json().redirectUrl, 'fail');
    expect((await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`)).json()).toMatchObject({
      status: 'failed',
    });
    expect(await isPremium(buyer)).toBe(false);
    expect(await subscription(buyer)).toBeNull();
  });
});

describe('a first payment left waiting', () => {
  it('is cancelled when the buyer starts again, so only the new one can be paid', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const first = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(first.json()).toMatchObject({ status: 'requires_action' });
    const second = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'requires_action' });
    // The provider cancelled the first payment: its challenge can no longer be answered.
    await expect(answerChallenge(first.json().redirectUrl, 'complete')).rejects.toThrow(
      'challenge answered 404',
    );
    const intentId = await answerChallenge(second.json().redirectUrl, 'complete');
    const synced = await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`);
    expect(synced.json()).toMatchObject({ status: 'succeeded' });
    expect(await isPremium(buyer)).toBe(true);
    expect((await paymentsOf(buyer)).map((p) => [p.status, p.failure_code])).toEqual([
      ['failed', 'canceled'],
      ['succeeded', null],
    ]);
  });

  it('stands when it was paid in another tab: starting again answers that premium is already there', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const first = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    await answerChallenge(first.json().redirectUrl, 'complete'); // the browser never comes back to us
    const again = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SUBSCRIPTION_EXISTS' });
    expect(await isPremium(buyer)).toBe(true);
    expect((await paymentsOf(buyer)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('is cancelled for an assessment too: buying again within the minute is a new charge, paid once', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const first = await call(buyer, 'POST', '/api/assessment/purchase', { package: 'basic' });
    expect(first.json()).toMatchObject({ status: 'requires_action' });
    const second = await call(buyer, 'POST', '/api/assessment/purchase', { package: 'basic' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'requires_action' });
    expect(second.json().redirectUrl).not.toBe(first.json().redirectUrl);
    await expect(answerChallenge(first.json().redirectUrl, 'complete')).rejects.toThrow(
      'challenge answered 404',
    );
    const intentId = await answerChallenge(second.json().redirectUrl, 'complete');
    expect((await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`)).json()).toMatchObject({
      status: 'succeeded',
    });
    expect((await call(buyer, 'GET', '/api/assessment')).json()).toMatchObject({
      status: 'purchased',
      package: 'basic',
    });
    expect((await paymentsOf(buyer)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    // Bought: a third try is refused before anything is charged.
    expect((await call(buyer, 'POST', '/api/assessment/purchase', { package: 'basic' })).statusCode).toBe(
      409,
    );
  });

  it('is refunded when it is paid after its subscription was given up, and the buyer is told', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    await renewDueSubscriptions(app.commerce, minutesAfter(new Date(), 25 * 60)); // a day on: given up
    const intentId = await answerChallenge(response.json().redirectUrl, 'complete');
    const synced = await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
    await expect
      .poll(async () => (await paymentsOf(buyer)).map((p) => p.status), { timeout: 5000 })
      .toEqual(['refunded']);
    expect(await isPremium(buyer)).toBe(false);
    expect(await subscription(buyer)).toBeNull();
    const [notice] = await waitForMails(buyer.email);
    expect(notice!.Subject).toMatch(/^We have refunded SEK\s199\.00$/);
    expect(notice!.Text).toContain('we have refunded the full amount to your card');
    expect((await findMails(buyer.email)).filter((m) => m.Subject.startsWith('Receipt'))).toEqual([]);
  });
});

describe('a refund owed while the provider is down', () => {
  /** A premium subscription given up, then paid late while the provider takes no refunds: a refund is owed. */
  async function owedRefund() {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    await renewDueSubscriptions(app.commerce, minutesAfter(new Date(), 25 * 60)); // a day on: given up
    // The provider does not take the next refund: the one right after the late payment is applied.
    const outage = await fetch(`${simulator.url}/sim/outage?path=/v1/refunds&count=1`, { method: 'POST' });
    expect(outage.status).toBe(200);
    await answerChallenge(response.json().redirectUrl, 'complete');
    const outagesLeft = async () =>
      (await (await fetch(`${simulator.url}/sim`)).json()) as { outages: Record<string, number> };
    await expect.poll(async () => (await outagesLeft()).outages['/v1/refunds'], { timeout: 5000 }).toBe(0);
    const [owed] = await paymentsOf(buyer);
    expect(owed).toMatchObject({ status: 'succeeded' });
    expect(owed!.refund_due_at).toBeInstanceOf(Date);
    expect(await isPremium(buyer)).toBe(false);
    return { buyer, owed: owed! };
  }

  /** The admin dashboard's count of refunds owed. */
  async function refundsOwed(admin: Buyer) {
    const response = await call(admin, 'GET', '/api/admin/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().refundsOwed as { pending: number; stuck: number; oldestDueAt: string | null };
  }

  it('is recorded with the payment and made by the commerce schedule once the provider answers', async () => {
    const adminUser = await createUser(app.db, app.config, { isAdmin: true });
    const admin = {
      id: adminUser.id,
      email: adminUser.email!,
      auth: await createSessionToken(app, adminUser.id),
    };
    const before = await refundsOwed(admin);
    const { buyer, owed } = await owedRefund();
    // The admin dashboard shows it owed; once it has waited over 15 minutes (the provider refusing every retry),
    // as a warning.
    const shown = await refundsOwed(admin);
    expect(shown).toMatchObject({ pending: before.pending + 1, stuck: before.stuck });
    expect(Date.parse(shown.oldestDueAt!)).toBeLessThanOrEqual(owed.refund_due_at!.getTime());
    await app.db
      .updateTable('payments')
      .set({ refund_due_at: new Date(Date.now() - 20 * 60_000) })
      .where('id', '=', owed.id)
      .execute();
    expect(await refundsOwed(admin)).toMatchObject({ pending: before.pending + 1, stuck: before.stuck + 1 });

    // The schedule's next tick, over a minute later, refunds it and tells the buyer.
    expect(await refundDuePayments(app.commerce, minutesAfter(new Date(), 2))).toBeGreaterThanOrEqual(1);
    const [refunded] = await paymentsOf(buyer);
    expect(refunded).toMatchObject({ status: 'refunded', refund_due_at: null });
    const after = await refundsOwed(admin);
    expect(after.pending).toBeLessThanOrEqual(before.pending);
    expect(after.stuck).toBeLessThanOrEqual(before.stuck);
    const [notice] = await waitForMails(buyer.email);
    expect(notice!.Subject).toMatch(/^We have refunded SEK\s199\.00$/);
    // Done once: the next tick has nothing of this buyer's to refund.
    await refundDuePayments(app.commerce, minutesAfter(new Date(), 4));
    expect((await findMails(buyer.email)).length).toBe(1);
  });

  it('counts as made when the payment was refunded at the provider meanwhile and its webhook was lost', async () => {
    const { buyer, owed } = await owedRefund();
    // Someone refunds it in the provider's dashboard (a refund of the provider's own, under no key of ours), and
    // the webhook saying so never reaches the app.
    const from = relay.deliveries.length;
    relay.lose();
    try {
      const dashboard = await fetch(`${simulator.url}/v1/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SIMULATOR_SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ payment_intent: owed.provider_intent_id }).toString(),
      });
      expect(dashboard.status).toBe(200);
      await expect
        .poll(() => relay.deliveries.slice(from).map((d) => [JSON.parse(d.body).type, d.status]), {
          timeout: 5000,
        })
        .toContainEqual(['charge.refunded', 503]);
    } finally {
      relay.release();
    }
    expect((await paymentsOf(buyer))[0]).toMatchObject({ status: 'succeeded' });

    // The next tick's refund is refused (already refunded); the intent shows it refunded in full, so it is done.
    await refundDuePayments(app.commerce, minutesAfter(new Date(), 2));
    expect((await paymentsOf(buyer))[0]).toMatchObject({ status: 'refunded', refund_due_at: null });
    const [notice] = await waitForMails(buyer.email);
    expect(notice!.Subject).toMatch(/^We have refunded SEK\s199\.00$/);
    // Not tried again: the following tick has nothing of this buyer's left, and no second notice goes out.
    await refundDuePayments(app.commerce, minutesAfter(new Date(), 4));
    expect((await findMails(buyer.email)).length).toBe(1);
  });
});

describe('renewals on a simulated clock', () => {
  it('renews monthly with a new receipt', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const first = (await subscription(buyer))!;
    const report = await renewDueSubscriptions(app.commerce, minutesAfter(first.currentPeriodEnd, 1));
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const renewed = (await subscription(buyer))!;
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(
      new Date(first.currentPeriodEnd).getTime(),
    );
    expect((await paymentsOf(buyer)).map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    await waitForMails(buyer.email, 2);
    expect(await isPremium(buyer)).toBe(true);
  });

  it('retries a declined renewal over the grace period, then downgrades', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const periodEnd = (await subscription(buyer))!.currentPeriodEnd;
    await addCard(buyer, CARDS.declineAfterAttach); // the new default card stops working

    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    const pastDue = (await subscription(buyer))!;
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.graceEndsAt).not.toBeNull();
    expect(await isPremium(buyer)).toBe(true);
    // The receipt of the first period, then this one.
    const failedMail = (await waitForMails(buyer.email, 2)).find(
      (m) => m.Subject === 'We could not renew your premium account',
    );
    // A plain decline has no reason to give: the mail says the bank declined, and to add another card.
    expect(failedMail?.Text).toContain(
      "We could not renew your premium subscription: your card's bank declined the payment.\n\n" +
        'Add another card, or contact your bank to find out why the card was declined.',
    );

    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 25 * 60)); // the next day's retry
    expect((await paymentsOf(buyer)).map((p) => p.status)).toEqual(['succeeded', 'failed', 'failed']);
    expect(await isPremium(buyer)).toBe(true);

    await renewDueSubscriptions(app.commerce, minutesAfter(pastDue.graceEndsAt!, 1));
    expect(await subscription(buyer)).toBeNull();
    expect(await isPremium(buyer)).toBe(false);
    await expect
      .poll(async () =>
        (await findMails(buyer.email)).some((m) => m.Subject === 'Your premium account has ended'),
      )
      .toBe(true);
  });

  it("says what to do about a declined renewal's reason, in the subscriber's language", async () => {
    const english = await readyBuyer();
    const swedish = await readyBuyer();
    await app.db.updateTable('users').set({ locale: 'sv' }).where('id', '=', swedish.id).execute();
    await call(english, 'POST', '/api/subscriptions', { plan: 'premium' });
    await call(swedish, 'POST', '/api/subscriptions', { plan: 'premium' });
    const periodEnd = (await subscription(swedish))!.currentPeriodEnd;
    await addCard(english, CARDS.insufficientFunds);
    await addCard(swedish, CARDS.expired);

    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    expect((await paymentsOf(english)).map((p) => [p.status, p.failure_code])).toEqual([
      ['succeeded', null],
      ['failed', 'insufficient_funds'],
    ]);
    const mailOf = async (buyer: Buyer, subject: string) =>
      (await waitForMails(buyer.email, 2)).find((m) => m.Subject === subject)?.Text;
    const englishText = await mailOf(english, 'We could not renew your premium account');
    expect(englishText).toContain(
      'We could not renew your premium subscription: your card did not have enough funds for the payment.\n\n' +
        "Make sure there is money in the card's account, or add another card. If you think the payment " +
        'should have gone through, contact your bank.\n\n' +
        'We will try the payment again automatically. Premium continues until',
    );
    expect(englishText).not.toContain('declined');
    const swedishText = await mailOf(swedish, 'Vi kunde inte förnya ditt premiumkonto');
    expect(swedishText).toContain(
      'Vi kunde inte förnya din premiumprenumeration: kortet vi har sparat har gått ut.\n\n' +
        'Lägg till ditt nya kort (eller ett annat kort), så drar vi betalningen från det nästa gång.\n\n' +
        'Vi försöker dra betalningen igen automatiskt. Premium fortsätter till',
    );
    // The checkout's catalogue sentence ("... och försök igen") is not the mail's.
    expect(swedishText).not.toContain('försök igen');
  });

  it('keeps premium to the end of a cancelled period, then ends without charging', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const cancelled = await call(buyer, 'POST', '/api/subscriptions/cancel');
    expect(cancelled.json()).toMatchObject({
      subscription: { cancelAtPeriodEnd: true },
      message: 'Your subscription ends at the end of the period',
    });
    expect(await isPremium(buyer)).toBe(true);
    const periodEnd = cancelled.json().subscription.currentPeriodEnd;
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, -1));
    expect(await isPremium(buyer)).toBe(true);
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    expect(await isPremium(buyer)).toBe(false);
    expect(await paymentsOf(buyer)).toHaveLength(1);
  });
});

describe('a change of plan', () => {
  const plansPaid = async (buyer: Buyer) =>
    (await paymentsOf(buyer)).map((p) => `${p.status} ${p.amount_ore}`);

  it('takes effect at the next renewal, which charges the new price; until then the plan paid for stays', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const changed = await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' });
    expect(changed.statusCode, changed.body).toBe(200);
    const periodEnd = changed.json().subscription.currentPeriodEnd;
    expect(changed.json()).toMatchObject({
      subscription: {
        plan: 'premium',
        amountOre: 19_900,
        scheduledChange: {
          plan: 'premium_plus',
          planName: 'Premium plus',
          amountOre: 49_900,
          startsAt: periodEnd,
        },
      },
    });
    expect(changed.json().message).toMatch(/^Your plan changes to Premium plus on \d+ \w+ \d{4}$/);

    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    const renewed = await call(buyer, 'GET', '/api/subscriptions/current');
    expect(renewed.json().subscription).toMatchObject({
      plan: 'premium_plus',
      planName: 'Premium plus',
      amountOre: 49_900,
      scheduledChange: null,
    });
    expect(await plansPaid(buyer)).toEqual(['succeeded 19900', 'succeeded 49900']);
    // The receipt of the renewal names the new plan.
    const receipts = await call(buyer, 'GET', '/api/payment/receipts');
    expect(
      receipts
        .json()
        .receipts.map((r: { planName: string }) => r.planName)
        .sort(),
    ).toEqual(['Premium', 'Premium plus']);
  });

  it('is taken back by choosing the current plan again, and said in the language asked', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium_plus' });
    await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium' });
    const kept = await app.inject({
      method: 'POST',
      url: '/api/subscriptions/change',
      headers: { authorization: buyer.auth, 'accept-language': 'sv' },
      payload: { plan: 'premium_plus' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      subscription: { plan: 'premium_plus', scheduledChange: null },
      message: 'Du behåller Premium plus',
    });
    const periodEnd = kept.json().subscription.currentPeriodEnd;
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    expect(await plansPaid(buyer)).toEqual(['succeeded 49900', 'succeeded 49900']);
  });

  it('is refused without a subscription, on a cancelled one, and for a plan not sold online', async () => {
    const standard = await readyBuyer();
    const none = await call(standard, 'POST', '/api/subscriptions/change', { plan: 'premium' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });

    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const custom = await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'custom' });
    expect(custom.statusCode).toBe(400);
    expect(custom.json()).toMatchObject({ code: 'PLAN_NOT_PURCHASABLE' });
    const unknown = await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium', extra: 1 });
    expect(unknown.statusCode).toBe(400);

    // A cancelled subscription shows no change of plan (no renewal comes) and is kept first, then changed.
    await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' });
    const cancelled = await call(buyer, 'POST', '/api/subscriptions/cancel');
    expect(cancelled.json().subscription.scheduledChange).toBeNull();
    const refused = await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SUBSCRIPTION_CANCELLED',
      errorMessage: 'Your subscription is cancelled. Keep it first, then choose another plan',
    });
    const periodEnd = cancelled.json().subscription.currentPeriodEnd;
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    expect(await isPremium(buyer)).toBe(false);
    expect(await plansPaid(buyer)).toEqual(['succeeded 19900']);
  });

  it('survives a cancellation that is undone: keeping the subscription brings the switch back', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' });
    const cancelled = await call(buyer, 'POST', '/api/subscriptions/cancel');
    expect(cancelled.json().subscription).toMatchObject({ cancelAtPeriodEnd: true, scheduledChange: null });
    const resumed = await call(buyer, 'POST', '/api/subscriptions/resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    const periodEnd = resumed.json().subscription.currentPeriodEnd;
    expect(resumed.json().subscription).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: false,
      scheduledChange: { plan: 'premium_plus', amountOre: 49_900, startsAt: periodEnd },
    });
    // The mail confirming it names the next charge: the new plan's price.
    const mail = await app.db
      .selectFrom('mail_outbox')
      .select(['params'])
      .where('recipient', '=', buyer.email)
      .where('template', '=', 'subscriptionResumed')
      .executeTakeFirstOrThrow();
    expect(mail.params).toMatchObject({ amount: expect.stringMatching(/499/) });
    await renewDueSubscriptions(app.commerce, minutesAfter(periodEnd, 1));
    expect((await subscription(buyer))?.status).toBe('active');
    expect(await plansPaid(buyer)).toEqual(['succeeded 19900', 'succeeded 49900']);
  });
});

describe('refunds and webhooks', () => {
  it('a refund by an admin ends premium at once and cannot be repeated', async () => {
    const buyer = await readyBuyer();
    await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const [payment] = await paymentsOf(buyer);
    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const adminAuth = { id: admin.id, email: admin.email!, auth: await createSessionToken(app, admin.id) };
    expect((await call(buyer, 'POST', `/api/payments/${payment!.id}/refund`)).statusCode).toBe(403);
    const refunded = await call(adminAuth, 'POST', `/api/payments/${payment!.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await isPremium(buyer)).toBe(false);
    expect((await paymentsOf(buyer))[0]!.status).toBe('refunded');
    expect((await call(adminAuth, 'POST', `/api/payments/${payment!.id}/refund`)).json().code).toBe(
      'PAYMENT_NOT_REFUNDABLE',
    );
  });

  it('a forged, stale or replayed webhook changes nothing', async () => {
    const buyer = await readyBuyer(CARDS.threeDSecure);
    const started = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    const [payment] = await paymentsOf(buyer);
    const event = {
      id: `evt_test_${payment!.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: payment!.provider_intent_id,
          object: 'payment_intent',
          amount: 19_900,
          currency: 'sek',
          status: 'succeeded',
          metadata: {},
        },
      },
    };
    const body = JSON.stringify(event);
    const post = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });

    const forged = await post(signWebhook('whsec_attacker', body));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(
      (await post(signWebhook(SIMULATOR_WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) - 3600)))
        .statusCode,
    ).toBe(400);
    expect((await post('')).statusCode).toBe(400);
    expect(await isPremium(buyer)).toBe(false);
    expect((await paymentsOf(buyer))[0]!.status).toBe('requires_action');

    // The provider's own delivery, relayed byte for byte, is applied once.
    const before = relay.deliveries.length;
    await answerChallenge(started.json().redirectUrl, 'complete');
    const delivered = () =>
      relay.deliveries.slice(before).find((d) => d.body.includes(payment!.provider_intent_id));
    await expect.poll(delivered, { timeout: 5000 }).toBeDefined();
    const genuine = delivered()!;
    expect(genuine.status).toBe(200);
    expect(await isPremium(buyer)).toBe(true);

    // After a refund, replaying that delivery (still within the signature's tolerance) changes nothing.
    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const adminCaller = { id: admin.id, email: '', auth: await createSessionToken(app, admin.id) };
    expect((await call(adminCaller, 'POST', `/api/payments/${payment!.id}/refund`)).statusCode).toBe(200);
    expect(await isPremium(buyer)).toBe(false);
    const replay = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': genuine.signature },
      payload: genuine.body,
    });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Even the same news under a new event id cannot move a refunded payment back.
    const fresh = JSON.stringify({ ...JSON.parse(genuine.body), id: `evt_again_${payment!.id}` });
    const again = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(SIMULATOR_WEBHOOK_SECRET, fresh),
      },
      payload: fresh,
    });
    expect(again.json()).toEqual({ received: true, duplicate: false });
    expect(await isPremium(buyer)).toBe(false);
    expect((await paymentsOf(buyer))[0]!.status).toBe('refunded');
    expect(started.statusCode).toBe(200);
  });
});
