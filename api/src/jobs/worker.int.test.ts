import { randomUUID } from 'node:crypto';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { cardProviderConfig, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { outboxRowsTo } from '@mp/test-support/mail-outbox';
import { waitForMails } from '@mp/test-support/mail-sink';
import { enqueueMail } from '../lib/mail-outbox';
import { startCommerceWorker, type RunningCommerceWorker } from './worker';

// The commerce worker's BullMQ job scheduler renews a due subscription and sends due outbox mails on its own
// (queues of this test only).

let app: FastifyInstance;
let simulator: CardSimulator;
let worker: RunningCommerceWorker | undefined;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({
    ...cardProviderConfig(simulator),
    QUEUE_PREFIX: `it-commerce-${randomUUID().slice(0, 8)}`,
    COMMERCE_SCHEDULE_EVERY_MS: 300,
  });
});

afterAll(async () => {
  await worker?.close();
  await app?.close();
  await simulator?.close();
});

describe('the commerce worker', () => {
  it('renews a subscription whose period has ended, on its schedule', async () => {
    const user = await createUser(app.db, app.config);
    const headers = { authorization: await createSessionToken(app, user.id) };
    await app.inject({
      method: 'POST',
      url: '/api/store/ipu',
      headers,
      payload: {
        billingName: 'A AB',
        addressLine: 'Gatan 1',
        postalCode: '11122',
        city: 'Umeå',
        organisationNumber: '5566778899',
      },
    });
    const token = await tokeniseCard(simulator.url, '4242424242424242');
    await app.inject({ method: 'POST', url: '/api/payment/cards', headers, payload: { token } });
    expect(
      (
        await app.inject({ method: 'POST', url: '/api/subscriptions', headers, payload: { plan: 'premium' } })
      ).json().status,
    ).toBe('succeeded');
    // The paid month is over (as if a month had passed).
    await app.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 60_000) })
      .where('user_id', '=', user.id)
      .execute();

    worker = await startCommerceWorker(app.config);
    const payments = () =>
      app.db.selectFrom('payments').select('status').where('user_id', '=', user.id).execute();
    await expect
      .poll(async () => (await payments()).map((p) => p.status), { timeout: 15_000 })
      .toEqual(['succeeded', 'succeeded']);
    const subscription = await app.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(subscription.status).toBe('active');
    expect(subscription.current_period_end!.getTime()).toBeGreaterThan(Date.now());
  });

  it('sends a mail outbox row nobody delivered, on its schedule', async () => {
    // Written and committed, but never handed to the API's delivery (as after a crash right after the commit).
    const to = `outbox-worker-${randomUUID()}@example.com`;
    await app.db.transaction().execute((trx) =>
      enqueueMail(trx, {
        to,
        locale: 'en',
        template: 'coachSessionCancelled',
        params: {
          firstName: 'Ola',
          when: 'Monday 7 December 2026 10:00–11:00',
          noticeHours: 24,
          link: 'http://x/',
        },
      }),
    );
    worker ??= await startCommerceWorker(app.config);
    const [mail] = await waitForMails(to, 1, 15_000);
    expect(mail!.Subject).toContain('cancelled');
    await expect
      .poll(async () => (await outboxRowsTo(app, [to])).map((row) => [row.status, row.attempts]))
      .toEqual([['sent', 1]]);
  });
});
