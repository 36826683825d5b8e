import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { cardProviderConfig, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import { profileInputSchema } from '../profiles/profile.schema';
import { saveProfile } from '../profiles/profile.service';

// The premium gate on every premium route: a buyer without premium is refused (or gets the anonymous view),
// the same buyer after subscribing through the card simulator gets the feature, and after a refund is
// refused again. A static check keeps every premium decision in premium-gate.ts.

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

type Caller = { authorization: string };

/** Every premium feature on the server, with how to tell whether a caller got it. */
const PREMIUM_ROUTES: {
  name: string;
  allowed: (caller: Caller, consultantId: string) => Promise<boolean>;
}[] = [
  {
    name: 'GET /api/profile/:id (full profile with contact details)',
    allowed: async (caller, id) => {
      const response = await app.inject({ url: `/api/profile/${id}`, headers: caller });
      expect(response.statusCode).toBe(200);
      return response.json().view === 'full';
    },
  },
  {
    name: 'GET /api/profile/:id/cv.pdf (CV to pass on)',
    allowed: async (caller, id) => {
      const response = await app.inject({ url: `/api/profile/${id}/cv.pdf`, headers: caller });
      if (response.statusCode === 403) expect(response.json().code).toBe('PREMIUM_REQUIRED');
      return response.statusCode === 200;
    },
  },
  {
    name: 'POST /api/search/save with sendEmail (weekly saved-search mail)',
    allowed: async (caller) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/search/save',
        headers: caller,
        payload: { name: 'Weekly', search: {}, sendEmail: true },
      });
      if (response.statusCode === 403) expect(response.json().code).toBe('PREMIUM_REQUIRED');
      return response.statusCode === 200;
    },
  },
];

describe('the premium gate', () => {
  it('holds on every premium route before subscribing, opens after, and closes again after a refund', async () => {
    const consultant = await createUser(app.db, app.config);
    await saveProfile(app.db, consultant.id, profileInputSchema.parse(buildProfileInput()));
    const buyer = await createUser(app.db, app.config, { locale: 'en' });
    const caller = { authorization: await createSessionToken(app, buyer.id) };
    const allowedOn = async () =>
      Object.fromEntries(
        await Promise.all(
          PREMIUM_ROUTES.map(async (r) => [r.name, await r.allowed(caller, consultant.id)] as const),
        ),
      );
    const everywhere = (value: boolean) => Object.fromEntries(PREMIUM_ROUTES.map((r) => [r.name, value]));

    expect(await allowedOn()).toEqual(everywhere(false));

    await app.inject({
      method: 'POST',
      url: '/api/store/ipu',
      headers: caller,
      payload: {
        billingName: 'Buyer AB',
        addressLine: 'Gatan 1',
        postalCode: '11122',
        city: 'Malmö',
        organisationNumber: '5566778899',
      },
    });
    const token = await tokeniseCard(simulator.url, '4242424242424242');
    await app.inject({ method: 'POST', url: '/api/payment/cards', headers: caller, payload: { token } });
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: caller,
      payload: { plan: 'premium' },
    });
    expect(subscribed.json().status).toBe('succeeded');
    expect(await allowedOn()).toEqual(everywhere(true));

    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const payment = await app.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refund`,
      headers: { authorization: await createSessionToken(app, admin.id) },
    });
    expect(await allowedOn()).toEqual(everywhere(false));
  });

  it('is the only place that decides on premium', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const allowed = new Set([
      'features/subscriptions/premium-gate.ts',
      'plugins/auth.ts', // reads the flag into the session
      'features/identity/session.repository.ts',
      'features/users/users.service.ts', // reports the flag (GET user)
      'features/users/users.routes.ts', // reports the flag (GET check/subscription)
      'features/account/account-export.repository.ts', // exports the flag
      // The admin area counts, filters and shows the flag; it decides nothing.
      'features/admin/admin-dashboard.repository.ts',
      'features/admin/admin-users.repository.ts',
      'features/admin/admin-users.service.ts',
    ]);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const relative = path.relative(root, full).split(path.sep).join('/');
          if (
            !allowed.has(relative) &&
            /\.isPremium\b|\bis_premium\b|AppError\([^)]*PREMIUM_REQUIRED/.test(readFileSync(full, 'utf8'))
          ) {
            offenders.push(relative);
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
