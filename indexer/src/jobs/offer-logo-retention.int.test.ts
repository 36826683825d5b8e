import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { handleRetention, OFFER_LOGO_GRACE_DAYS } from './retention.job';

// Partner offers' logos no offer uses are swept by the retention job once past their grace period: uploaded
// and never saved, replaced by another, or left by a deleted offer. A logo any offer uses stays whatever its
// age, and one uploaded within the grace period (an admin's form may still be open) stays too. On the real app
// and database: logos are uploaded and offers saved through the admin routes.

let app: FastifyInstance;
let adminToken: string;
const partner = `Swept logo partner ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await createUser(app.db, app.config, { isAdmin: true });
  adminToken = await createSessionToken(app, admin.id);
});
afterAll(async () => {
  await app?.db.deleteFrom('offers').where('partner', 'like', `${partner}%`).execute();
  await app?.close();
});

const call = (method: HTTPMethods, url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', authorization: adminToken },
    ...(payload ? { payload } : {}),
  });

async function uploadLogo(): Promise<{ key: string; logoUrl: string }> {
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0a6' } })
    .png()
    .toBuffer();
  const boundary = `----mp${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/offers/logo',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: adminToken },
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(response.statusCode).toBe(200);
  const { logoUrl } = response.json<{ logoUrl: string }>();
  return { key: logoUrl.slice(logoUrl.lastIndexOf('/') + 1), logoUrl };
}

const offer = (name: string, logoUrl: string | null) => ({
  partner: `${partner} ${name}`,
  titleSv: 'Rabatt',
  titleEn: 'Discount',
  bodySv: 'Tio procent.',
  bodyEn: 'Ten percent.',
  url: 'https://example.se/erbjudande',
  logoUrl,
  validFrom: '2020-01-01',
  validUntil: '2999-12-31',
  active: true,
  sortOrder: 0,
});

async function saveOffer(name: string, logoUrl: string | null, id?: string): Promise<string> {
  const response = await call(
    id ? 'PUT' : 'POST',
    id ? `/api/admin/offers/${id}` : '/api/admin/offers',
    offer(name, logoUrl),
  );
  expect(response.statusCode, response.body).toBe(200);
  const { offers } = response.json<{ offers: { id: string; partner: string }[] }>();
  return offers.find((o) => o.partner === `${partner} ${name}`)!.id;
}

const NOW = Date.now();
const daysAgo = (n: number) => new Date(NOW - n * 86_400_000);

async function age(key: string, uploadedAt: Date) {
  await app.db.updateTable('uploads').set({ created_at: uploadedAt }).where('key', '=', key).execute();
}

const served = async (key: string) => (await app.inject({ url: `/api/offer-logos/${key}` })).statusCode;

describe('the retention job and partner offer logos', () => {
  it('sweeps the logos no offer uses once past the grace period, and never one an offer uses', async () => {
    const old = daysAgo(OFFER_LOGO_GRACE_DAYS + 1);
    // Uploaded and never saved on an offer.
    const abandoned = await uploadLogo();
    // Uploaded within the grace period, never saved (yet): the admin's form may still be open.
    const pending = await uploadLogo();
    // Saved on an offer.
    const used = await uploadLogo();
    await saveOffer('used', used.logoUrl);
    // Saved, then replaced by another on the same offer.
    const replaced = await uploadLogo();
    const replacement = await uploadLogo();
    const changed = await saveOffer('changed', replaced.logoUrl);
    await saveOffer('changed', replacement.logoUrl, changed);
    // The offer deleted.
    const orphaned = await uploadLogo();
    const removed = await saveOffer('removed', orphaned.logoUrl);
    expect((await call('DELETE', `/api/admin/offers/${removed}`)).statusCode).toBe(200);
    // Used by two offers, one of them deleted.
    const shared = await uploadLogo();
    await saveOffer('shared kept', shared.logoUrl);
    const sharedGone = await saveOffer('shared gone', shared.logoUrl);
    expect((await call('DELETE', `/api/admin/offers/${sharedGone}`)).statusCode).toBe(200);
    // An inactive offer still uses its logo.
    const inactive = await uploadLogo();
    const inactiveOffer = await saveOffer('inactive', inactive.logoUrl);
    expect(
      (
        await call('PUT', `/api/admin/offers/${inactiveOffer}`, {
          ...offer('inactive', inactive.logoUrl),
          active: false,
        })
      ).statusCode,
    ).toBe(200);

    // An old profile picture is no offer's logo: it goes with its account, never with this sweep.
    const owner = await createUser(app.db, app.config);
    const picture = `${randomUUID()}.webp`;
    await app.db
      .insertInto('uploads')
      .values({
        key: picture,
        owner_user_id: owner.id,
        kind: 'picture',
        content_type: 'image/webp',
        bytes: Buffer.from('x'),
        created_at: daysAgo(365),
      })
      .execute();

    for (const logo of [abandoned, used, replaced, replacement, orphaned, shared, inactive])
      await age(logo.key, old);
    await age(pending.key, daysAgo(OFFER_LOGO_GRACE_DAYS - 1));

    const result = await handleRetention({ db: app.db }, { now: new Date(NOW).toISOString() });
    expect(result.offerLogos.unreferenced).toBeGreaterThanOrEqual(3);

    const left = await app.db
      .selectFrom('uploads')
      .select('key')
      .where('kind', '=', 'offer_logo')
      .where(
        'key',
        'in',
        [abandoned, pending, used, replaced, replacement, orphaned, shared, inactive].map((l) => l.key),
      )
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual(
      [pending, used, replacement, shared, inactive].map((l) => l.key).sort(),
    );
    expect(
      await app.db.selectFrom('uploads').select('key').where('key', '=', picture).executeTakeFirst(),
    ).toEqual({ key: picture });
    for (const gone of [abandoned, replaced, orphaned]) expect(await served(gone.key)).toBe(404);
    for (const kept of [used, replacement, shared, inactive]) expect(await served(kept.key)).toBe(200);

    // The pending logo can still be saved on an offer, and is then kept however old.
    await saveOffer('pending', pending.logoUrl);
    await age(pending.key, old);
    await handleRetention({ db: app.db }, { now: new Date(NOW).toISOString() });
    expect(await served(pending.key)).toBe(200);

    // Idempotent: a second run deletes nothing of these.
    const again = await handleRetention({ db: app.db }, { now: new Date(NOW).toISOString() });
    expect(again.offerLogos.unreferenced).toBe(0);
  });
});
