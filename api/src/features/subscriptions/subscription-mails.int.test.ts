import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  addBuyerCard,
  answerChallenge,
  buyerCall as call,
  cardProviderConfig,
  createCardBuyer,
  startTestCardSimulator,
  type CardBuyer as Buyer,
} from '@mp/test-support/card-simulator';
import { buildTestAppWithHungMail, outboxRowsTo, sweepMailsAt } from '@mp/test-support/mail-outbox';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { renewDueSubscriptions } from './subscriptions.service';

// Payment receipts and subscription mails go through the mail outbox (docs/decisions.md "Workflow mails go
// through a mail outbox"): written with the payment's or the renewal's change, sent after the commit, retried by
// the commerce worker's sweep. A hung mail server holds neither the purchase's answer nor the renewal job.

const CARDS = {
  success: '4242424242424242',
  declineAfterAttach: '4000000000000341',
  threeDSecure: '4000002500003155',
};

let app: FastifyInstance;
let simulator: CardSimulator;
let hung: Awaited<ReturnType<typeof buildTestAppWithHungMail>>;
beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp(cardProviderConfig(simulator));
  hung = await buildTestAppWithHungMail(cardProviderConfig(simulator));
});
afterAll(async () => {
  await hung?.close();
  await app?.close();
  await simulator?.close();
});

const readyBuyer = (on: FastifyInstance, card = CARDS.success) => createCardBuyer(on, simulator.url, card);
const addCard = (buyer: Buyer, card: string) => addBuyerCard(buyer, simulator.url, card);

const paymentsOf = (buyer: Buyer) =>
  app.db.selectFrom('payments').selectAll().where('user_id', '=', buyer.id).orderBy('created_at').execute();

