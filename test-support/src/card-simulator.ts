import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook, startCardSimulator, type CardSimulator } from '@mp/scripts/card-simulator/simulator';
import { TEST_CVC } from '@mp/scripts/card-simulator/test-cards';
import type { FastifyInstance } from 'fastify';
import { createSessionToken, createUser } from './factories';

// Drives the card-payment simulator the way a browser would (its hosted card form and 3-D Secure page), and
// relays the simulator's webhooks into an app built with app.inject.

export const SIMULATOR_SECRET_KEY = 'sk_test_integration';
export const SIMULATOR_WEBHOOK_SECRET = 'whsec_integration';
export { signWebhook, TEST_CVC };

/** A simulator of this test file's own on a free port, with keys the test app is configured with. */
export async function startTestCardSimulator(): Promise<CardSimulator> {
  return startCardSimulator({
    port: 0,
    secretKey: SIMULATOR_SECRET_KEY,
    webhookSecret: SIMULATOR_WEBHOOK_SECRET,
  });
}

/** The app's settings for talking to `simulator`: its API, hosted card form, secret key and webhook secret. */
export const cardProviderConfig = (simulator: Pick<CardSimulator, 'url'>) => ({
  CARD_PROVIDER_URL: simulator.url,
  CARD_FORM_URL: `${simulator.url}/hosted/card`,
  CARD_PROVIDER_SECRET_KEY: SIMULATOR_SECRET_KEY,
  CARD_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
});

/** Types a card into the provider's hosted form and returns the token it redirects back with. */
export async function tokeniseCard(simulatorUrl: string, number: string, expiry = '12/34', cvc = TEST_CVC) {
  const returnUrl = 'http://127.0.0.1:9/sv/app/subscription';
  const response = await fetch(`${simulatorUrl}/hosted/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      return_url: returnUrl,
      cancel_url: returnUrl,
      number,
      expiry,
      cvc,
    }).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303)
    throw new Error(`card form answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!).searchParams.get('payment_method')!;
}

/** Answers the issuer's 3-D Secure challenge; returns the intent id from the redirect back. */
export async function answerChallenge(redirectUrl: string, action: 'complete' | 'fail'): Promise<string> {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`challenge answered ${response.status}`);
  return new URL(response.headers.get('location')!).searchParams.get('payment_intent')!;
}

/** Payment details the API accepts (a company's). */
export const TEST_PAYMENT_DETAILS = {
  billingName: 'Acme AB',
  addressLine: 'Storgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  organisationNumber: '556677-8899',
};

/** A user of `app`, with the session their requests carry. */
export interface CardBuyer {
  id: string;
  email: string;
  auth: string;
  app: FastifyInstance;
}

/** The buyer's request to their app, in English. */
export const buyerCall = (buyer: CardBuyer, method: 'GET' | 'POST', url: string, payload?: object) =>
  buyer.app.inject({
    method,
    url,
    headers: { authorization: buyer.auth, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** Types `number` into the hosted form and stores the card for the buyer (their default from now on). */
export async function addBuyerCard(buyer: CardBuyer, simulatorUrl: string, number: string) {
  const token = await tokeniseCard(simulatorUrl, number);
  const response = await buyerCall(buyer, 'POST', '/api/payment/cards', { token });
  if (response.statusCode !== 200) throw new Error(`adding a card answered ${response.statusCode}`);
}

/** A new English-speaking user of `app` with payment details and the card `number`: ready to buy. */
export async function createCardBuyer(app: FastifyInstance, simulatorUrl: string, number: string) {
  const user = await createUser(app.db, app.config, { locale: 'en' });
  const buyer: CardBuyer = {
    id: user.id,
    email: user.email!,
    auth: await createSessionToken(app, user.id),
    app,
  };
  const details = await buyerCall(buyer, 'POST', '/api/store/ipu', TEST_PAYMENT_DETAILS);
  if (details.statusCode !== 200) throw new Error(`payment details answered ${details.statusCode}`);
  await addBuyerCard(buyer, simulatorUrl, number);
  return buyer;
}

export interface WebhookRelay {
  /** Every delivery: raw body, signature header and the app's answer. */
  deliveries: { body: string; signature: string; status: number }[];
  /**
   * Loses what the simulator sends from now on, as a network fault would: each delivery is answered 503 without
   * reaching the app (and recorded with that status) until `release()`.
   */
  lose(): void;
  release(): void;
  close(): Promise<void>;
}

/** Registers an endpoint at the simulator that passes each delivery, byte for byte, to the app. */
export async function relayWebhooks(simulatorUrl: string, app: FastifyInstance): Promise<WebhookRelay> {
  const deliveries: WebhookRelay['deliveries'] = [];
  let losing = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      if (losing) {
        deliveries.push({ body, signature, status: 503 });
        res.writeHead(503).end();
        return;
      }
      void app
        .inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload: body,
        })
        .then((answer) => {
          deliveries.push({ body, signature, status: answer.statusCode });
          res.writeHead(answer.statusCode).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  const registered = await fetch(`${simulatorUrl}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SIMULATOR_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ url }).toString(),
  });
  if (!registered.ok) throw new Error(`webhook endpoint not registered: ${registered.status}`);
  return {
    deliveries,
    lose: () => {
      losing = true;
    },
    release: () => {
      losing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
