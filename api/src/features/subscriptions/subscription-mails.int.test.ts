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
import {
  buildTestAppWithHungMail,
  outboxRowsTo,
  sweepMailsAt,
  waitForTriedMails,
} from '@mp/test-support/mail-outbox';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { formatDate } from '../payments/money';
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
      // The receipts, the cancellation's confirmation and the two mails of the renewal job, each tried once and
      // waiting for its retry.
      await hanging.dropMails([declined.email, cancelled.email], 5);
      const templatesTo = async (buyer: Buyer) =>
        (await outboxRowsTo(app, [buyer.email])).map((row) => [row.template, row.status]);
      expect(await templatesTo(declined)).toEqual([
        ['paymentReceipt', 'pending'],
        ['renewalFailed', 'pending'],
      ]);
      expect(await templatesTo(cancelled)).toEqual([
        ['paymentReceipt', 'pending'],
        ['subscriptionCancelled', 'pending'],
        ['subscriptionEnded', 'pending'],
      ]);

      await sweepMailsAt(app, minutesAfter(new Date(), 2));
      const toDeclined = await waitForMails(declined.email, 2);
      const failedMail = toDeclined.find(
        (mail) => mail.Subject === 'We could not renew your premium account',
      );
      expect(failedMail?.Text).toContain("your card's bank declined the payment");
      const toCancelled = await waitForMails(cancelled.email, 3);
      expect(toCancelled.map((mail) => mail.Subject)).toEqual(
        expect.arrayContaining(['Your subscription is cancelled', 'Your premium account has ended']),
      );
      expect(await templatesTo(declined)).toEqual([
        ['paymentReceipt', 'sent'],
        ['renewalFailed', 'sent'],
      ]);
      expect(await templatesTo(cancelled)).toEqual([
        ['paymentReceipt', 'sent'],
        ['subscriptionCancelled', 'sent'],
        ['subscriptionEnded', 'sent'],
      ]);
    } finally {
      await hanging.close();
    }
  });
});

describe('confirmations of a subscriber’s own changes', () => {
  /** The mail to the buyer with this subject, once `count` mails have arrived. */
  const mailTo = async (buyer: Buyer, count: number, subject: string) => {
    const mail = (await waitForMails(buyer.email, count)).find((m) => m.Subject === subject);
    expect(mail, `a mail "${subject}" to ${buyer.email}`).toBeDefined();
    return mail!;
  };

  it('confirms a change of plan, its taking back, a cancellation and a resumption, in English', async () => {
    const buyer = await readyBuyer(app);
    expect((await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' })).statusCode).toBe(200);
    const on = formatDate(await periodEndOf(buyer), 'en');

    const changed = await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' });
    expect(changed.statusCode, changed.body).toBe(200);
    const scheduled = await mailTo(buyer, 2, `Your plan changes to Premium plus on ${on}`);
    expect(scheduled.Text).toContain(
      `You have chosen to change from Premium to Premium plus. The change takes effect on ${on}; until then you keep Premium, which you have already paid for.`,
    );
    expect(scheduled.Text).toMatch(
      new RegExp(
        `On ${on} we charge SEK\\s499\\.00 for the first month of Premium plus, and the same amount every month after that\\.`,
      ),
    );
    expect(scheduled.Text).toMatch(/Manage subscription: http:\/\/\S+\/en\/app\/subscription/);
    // Asking again for what is already asked changes nothing and mails nothing.
    expect(
      (await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' })).statusCode,
    ).toBe(200);

    expect((await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium' })).statusCode).toBe(
      200,
    );
    const undone = await mailTo(buyer, 3, 'You stay on Premium');
    expect(undone.Text).toMatch(
      new RegExp(
        `You have taken back the change to Premium plus and stay on Premium\\.\\n\\nThe next payment of SEK\\s199\\.00 is charged on ${on}\\.`,
      ),
    );

    expect((await call(buyer, 'POST', '/api/subscriptions/cancel')).statusCode).toBe(200);
    const cancelled = await mailTo(buyer, 4, 'Your subscription is cancelled');
    expect(cancelled.Text).toContain(
      `We have received your cancellation of Premium. Premium continues until ${on}; then your account becomes a Standard account and no more payments are taken.`,
    );
    expect(cancelled.Text).toContain(`If you change your mind, you can resume the subscription until ${on}.`);
    // Cancelling again is no new cancellation.
    expect((await call(buyer, 'POST', '/api/subscriptions/cancel')).statusCode).toBe(200);

    expect((await call(buyer, 'POST', '/api/subscriptions/resume')).statusCode).toBe(200);
    const resumed = await mailTo(buyer, 5, 'Your subscription continues');
    expect(resumed.Text).toMatch(new RegExp(`The next payment of SEK\\s199\\.00 is charged on ${on}\\.`));

    // Each through the outbox, once.
    expect((await waitForTriedMails(app, [buyer.email], 5)).map((row) => [row.template, row.status])).toEqual(
      [
        ['paymentReceipt', 'sent'],
        ['planChangeScheduled', 'sent'],
        ['planChangeUndone', 'sent'],
        ['subscriptionCancelled', 'sent'],
        ['subscriptionResumed', 'sent'],
      ],
    );
    expect(await findMails(buyer.email)).toHaveLength(5);
  });

  it('writes in the subscriber’s language, not the request’s', async () => {
    const buyer = await readyBuyer(app);
    await app.db.updateTable('users').set({ locale: 'sv' }).where('id', '=', buyer.id).execute();
    expect((await call(buyer, 'POST', '/api/subscriptions', { plan: 'premium' })).statusCode).toBe(200);
    const on = formatDate(await periodEndOf(buyer), 'sv');

    // The buyer's requests ask for English; their account says Swedish.
    expect(
      (await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium_plus' })).statusCode,
    ).toBe(200);
    const scheduled = await mailTo(buyer, 2, `Din plan byts till Premium plus den ${on}`);
    expect(scheduled.Text).toContain('Hej');
    expect(scheduled.Text).toMatch(
      new RegExp(
        `Den ${on} dras 499,00\\skr för den första månaden med Premium plus, och sedan samma belopp varje månad\\.`,
      ),
    );
    expect(scheduled.Text).toMatch(/Hantera prenumeration: http:\/\/\S+\/sv\/app\/subscription/);

    expect((await call(buyer, 'POST', '/api/subscriptions/change', { plan: 'premium' })).statusCode).toBe(
      200,
    );
    const undone = await mailTo(buyer, 3, 'Du behåller Premium');
    expect(undone.Text).toMatch(new RegExp(`Nästa betalning på 199,00\\skr dras ${on}\\.`));

    expect((await call(buyer, 'POST', '/api/subscriptions/cancel')).statusCode).toBe(200);
    const cancelled = await mailTo(buyer, 4, 'Din prenumeration är uppsagd');
    expect(cancelled.Text).toContain(
      `Vi har tagit emot din uppsägning av Premium. Premium fortsätter till ${on}; sedan blir kontot ett Standardkonto och inga fler betalningar dras.`,
    );

    expect((await call(buyer, 'POST', '/api/subscriptions/resume')).statusCode).toBe(200);
    const resumed = await mailTo(buyer, 5, 'Din prenumeration fortsätter');
    expect(resumed.Text).toMatch(new RegExp(`Nästa betalning på 199,00\\skr dras ${on}\\.`));
  });
});
