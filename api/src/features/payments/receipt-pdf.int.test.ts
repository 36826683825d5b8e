import { randomUUID } from 'node:crypto';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { cardProviderConfig, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { waitForMails } from '@mp/test-support/mail-sink';
import { extractPdfText } from '@mp/test-support/pdf-text';

// A receipt under Billing (QA7 H7): the assessment's receipt as a PDF with what the receipt mail says (seller
// with its registration numbers, buyer, receipt number, date, item, amount excluding VAT, VAT and total, the
// card), for its buyer only.

let app: FastifyInstance;
let simulator: CardSimulator;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({ ...cardProviderConfig(simulator) });
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

async function newUser(firstName: string) {
  const user = await createUser(app.db, app.config, { locale: 'sv', firstName, lastName: 'Kvist' });
  return { ...user, auth: await createSessionToken(app, user.id) };
}

const call = (auth: string | null, method: 'GET' | 'POST', url: string, locale = 'sv', payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...(auth ? { authorization: auth } : {}), 'accept-language': locale },
    ...(payload ? { payload } : {}),
  });

describe('GET /api/payment/receipts/{id}/pdf', () => {
  it("gives the assessment's buyer the receipt with seller, buyer, VAT and total; nobody else", async () => {
    const buyer = await newUser('Dina');
    const token = await tokeniseCard(simulator.url, '4242424242424242');
    expect((await call(buyer.auth, 'POST', '/api/payment/cards', 'sv', { token })).statusCode).toBe(200);
    const bought = await call(buyer.auth, 'POST', '/api/assessment/purchase', 'sv', {
      package: 'full_coach',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [mail] = await waitForMails(buyer.email!);
    expect(mail!.Subject).toMatch(/^Kvitto R\d{8}-/);

    const list = await call(buyer.auth, 'GET', '/api/payment/receipts');
    const [receipt] = list.json<{ receipts: { id: string; receiptNumber: string }[] }>().receipts;
    const url = `/api/payment/receipts/${receipt!.id}/pdf`;

    const sv = await call(buyer.auth, 'GET', url, 'sv');
    expect(sv.statusCode, sv.body).toBe(200);
    expect(sv.headers['content-type']).toBe('application/pdf');
    expect(sv.headers['content-disposition']).toBe(
      `attachment; filename="kvitto-${receipt!.receiptNumber}.pdf"`,
    );
    const svText = (await extractPdfText(sv.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'KVITTO',
      `Kvittonummer ${receipt!.receiptNumber}`,
      'Säljare'.toUpperCase(),
      'Konsultmarknaden AB',
      'Kungsgatan 37, 111 56 Stockholm',
      'Org.nr 559401-2311',
      'Momsreg.nr SE559401231101',
      'KÖPARE',
      'Dina Kvist',
      buyer.email!,
      'Full Coach Package',
      'Summa exkl. moms 1 996,00 kr',
      'Moms 25 % 499,00 kr',
      'Totalt 2 495,00 kr',
      'Betalningssätt',
      'Kort Visa som slutar på 4242',
    ]) {
      expect(svText).toContain(expected);
    }
    // The date the receipt mail gives.
    expect(mail!.Text).toContain(receipt!.receiptNumber);

    const en = await call(buyer.auth, 'GET', url, 'en');
    expect(en.statusCode).toBe(200);
    const enText = (await extractPdfText(en.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'RECEIPT',
      `Receipt number ${receipt!.receiptNumber}`,
      'Corporate ID 559401-2311',
      'VAT No. SE559401231101',
      'Subtotal excl. VAT SEK 1,996.00',
      'VAT 25% SEK 499.00',
      'Total SEK 2,495.00',
      'Payment method',
    ]) {
      expect(enText).toContain(expected);
    }

    // Only its buyer: another user and an unknown id are 404 in the one error shape; a visitor is 401.
    const other = await newUser('Olle');
    const foreign = await call(other.auth, 'GET', url, 'en');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    expect((await call(buyer.auth, 'GET', `/api/payment/receipts/${randomUUID()}/pdf`)).statusCode).toBe(404);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const bad = await call(buyer.auth, 'GET', '/api/payment/receipts/not-an-id/pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('code');
  });

  it("prints the buyer's organisation and VAT numbers from the payment details", async () => {
    const buyer = await newUser('Ebba');
    const saved = await call(buyer.auth, 'POST', '/api/store/ipu', 'sv', {
      billingName: 'Ebbas Inköp AB',
      addressLine: 'Storgatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
      organisationNumber: '556677-8899',
      vatNumber: 'se 5566 7788 9901',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const token = await tokeniseCard(simulator.url, '4242424242424242');
    expect((await call(buyer.auth, 'POST', '/api/payment/cards', 'sv', { token })).statusCode).toBe(200);
    const bought = await call(buyer.auth, 'POST', '/api/assessment/purchase', 'sv', {
      package: 'full_coach',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [receipt] = (await call(buyer.auth, 'GET', '/api/payment/receipts')).json<{
      receipts: { id: string }[];
    }>().receipts;
    const pdf = await call(buyer.auth, 'GET', `/api/payment/receipts/${receipt!.id}/pdf`, 'en');
    const text = (await extractPdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of ['Ebbas Inköp AB', 'Corporate ID 556677-8899', 'VAT No. SE556677889901']) {
      expect(text).toContain(expected);
    }
  });
});
