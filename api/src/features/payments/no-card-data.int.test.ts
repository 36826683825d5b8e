import { migrateToLatest } from '@mp/migrations/migrator';
import { createScratchDatabase, type ScratchDatabase } from '@mp/migrations/scratch-database';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import { TEST_CARDS } from '@mp/scripts/card-simulator/test-cards';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import {
  cardProviderConfig,
  answerChallenge,
  startTestCardSimulator,
  TEST_CVC,
  tokeniseCard,
} from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';

// Every card flow with trace logging on a database of its own, then every log line and every row of every table
// is scanned for the test cards' numbers and the CVC typed into the provider's form: none may appear. Also a
// client that wrongly sends a card number to our API must not get it logged or stored.

const lines: string[] = [];
let scratch: ScratchDatabase;
let simulator: CardSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  scratch = await createScratchDatabase('marketplace_no_card_data');
  await migrateToLatest(scratch.db);
  simulator = await startTestCardSimulator();
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'trace', NODE_ENV: 'test' },
    {
      DATABASE_URL: scratch.url,
      ...cardProviderConfig(simulator),
    },
  );
  app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
  await scratch?.drop();
});

/** Drops what can hold three digits in a row by chance (ids, tokens, times, decimals) before the CVC search. */
const withoutNoise = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[A-Za-z0-9_-]{16,}/g, '<token>')
    .replace(/\d{4}-\d{2}-\d{2}[ T][\d:.]+(?:Z|[+-]\d{2}(?::\d{2})?)?/g, '<time>')
    .replace(/\d+\.\d+/g, '<decimal>')
    .replace(/\d{10,}/g, '<number>');

describe('card data', () => {
  it('never reaches our logs or any table', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en' });
    const headers = { authorization: await createSessionToken(app, user.id) };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    await call('POST', '/api/store/ipu', {
      billingName: 'Test AB',
      addressLine: 'Gatan 1',
      postalCode: '11122',
      city: 'Stockholm',
      organisationNumber: '556677-8899',
    });

    for (const card of TEST_CARDS) {
      const token = await tokeniseCard(simulator.url, card.number, '12/34', TEST_CVC);
      expect((await call('POST', '/api/payment/cards', { token })).statusCode).toBe(200);
      const started = await call('POST', '/api/subscriptions', { plan: 'premium' });
      if (started.json().status === 'requires_action') {
        const intent = await answerChallenge(started.json().redirectUrl, 'complete');
        await call('POST', `/api/payment/intents/${intent}/sync`);
      }
      if (started.json().status === 'succeeded' || started.json().status === 'requires_action') {
        await call('POST', '/api/subscriptions/cancel');
        // End it so the next card can subscribe again.
        await app.db
          .updateTable('subscriptions')
          .set({ status: 'cancelled' })
          .where('user_id', '=', user.id)
          .execute();
      }
    }
    // A client that sends the card itself to us: refused, and neither logged nor stored.
    await call('POST', '/api/payment/cards', { token: TEST_CARDS[0]!.number });
    await call('POST', '/api/payment/cards', {
      number: TEST_CARDS[0]!.number,
      cvc: TEST_CVC,
      expiry: '12/34',
    });
    expect((await call('GET', '/api/payment/cards')).json().cards).toHaveLength(TEST_CARDS.length);

    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    `.execute(app.db);
    const dump: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await sql<{
        row: string;
      }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table_name)} t`.execute(app.db);
      dump.push(...rows.rows.map((r) => `${table_name}: ${r.row}`));
    }
    expect(dump.some((row) => row.startsWith('payment_methods:'))).toBe(true);
    expect(lines.length).toBeGreaterThan(10);

    for (const text of [lines.join('\n'), dump.join('\n')]) {
      for (const card of TEST_CARDS) expect(text).not.toContain(card.number);
      expect(withoutNoise(text)).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${TEST_CVC}(?![0-9A-Za-z])`));
    }
  });
});
