import { swedishDayOf } from '@mp/domain';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  answerChallenge,
  cardProviderConfig,
  startTestCardSimulator,
  tokeniseCard,
} from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { waitForMails } from '@mp/test-support/mail-sink';
import { extractPdfText } from '@mp/test-support/pdf-text';
import { formatDate } from './money';
import { applyIntent } from './payment-outcome.service';

// QA: a receipt dated a card payment by when it was started, not when it succeeded. A payment whose 3-D Secure
// challenge (or webhook, or retried renewal) completes on a later day is paid that day: the receipts list, the
// receipt PDF and the receipt mail say so.

const THREE_D_SECURE = '4000002500003155';
const DAY_MS = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
let simulator: CardSimulator;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({ ...cardProviderConfig(simulator) });
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

const call = (auth: string, method: 'GET' | 'POST', url: string, locale = 'sv', payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: auth, 'accept-language': locale },
    ...(payload ? { payload } : {}),
  });

describe('the date a receipt gives', () => {
  it('is the day the payment succeeded, not the day it was started', async () => {
    const buyer = await createUser(app.db, app.config, { locale: 'sv', firstName: 'Sara', lastName: 'Dag' });
    const auth = await createSessionToken(app, buyer.id);
    const token = await tokeniseCard(simulator.url, THREE_D_SECURE);
    expect((await call(auth, 'POST', '/api/payment/cards', 'sv', { token })).statusCode).toBe(200);
    const started = await call(auth, 'POST', '/api/assessment/purchase', 'sv', { package: 'basic' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'requires_action' });

    // The challenge is answered, and the news of it applied three days after the payment was started.
    const intentId = await answerChallenge(started.json().redirectUrl, 'complete');
    const payment = await app.db
      .selectFrom('payments')
      .select(['created_at'])
      .where('provider_intent_id', '=', intentId)
      .executeTakeFirstOrThrow();
    const succeededAt = new Date(payment.created_at.getTime() + 3 * DAY_MS);
    const intent = await app.commerce.cardProvider.retrievePaymentIntent(intentId);
    const outcome = await applyIntent(app.commerce, intent!, succeededAt);
    expect(outcome).toMatchObject({ status: 'succeeded', changed: true });

    const [receipt] = (await call(auth, 'GET', '/api/payment/receipts')).json<{
      receipts: { id: string; paidAt: string }[];
    }>().receipts;
    expect(receipt!.paidAt).toBe(succeededAt.toISOString());
    expect(swedishDayOf(new Date(receipt!.paidAt))).not.toBe(swedishDayOf(payment.created_at));

    for (const locale of ['sv', 'en'] as const) {
      const pdf = await call(auth, 'GET', `/api/payment/receipts/${receipt!.id}/pdf`, locale);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = (await extractPdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(formatDate(succeededAt, locale));
      expect(text).not.toContain(formatDate(payment.created_at, locale));
    }

    const [mail] = await waitForMails(buyer.email!);
    expect(mail!.Text).toContain(`betald ${formatDate(succeededAt, 'sv')}`);
    expect(mail!.Text).not.toContain(formatDate(payment.created_at, 'sv'));
  });
});
