import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { multipartFile } from '@mp/test-support/multipart';

// Partner offers' logos and the admin form's answers, on the real app and database: a logo is uploaded and
// served from our own origin (the CSP allows images from 'self' only), an address elsewhere is refused at the
// logo field, and every field's problem is answered at once.

let app: FastifyInstance;
let adminToken: string;
let userToken: string;
const partner = `Logo partner ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await createUser(app.db, app.config, { isAdmin: true });
  adminToken = await createSessionToken(app, admin.id);
  const user = await createUser(app.db, app.config);
  userToken = await createSessionToken(app, user.id);
});
afterAll(async () => {
  await app?.db.deleteFrom('offers').where('partner', 'like', `${partner}%`).execute();
  await app?.close();
});

const call = (method: HTTPMethods, url: string, token?: string, payload?: object, language = 'en') =>
  app.inject({
    method,
    url,
    headers: { 'accept-language': language, ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
  });

function uploadLogo(bytes: Buffer, contentType = 'image/png', token = adminToken) {
  const { payload, headers } = multipartFile({ bytes, filename: 'logo.png', contentType });
  return app.inject({
    method: 'POST',
    url: '/api/admin/offers/logo',
    headers: { ...headers, authorization: token, 'accept-language': 'en' },
    payload,
  });
}

/** A wide transparent wordmark-like PNG. */
const logoPng = () =>
  sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="300"><rect x="100" y="50" width="1000" height="200" fill="#0a6"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

const offer = {
  partner,
  titleSv: 'Rabatt',
  titleEn: 'Discount',
  bodySv: 'Tio procent.',
  bodyEn: 'Ten percent.',
  url: 'https://example.se/erbjudande',
  validFrom: '2020-01-01',
  validUntil: '2999-12-31',
};

describe('partner offer logos', () => {
  it('are uploaded by an admin, stored as WebP and served from our own origin to the offers page', async () => {
    const uploaded = await uploadLogo(await logoPng());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { logoUrl } = uploaded.json<{ logoUrl: string }>();
    expect(logoUrl.startsWith(`${app.config.API_BASE_URL.replace(/\/+$/, '')}/offer-logos/`)).toBe(true);

    const created = await call('POST', '/api/admin/offers', adminToken, { ...offer, logoUrl });
    expect(created.statusCode, created.body).toBe(200);
    const shown = (await call('GET', '/api/offers', userToken)).json<{
      offers: { partner: string; logoUrl: string | null }[];
    }>();
    expect(shown.offers.find((o) => o.partner === partner)?.logoUrl).toBe(logoUrl);

    const image = await app.inject({ url: new URL(logoUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 120, hasAlpha: true });
    expect((await app.inject({ url: `/api/offer-logos/${randomUUID()}.webp` })).json().code).toBe(
      'OFFER_LOGO_NOT_FOUND',
    );
  });

  it('refuse a file that is no image, and non-admins', async () => {
    const text = await uploadLogo(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/svg+xml');
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('UNSUPPORTED_IMAGE_TYPE');
    expect((await uploadLogo(await logoPng(), 'image/png', userToken)).statusCode).toBe(403);
  });

  it('refuse a logo address on another site at the logo field (the CSP would block it), in sv and en', async () => {
    for (const [language, message] of [
      ['en', 'Upload the logo as an image file here: a logo on another website cannot be shown'],
      ['sv', 'Ladda upp logotypen som en bildfil här: en logotyp på en annan webbplats kan inte visas'],
    ] as const) {
      const refused = await call(
        'POST',
        '/api/admin/offers',
        adminToken,
        { ...offer, partner: `${partner} elsewhere`, logoUrl: 'https://example.se/logo.png' },
        language,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.issues).toEqual([
        { field: 'logoUrl', code: 'validation.offerLogoUpload', message },
      ]);
    }
    // An address shaped like ours but not an uploaded logo is refused as well.
    const unknown = await call('POST', '/api/admin/offers', adminToken, {
      ...offer,
      partner: `${partner} unknown`,
      logoUrl: `${app.config.API_BASE_URL.replace(/\/+$/, '')}/offer-logos/${randomUUID()}.webp`,
    });
    expect(unknown.json().data.issues[0].field).toBe('logoUrl');
  });
});

describe('the admin offer form', () => {
  it("gets every field's problem at once, each at its field", async () => {
    const refused = await call(
      'POST',
      '/api/admin/offers',
      adminToken,
      {
        partner: '',
        titleSv: ' ',
        titleEn: '',
        bodySv: '',
        bodyEn: '',
        url: 'javascript:alert(1)',
        validFrom: '2026-12-05',
        validUntil: '2026-11-01',
      },
      'sv',
    );
    expect(refused.statusCode).toBe(400);
    const issues = refused.json<{ data: { issues: { field: string; message: string }[] } }>().data.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.field, issue.message]))).toEqual({
      partner: 'Fältet är obligatoriskt',
      titleSv: 'Fältet är obligatoriskt',
      titleEn: 'Fältet är obligatoriskt',
      bodySv: 'Fältet är obligatoriskt',
      bodyEn: 'Fältet är obligatoriskt',
      url: 'Ogiltig länk. Den ska börja med https://',
      validUntil: 'Slutdatumet kan inte vara före startdatumet',
    });
  });
});
