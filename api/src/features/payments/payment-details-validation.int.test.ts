import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';

// The payment details form (POST /api/store/ipu) shows the API's refusals at its inputs as they come, so the
// refusal's text must be whole in the request's language: a limit says its number (the error handler fills
// `{max}` from zod's `maximum`), and an empty postal code is a missing field, not a badly written one.

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

const details = {
  billingName: 'Acme AB',
  addressLine: 'Storgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  organisationNumber: '556677-8899',
};

async function saveDetails(payload: object, language: string) {
  const user = await createUser(app.db, app.config);
  const authorization = await createSessionToken(app, user.id);
  return app.inject({
    method: 'POST',
    url: '/api/store/ipu',
    headers: { authorization, 'accept-language': language },
    payload,
  });
}

describe('payment details refusals', () => {
  it.each([
    { language: 'sv', text: 'Får inte vara längre än 200 tecken' },
    { language: 'en', text: 'Cannot be longer than 200 characters' },
  ])('a billing name over the limit says the limit ($language)', async ({ language, text }) => {
    const response = await saveDetails({ ...details, billingName: 'A'.repeat(201) }, language);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorMessage: text,
      code: 'VALIDATION_FAILED',
      data: { issues: [{ field: 'billingName', code: 'validation.maxLength', message: text }] },
    });
  });

  it.each([
    { language: 'sv', text: 'Fältet är obligatoriskt' },
    { language: 'en', text: 'Field is required' },
  ])('an empty postal code is a missing field ($language)', async ({ language, text }) => {
    for (const postalCode of ['', '   ']) {
      const response = await saveDetails({ ...details, postalCode }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errorMessage: text,
        code: 'VALIDATION_FAILED',
        data: { issues: [{ field: 'postalCode', code: 'validation.required', message: text }] },
      });
    }
  });

  it.each([
    { language: 'sv', text: 'Ogiltigt postnummer, skriv fem siffror, t.ex. 123 45' },
    { language: 'en', text: 'Invalid postal code, write five digits, e.g. 123 45' },
  ])('a postal code written wrong says how to write it ($language)', async ({ language, text }) => {
    for (const postalCode of ['1234', '12 345', 'SE-111 22']) {
      const response = await saveDetails({ ...details, postalCode }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.issues).toEqual([
        { field: 'postalCode', code: 'validation.invalidPostalCode', message: text },
      ]);
    }
  });
});

describe('payment details postal code and city', () => {
  it('keeps a postal code in the Swedish form, written with or without the space', async () => {
    for (const postalCode of ['111 56', '11156']) {
      const response = await saveDetails({ ...details, postalCode }, 'sv');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().details.postalCode).toBe('111 56');
    }
  });

  it.each([
    { language: 'sv', text: 'Ogiltig ort, skriv ortens namn' },
    { language: 'en', text: 'Invalid city, write the name of the town' },
  ])('a city of digits only is refused ($language)', async ({ language, text }) => {
    const response = await saveDetails({ ...details, city: '1234' }, language);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.issues).toEqual([
      { field: 'city', code: 'validation.invalidCity', message: text },
    ]);
  });
});

describe("payment details from the buyer's company", () => {
  const company = {
    businessName: 'Fjällkonsult AB',
    businessType: 'limited_company',
    organisationNumber: '556677-8899',
    vatNumber: 'SE556677889901',
    address: 'Storgatan 1, 41101 Göteborg',
  };
  const read = (authorization: string) =>
    app.inject({ method: 'GET', url: '/api/store/ipu', headers: { authorization, 'accept-language': 'en' } });

  it('start from the company a buyer administers; nothing is saved until the buyer saves', async () => {
    const user = await createUser(app.db, app.config);
    const authorization = await createSessionToken(app, user.id);
    expect((await read(authorization)).json()).toEqual({ details: null, prefill: null });
    const created = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { authorization, 'accept-language': 'en' },
      payload: company,
    });
    expect(created.statusCode, created.body).toBe(200);

    const before = (await read(authorization)).json();
    expect(before).toEqual({
      details: null,
      prefill: {
        billingName: 'Fjällkonsult AB',
        addressLine: 'Storgatan 1',
        postalCode: '411 01',
        city: 'Göteborg',
        organisationNumber: '556677-8899',
        vatNumber: 'SE556677889901',
      },
    });
    // Saved as the buyer edits it, the VAT number with it; then the saved details are what the form shows.
    const saved = await app.inject({
      method: 'POST',
      url: '/api/store/ipu',
      headers: { authorization, 'accept-language': 'en' },
      payload: { ...before.prefill, billingName: 'Fjällkonsult AB, inköp' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read(authorization)).json()).toMatchObject({
      details: { billingName: 'Fjällkonsult AB, inköp', vatNumber: 'SE556677889901' },
      prefill: null,
    });
  });

  it.each([
    { language: 'sv', text: 'Ogiltigt momsregistreringsnummer' },
    { language: 'en', text: 'Invalid VAT Number' },
  ])('a wrong VAT number is refused ($language); none is fine', async ({ language, text }) => {
    const wrong = await saveDetails({ ...details, vatNumber: 'SE556677889801' }, language);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.issues).toEqual([
      { field: 'vatNumber', code: 'validation.invalidVatNumber', message: text },
    ]);
    const none = await saveDetails({ ...details, vatNumber: '' }, language);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().details.vatNumber).toBeNull();
  });
});