const periodEndOf = async (buyer: Buyer) =>
  new Date(
    (await call(buyer, 'GET', '/api/subscriptions/current')).json<{
      subscription: { currentPeriodEnd: string };
    }>().subscription.currentPeriodEnd,
  );

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describe('the payment receipt', () => {
  it('is written with the payment, sent, and marks the payment’s receipt sent', async () => {
    const buyer = await readyBuyer(app);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    expect(response.json()).toMatchObject({ status: 'succeeded' });
    const [receipt] = await waitForMails(buyer.email, 1);
    expect(receipt!.Subject).toMatch(/^Receipt R\d{8}-/);
    expect(receipt!.Text).toMatch(/SEK\s199\.00, including VAT SEK\s39\.80 \(25%\)/);
    await expect.poll(async () => (await paymentsOf(buyer))[0]!.receipt_sent_at).toBeInstanceOf(Date);
    expect(await outboxRowsTo(app, [buyer.email])).toEqual([
      expect.objectContaining({ template: 'paymentReceipt', status: 'sent', attempts: 1 }),
    ]);
  });

  it('with a hung mail server the purchase answers at once, and a later sweep sends the receipt', async () => {
    const buyer = await readyBuyer(hung.app);
    const started = performance.now();
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    // The mailer waits 10 s for a greeting: the answer did not.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(response.json()).toMatchObject({ status: 'succeeded' });
    const [tried] = await hung.dropMails([buyer.email], 1);
    expect(tried).toMatchObject({ template: 'paymentReceipt', status: 'pending', attempts: 1 });
    expect((await paymentsOf(buyer))[0]!.receipt_sent_at).toBeNull();

    await sweepMailsAt(app, minutesAfter(new Date(), 2));
    const [receipt] = await waitForMails(buyer.email, 1);
    expect(receipt!.Subject).toContain(`Receipt ${(await paymentsOf(buyer))[0]!.receipt_number}`);
    expect((await paymentsOf(buyer))[0]!.receipt_sent_at).toBeInstanceOf(Date);
    expect((await outboxRowsTo(app, [buyer.email]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await findMails(buyer.email)).toHaveLength(1);
  });
});

describe('the refund notice of a payment for a purchase given up', () => {
  it('with a hung mail server the payment’s sync answers at once, and a later sweep sends the notice', async () => {
    const buyer = await readyBuyer(hung.app, CARDS.threeDSecure);
    const response = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
    await renewDueSubscriptions(hung.app.commerce, minutesAfter(new Date(), 25 * 60)); // a day on: given up
    const intentId = await answerChallenge(response.json().redirectUrl, 'complete');
    const started = performance.now();
    const synced = await call(buyer, 'POST', `/api/payment/intents/${intentId}/sync`);
    // The mailer waits 10 s for a greeting: the answer did not.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(synced.statusCode, synced.body).toBe(200);
    expect((await paymentsOf(buyer)).map((p) => p.status)).toEqual(['refunded']);
    const [tried] = await hung.dropMails([buyer.email], 1);
    expect(tried).toMatchObject({ template: 'paymentRefunded', status: 'pending', attempts: 1 });

    await sweepMailsAt(app, minutesAfter(new Date(), 2));
    const [notice] = await waitForMails(buyer.email, 1);
    expect(notice!.Subject).toMatch(/^We have refunded SEK\s199\.00$/);
    expect(notice!.Text).toContain('we have refunded the full amount to your card');
    expect((await outboxRowsTo(app, [buyer.email]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('subscription mails', () => {
  it('with a hung mail server the renewal job goes on at once, and a later sweep sends the mails', async () => {
    const hanging = await buildTestAppWithHungMail(cardProviderConfig(simulator));
    try {
      // A renewal that is declined (the new default card stops working) and a cancelled period that runs out.
      const declined = await readyBuyer(hanging.app);
      const cancelled = await readyBuyer(hanging.app);
      for (const buyer of [declined, cancelled]) {
        const subscribed = await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' });
        expect(subscribed.json()).toMatchObject({ status: 'succeeded' });
      }
      expect((await call(cancelled, 'POST', '/api/subscriptions/cancel')).statusCode).toBe(200);
      await addCard(declined, CARDS.declineAfterAttach);

      const periodEnd = await periodEndOf(cancelled);
      const started = performance.now();
      const report = await renewDueSubscriptions(hanging.app.commerce, minutesAfter(periodEnd, 1));
      // The mailer waits 10 s for a greeting: the renewal job did not.
      expect(performance.now() - started).toBeLessThan(3000);
      expect(report.failed).toBeGreaterThanOrEqual(1);
      expect(report.ended).toBeGreaterThanOrEqual(1);
      // The receipts and the two mails of the renewal job, each tried once and waiting for its retry.
      await hanging.dropMails([declined.email, cancelled.email], 4);
      const templatesTo = async (buyer: Buyer) =>
        (await outboxRowsTo(app, [buyer.email])).map((row) => [row.template, row.status]);
      expect(await templatesTo(declined)).toEqual([
        ['paymentReceipt', 'pending'],
        ['renewalFailed', 'pending'],
      ]);
      expect(await templatesTo(cancelled)).toEqual([
        ['paymentReceipt', 'pending'],
        ['subscriptionEnded', 'pending'],
      ]);

      await sweepMailsAt(app, minutesAfter(new Date(), 2));
      const toDeclined = await waitForMails(declined.email, 2);
      const failedMail = toDeclined.find(
        (mail) => mail.Subject === 'We could not renew your premium account',
      );
      expect(failedMail?.Text).toContain("your card's bank declined the payment");
      const toCancelled = await waitForMails(cancelled.email, 2);
      expect(toCancelled.map((mail) => mail.Subject)).toContain('Your premium account has ended');
      expect(await templatesTo(declined)).toEqual([
        ['paymentReceipt', 'sent'],
        ['renewalFailed', 'sent'],
      ]);
      expect(await templatesTo(cancelled)).toEqual([
        ['paymentReceipt', 'sent'],
        ['subscriptionEnded', 'sent'],
      ]);
    } finally {
      await hanging.close();
    }
  });
});
