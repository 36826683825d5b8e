import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardSimulator } from '../card-simulator/simulator';
import { SIMULATOR_SECRET_KEY, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { eventually } from '@mp/test-support/eventually';
import { registerLocalCardWebhook } from './card-webhook';

// The demo's API gets the card simulator's events: registered once the API is up, idempotently, and only in
// development against a simulator on this machine.

let simulator: CardSimulator;
let api: Server;
let publicUrl: string;
const received: { path: string; signature: string; type: string }[] = [];

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  // Stands in for the API: records what reaches its webhook route.
  api = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string };
      received.push({
        path: req.url ?? '',
        signature: String(req.headers['stripe-signature']),
        type: event.type,
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  publicUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await simulator?.close();
});

const settings = () => ({
  NODE_ENV: 'development',
  CARD_PROVIDER_URL: simulator.url,
  CARD_PROVIDER_SECRET_KEY: SIMULATOR_SECRET_KEY,
  PUBLIC_URL: publicUrl,
});

const endpointCount = async () =>
  ((await (await fetch(`${simulator.url}/sim`)).json()) as { webhookEndpoints: number }).webhookEndpoints;

describe('the card simulator webhook of the demo', () => {
  it('leaves the provider alone outside development and for a provider elsewhere', async () => {
    expect(await registerLocalCardWebhook({ ...settings(), NODE_ENV: 'production' })).toEqual({
      skipped: 'not in development',
    });
    expect(
      await registerLocalCardWebhook({ ...settings(), CARD_PROVIDER_URL: 'https://api.cards.example' }),
    ).toEqual({ skipped: 'the card provider at api.cards.example is not local' });
    expect(await endpointCount()).toBe(0);
  });

  it('registers the API once, however often the demo starts, and the API then gets a payment’s events', async () => {
    expect(await registerLocalCardWebhook(settings())).toEqual({
      registered: `${publicUrl}/api/payment/webhook`,
    });
    await registerLocalCardWebhook(settings());
    expect(await endpointCount()).toBe(1);

    const card = await tokeniseCard(simulator.url, '4242424242424242');
    const intent = await fetch(`${simulator.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SIMULATOR_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        amount: '19900',
        currency: 'sek',
        payment_method: card,
        confirm: 'true',
      }).toString(),
    });
    expect(intent.status).toBe(200);
    await eventually(() => received.length > 0, { what: 'the payment’s event at the API' });
    expect(received).toContainEqual({
      path: '/api/payment/webhook',
      signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
      type: 'payment_intent.succeeded',
    });
  });

  it('says why when the simulator refuses', async () => {
    await expect(
      registerLocalCardWebhook({ ...settings(), CARD_PROVIDER_SECRET_KEY: 'sk_wrong' }),
    ).rejects.toThrow(/the card simulator answered 401/);
  });
});
