import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { cardProviderConfig, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';

// A declined card says why, as the provider tells it: the simulator's test cards answer a charge with the
// provider's decline codes (`card_declined` + `insufficient_funds`, `expired_card`, `incorrect_cvc`,
// `processing_error`), and the payer gets a 402 CARD_DECLINED whose message says what to do about that reason,
// in their language, with the reason in `data.reason`.

let app: FastifyInstance;
let simulator: CardSimulator;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({
    ...cardProviderConfig(simulator),
  });
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

const details = {
  billingName: 'Acme AB',
  addressLine: 'Storgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  organisationNumber: '556677-8899',
};

/** A verified user with payment details and the card `number` from the provider's hosted form. */
async function buyerWithCard(number: string) {
  const user = await createUser(app.db, app.config);
  const authorization = await createSessionToken(app, user.id);
  const call = (url: string, payload: object, language = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization, 'accept-language': language },
      payload,
    });
  expect((await call('/api/store/ipu', details)).statusCode).toBe(200);
  const token = await tokeniseCard(simulator.url, number);
  expect((await call('/api/payment/cards', { token })).statusCode).toBe(200);
  return { id: user.id, call };
}

const DECLINES = [
  {
    card: '4000000000009995',
    reason: 'insufficient_funds',
    en: 'Your card has insufficient funds. Try another card or contact your bank',
    sv: 'Kortet saknar täckning. Försök med ett annat kort eller kontakta din bank',
  },
  {
    card: '4000000000000069',
    reason: 'expired_card',
    en: 'Your card has expired. Add your new card and try again',
    sv: 'Ditt kort har gått ut. Lägg till ditt nya kort och försök igen',
  },
  {
    card: '4000000000000127',
    reason: 'incorrect_cvc',
    en: 'The security code (CVC) did not match the card. Add the card again with the right code',
    sv: 'Säkerhetskoden (CVC) stämde inte med kortet. Lägg till kortet igen med rätt kod',
  },
  {
    card: '4000000000000119',
    reason: 'processing_error',
    en: 'The card could not be charged because of a temporary fault. Try again in a moment',
    sv: 'Kortet kunde inte debiteras på grund av ett tillfälligt fel. Försök igen om en stund',
  },
  {
    card: '4000000000000002',
    reason: 'declined',
    en: 'Your card was declined. Try another card',
    sv: 'Ditt kort nekades. Försök med ett annat kort',
  },
] as const;

describe('a declined card', () => {
  it.each(DECLINES)(
    'says what to do about $reason when subscribing, in either language',
    async ({ card, reason, en, sv }) => {
      const buyer = await buyerWithCard(card);
      const answer = await buyer.call('/api/subscriptions', { plan: 'premium' });
      expect(answer.statusCode, answer.body).toBe(402);
      expect(answer.json()).toEqual({ code: 'CARD_DECLINED', errorMessage: en, data: { reason } });
      // The same reason in Swedish (a new try is a new subscription: the failed one left none behind).
      const again = await buyer.call('/api/subscriptions', { plan: 'premium' }, 'sv');
      expect(again.statusCode, again.body).toBe(402);
      expect(again.json()).toEqual({ code: 'CARD_DECLINED', errorMessage: sv, data: { reason } });
    },
  );

  it('tells the two apart when buying the assessment too', async () => {
    const poor = await buyerWithCard('4000000000009995');
    const declined = await buyerWithCard('4000000000000002');
    const [short, refused] = await Promise.all([
      poor.call('/api/assessment/purchase', { package: 'basic' }),
      declined.call('/api/assessment/purchase', { package: 'basic' }),
    ]);
    expect(short.statusCode, short.body).toBe(402);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(short.json().data).toEqual({ reason: 'insufficient_funds' });
    expect(refused.json().data).toEqual({ reason: 'declined' });
    expect(short.json().errorMessage).not.toBe(refused.json().errorMessage);
    // The provider's own code stays on the payment for support.
    const failure = await app.db
      .selectFrom('payments')
      .select('failure_code')
      .where('user_id', '=', poor.id)
      .executeTakeFirstOrThrow();
    expect(failure.failure_code).toBe('insufficient_funds');
  });
});
