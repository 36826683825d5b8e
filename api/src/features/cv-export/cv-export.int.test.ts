import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '@mp/test-support/pdf-text';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import { multipartFile } from '@mp/test-support/multipart';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;

async function consultantWithProfile() {
  const user = await createUser(app.db, app.config, { firstName: 'Anna', lastName: 'Lindqvist' });
  await app.db.updateTable('users').set({ phone: '070-123 45 67' }).where('id', '=', user.id).execute();
  const headers = { authorization: await createSessionToken(app, user.id) };
  const {
    firstName: _f,
    lastName: _l,
    isSearchable: _s,
    ...input
  } = buildProfileInput({
    educations: [
      { level: 'masters', fieldOfStudy: 'Datavetenskap', school: 'KTH', startYear: 2010, endYear: 2015 },
    ],
  });
  expect((await app.inject({ method: 'PUT', url: '/api/profile', headers, payload: input })).statusCode).toBe(
    200,
  );
  const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();
  const form = multipartFile({ bytes: picture, filename: 'a.jpg', contentType: 'image/jpeg' });
  const upload = await app.inject({
    method: 'POST',
    url: '/api/profile/picture',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  return { ...user, headers };
}

describe('CV export', () => {
  it('exports the own profile as a PDF in Swedish and English, with name, contact details and the CV', async () => {
    const c = await consultantWithProfile();
    const sv = await app.inject({ method: 'GET', url: '/api/profile/cv.pdf?lang=sv', headers: c.headers });
    expect(sv.statusCode).toBe(200);
    expect(sv.headers['content-type']).toBe('application/pdf');
    expect(sv.headers['content-disposition']).toContain('filename="CV-Anna-Lindqvist-sv.pdf"');
    expect(sv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sv.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(sv.rawPayload)).toBeGreaterThanOrEqual(1);
    // The photo is embedded.
    expect(sv.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const svText = await extractPdfText(sv.rawPayload);
    for (const expected of [
      'Anna Lindqvist',
      c.email!,
      '070-123 45 67',
      'PROFIL',
      'Erfaren systemutvecklare med fokus på webb.',
      'KOMPETENSER',
      'TypeScript',
      '6 år, senast 2026',
      'ERFARENHET OCH UPPDRAG',
      'Volvo Cars',
      '2019 – pågående',
      'UTBILDNING',
      'KTH',
      'SPRÅK',
      'Svenska',
      'Modersmål eller tvåspråkig',
      'Tillgänglig nu',
      'Stockholm',
    ]) {
      expect(svText, expected).toContain(expected);
    }

    const en = await app.inject({ method: 'GET', url: '/api/profile/cv.pdf?lang=en', headers: c.headers });
    const enText = await extractPdfText(en.rawPayload);
    for (const expected of [
      'SKILLS',
      '6 years, last used 2026',
      'EXPERIENCE AND ASSIGNMENTS',
      '2019 – present',
      'Swedish',
      'Available now',
    ]) {
      expect(enText, expected).toContain(expected);
    }
    // Without ?lang the request's language decides.
    const byHeader = await app.inject({
      method: 'GET',
      url: '/api/profile/cv.pdf',
      headers: { ...c.headers, 'accept-language': 'en-GB' },
    });
    expect(await extractPdfText(byHeader.rawPayload)).toContain('SKILLS');
  });

  it('refuses a language the CV is not written in with 400, in the request language', async () => {
    const user = await createUser(app.db, app.config);
    const authorization = await createSessionToken(app, user.id);
    const premium = await createUser(app.db, app.config, { isPremium: true });
    for (const url of [
      '/api/profile/cv.pdf?lang=xx',
      '/api/profile/cv.pdf?lang=EN',
      '/api/profile/cv.pdf?lang=',
      `/api/profile/${user.id}/cv.pdf?lang=de`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: url.includes(user.id) ? await createSessionToken(app, premium.id) : authorization,
          'accept-language': 'en',
        },
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errorMessage: 'Invalid value, must be one of: sv, en',
        data: { issues: [{ field: 'lang', code: 'validation.mustBeOneOf' }] },
      });
    }
  });

  it('gives premium buyers an anonymised CV without name, photo or contact details', async () => {
    const c = await consultantWithProfile();
    const premium = await createUser(app.db, app.config, { isPremium: true });
    const response = await app.inject({
      method: 'GET',
      url: `/api/profile/${c.id}/cv.pdf?lang=en`,
      headers: { authorization: await createSessionToken(app, premium.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toContain(`CV-${c.id.slice(0, 8)}-en.pdf`);
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain('Consultant profile');
    expect(text).toContain('Volvo Cars');
    expect(text).toContain('TypeScript');
    for (const identifying of ['Anna', 'Lindqvist', c.email!, '070-123'])
      expect(text).not.toContain(identifying);
    expect(response.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(response.rawPayload.toString('latin1')).not.toContain('Lindqvist');
  });

  it('refuses non-premium users with PREMIUM_REQUIRED in both languages, and visitors with 401', async () => {
    const c = await consultantWithProfile();
    const plain = await createUser(app.db, app.config);
    const authorization = await createSessionToken(app, plain.id);
    for (const [lang, message] of [
      ['en', 'This feature requires a premium account'],
      ['sv', 'Den här funktionen kräver ett premiumkonto'],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/profile/${c.id}/cv.pdf`,
        headers: { authorization, 'accept-language': lang },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'PREMIUM_REQUIRED', errorMessage: message });
    }
    expect((await app.inject({ method: 'GET', url: `/api/profile/${c.id}/cv.pdf` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/profile/cv.pdf' })).statusCode).toBe(401);
  });

  it('answers a hidden profile like the profile page does', async () => {
    const c = await consultantWithProfile();
    await app.inject({
      method: 'PUT',
      url: '/api/profile/searchable',
      headers: c.headers,
      payload: { isSearchable: false },
    });
    const premium = await createUser(app.db, app.config, { isPremium: true });
    const response = await app.inject({
      method: 'GET',
      url: `/api/profile/${c.id}/cv.pdf`,
      headers: { authorization: await createSessionToken(app, premium.id), 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'PROFILE_NOT_AVAILABLE', errorMessage: 'Profile not available' });
  });

  it('exports an empty profile too', async () => {
    const user = await createUser(app.db, app.config, { firstName: 'Łukasz', lastName: 'Nowak' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/profile/cv.pdf?lang=en',
      headers: { authorization: await createSessionToken(app, user.id) },
    });
    expect(response.statusCode).toBe(200);
    expect(pageCount(response.rawPayload)).toBe(1);
    expect(await extractPdfText(response.rawPayload)).toContain('Łukasz Nowak');
  });
});
