import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { eventually } from '@mp/test-support/eventually';
import {
  buildTestAppWithHungMail,
  outboxRowsTo,
  sweepMailsAt,
  waitForTriedMails,
} from '@mp/test-support/mail-outbox';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';

// Each test file gets its own operator inbox, so mails from other tests never count.
const operatorEmail = `operators-${randomUUID().slice(0, 8)}@example.se`;
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ OPERATOR_EMAIL: operatorEmail });
});
afterAll(async () => {
  await app?.close();
});

const send = (payload: object, options: { token?: string; language?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/search/inquiry',
    headers: {
      'accept-language': options.language ?? 'en',
      ...(options.token ? { authorization: options.token } : {}),
    },
    payload,
  });

const findInquiry = (email: string) =>
  app.db.selectFrom('inquiries').selectAll().where('email', '=', email).orderBy('created_at').execute();

/** The operators' mail about one inquiry (each names its id). */
async function operatorMail(inquiryId: string) {
  await eventually(async () => (await findMails(operatorEmail)).some((m) => m.Text.includes(inquiryId)), {
    what: `the operators' mail about inquiry ${inquiryId}`,
  });
  return (await findMails(operatorEmail)).find((m) => m.Text.includes(inquiryId))!;
}

describe('POST /api/search/inquiry', () => {
  it('stores a visitor’s inquiry and mails it to the operators in Swedish', async () => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const response = await send({
      name: 'Berit Köpare',
      email: ` ${email} `,
      details: 'Vi söker en TypeScript-utvecklare.\nStart i mars, distans går bra.',
      phone: '070-123 45 67',
      terms: true,
      criteria: { skills: ['TypeScript'], locations: ['Göteborg'], availableAt: '2031-03-01' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Thank you! We will get back to you within 2 working days' });

    const [stored] = await findInquiry(email);
    expect(stored).toMatchObject({
      user_id: null,
      name: 'Berit Köpare',
      email,
      phone: '070-123 45 67',
      terms_accepted: true,
      locale: 'en',
      criteria: expect.objectContaining({ skills: ['typescript'], locations: ['goteborg'] }),
    });
    const mail = await operatorMail(stored!.id);
    expect((await findMails(operatorEmail)).filter((m) => m.Text.includes(stored!.id))).toHaveLength(1);
    // Sent through the mail outbox, which marks the inquiry mailed once the mail is sent.
    await eventually(async () => (await findInquiry(email))[0]!.mailed_at !== null, {
      what: 'the inquiry marked mailed',
    });
    expect(
      (await outboxRowsTo(app, [operatorEmail])).filter((row) => row.params.inquiryId === stored!.id),
    ).toEqual([
      expect.objectContaining({ template: 'inquiryReceived', locale: 'sv', reply_to: email, status: 'sent' }),
    ]);
    expect(mail.Subject).toBe('Ny förfrågan från kontaktformuläret: Berit Köpare');
    expect(mail.Text).toContain(`E-post: ${email}`);
    expect(mail.Text).toContain('Telefon: 070-123 45 67');
    expect(mail.Text).toContain('Språk: engelska');
    expect(mail.Text).toContain('Vi söker en TypeScript-utvecklare.');
    expect(mail.Text).toContain('Start i mars, distans går bra.');
    expect(mail.Text).toContain('Kompetenser: TypeScript');
    expect(mail.Text).toContain('Orter: Göteborg');
    expect(mail.Text).toContain('Uppdragsstart: 2031-03-01');
    expect(mail.HTML).toContain('Berit Köpare');
  });

  it('links a logged-in sender and the consultant the inquiry is about', async () => {
    const user = await createUser(app.db, app.config, { locale: 'sv' });
    const token = await createSessionToken(app, user.id);
    const [consultant] = await createConsultants(app.db, [
      buildProfileInput({ firstName: 'Ingrid', lastName: 'Ek' }),
    ]);
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const response = await send(
      {
        id: consultant!.userId,
        name: 'Sven',
        email,
        details: 'Kan hen börja nästa vecka?',
        terms: true,
        phone: '',
      },
      { token, language: 'sv' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tack! Vi återkommer till dig inom 2 arbetsdagar');
    const [stored] = await findInquiry(email);
    expect(stored).toMatchObject({
      user_id: user.id,
      consultant_user_id: consultant!.userId,
      phone: null,
      locale: 'sv',
      criteria: null,
    });

    const mail = await operatorMail(stored!.id);
    // The operators are told who the consultant is and where to find them, to pass the inquiry on.
    expect(mail.Subject).toBe('Ny förfrågan om en konsult: Sven');
    expect(mail.Text).toContain(
      'En ny förfrågan om en konsult har kommit in via kontaktformuläret på konsultens profil.',
    );
    expect(mail.Text).toContain('Konsult: Ingrid Ek');
    expect(mail.Text).toContain(`Profil: http://`);
    expect(mail.Text).toContain(`/sv/profile/${consultant!.userId}`);
    expect(mail.Text).toContain(`Konto i administrationen: http://`);
    expect(mail.Text).toContain(`/sv/god/users/${consultant!.userId}`);
    expect(mail.Text).toContain(`Inloggad användare: ${user.id}`);
    expect(mail.Text).toContain(`Gäller: ${consultant!.userId}`);
    expect(mail.Text).toContain('Telefon: (ingen)');
  });

  it('sends a logged-in sender a receipt in their language, quoting what they wrote and saying what happens next', async () => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const buyer = await createUser(app.db, app.config, { email });
    const response = await send(
      {
        name: 'Berit Köpare',
        // Their own address, as typed: the account's comparison ignores case.
        email: email.toUpperCase(),
        details: 'Vi söker en TypeScript-utvecklare.\nStart i mars, distans går bra.',
        terms: true,
      },
      { token: await createSessionToken(app, buyer.id) },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [receipt] = await waitForMails(email, 1);
    expect(receipt!.Subject).toBe('Thank you for your inquiry to Konsultmarknaden');
    expect(receipt!.Text).toContain(
      'Hello Berit Köpare,\n\nWe have received your inquiry. We will get back to you within 2 working days.\n\n' +
        'You wrote: “Vi söker en TypeScript-utvecklare. Start i mars, distans går bra.”\n\n' +
        'Anything to add? Reply to this e-mail.',
    );
    expect(receipt!.HTML).toContain('Berit Köpare');
    // Through the outbox, like the operators' mail; a reply reaches the operators.
    expect(await waitForTriedMails(app, [email], 1)).toEqual([
      expect.objectContaining({
        template: 'inquiryConfirmation',
        locale: 'en',
        reply_to: operatorEmail,
        status: 'sent',
      }),
    ]);
    expect(await findMails(email)).toHaveLength(1);
  });

  it("sends a receipt in Swedish for an inquiry from a consultant's profile, without naming the consultant", async () => {
    const [consultant] = await createConsultants(app.db, [
      buildProfileInput({ firstName: 'Ingrid', lastName: 'Ek' }),
    ]);
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const buyer = await createUser(app.db, app.config, { email, locale: 'sv' });
    const details = `Kan hen börja nästa vecka? ${'Vi behöver hjälp med integrationer. '.repeat(20)}`;
    const response = await send(
      { id: consultant!.userId, name: 'Sven', email, details, terms: true },
      { language: 'sv', token: await createSessionToken(app, buyer.id) },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [receipt] = await waitForMails(email, 1);
    expect(receipt!.Subject).toBe('Tack för din förfrågan till Konsultmarknaden');
    expect(receipt!.Text).toContain(
      'Hej Sven!\n\nVi har tagit emot din förfrågan om konsulten. Vi förmedlar kontakten och återkommer till dig inom 2 arbetsdagar.',
    );
    // What they wrote, in short: its start, cut at a word.
    const quoted = receipt!.Text.match(/Du skrev: ”(.*)”/)?.[1];
    expect(quoted).toMatch(/^Kan hen börja nästa vecka\? Vi behöver hjälp med integrationer\. .* …$/);
    expect(quoted!.length).toBeLessThan(320);
    expect(receipt!.Text).toContain(`Visa konsultens profil: http://`);
    expect(receipt!.Text).toContain(`/sv/profile/${consultant!.userId}`);
    expect(receipt!.Text).not.toContain('Ingrid');
    expect(await waitForTriedMails(app, [email], 1)).toEqual([
      expect.objectContaining({ template: 'inquiryConfirmation', locale: 'sv', status: 'sent' }),
    ]);
  });

  it('sends no receipt to an address that is not the logged-in sender’s own: a visitor, or another address typed', async () => {
    const visitorEmail = `visitor-${randomUUID().slice(0, 8)}@example.se`;
    const visitor = await send({ name: 'Vera Besökare', email: visitorEmail, details: 'Hej!', terms: true });
    expect(visitor.statusCode, visitor.body).toBe(200);
    const typedEmail = `someone-else-${randomUUID().slice(0, 8)}@example.se`;
    const buyer = await createUser(app.db, app.config);
    const typed = await send(
      { name: 'Bo Köpare', email: typedEmail, details: 'Hej igen!', terms: true },
      { token: await createSessionToken(app, buyer.id) },
    );
    expect(typed.statusCode, typed.body).toBe(200);
    // Both inquiries reach the operators; neither typed address gets anything from us.
    const [visitorInquiry] = await findInquiry(visitorEmail);
    const [typedInquiry] = await findInquiry(typedEmail);
    await operatorMail(visitorInquiry!.id);
    await operatorMail(typedInquiry!.id);
    expect(await outboxRowsTo(app, [visitorEmail, typedEmail])).toEqual([]);
    expect(await findMails(visitorEmail)).toEqual([]);
    expect(await findMails(typedEmail)).toEqual([]);
  });

  it('refuses an id that names no consultant, or a hidden or removed one: 404, nothing stored or mailed', async () => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const stranger = await createUser(app.db, app.config);
    const [hidden, removed] = await createConsultants(app.db, [
      buildProfileInput({ isSearchable: false }),
      buildProfileInput(),
    ]);
    await app.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', removed!.userId)
      .execute();
    for (const [id, language, message] of [
      ['nonexistent', 'en', 'Profile not available'],
      [randomUUID(), 'sv', 'Profilen är inte tillgänglig'],
      [stranger.id, 'en', 'Profile not available'],
      [hidden!.userId, 'en', 'Profile not available'],
      [removed!.userId, 'en', 'Profile not available'],
    ] as const) {
      const response = await send({ id, name: 'Tove', email, details: 'Hej', terms: true }, { language });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual({ code: 'PROFILE_NOT_AVAILABLE', errorMessage: message });
    }
    expect(await findInquiry(email)).toHaveLength(0);
    expect((await findMails(operatorEmail)).filter((m) => m.Text.includes(email))).toHaveLength(0);
    expect(await outboxRowsTo(app, [email])).toEqual([]);
  });

  it('treats an empty id as the general contact form', async () => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const response = await send({ id: '', name: 'Tove', email, details: 'Hej', terms: true });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await findInquiry(email);
    expect(stored!.consultant_user_id).toBeNull();
  });

  it('with a hung mail server answers at once and keeps the mail in the outbox until a later sweep sends it', async () => {
    // Operators of their own, so the other tests' mails never count.
    const operators = `operators-${randomUUID().slice(0, 8)}@example.se`;
    const hung = await buildTestAppWithHungMail({ OPERATOR_EMAIL: operators });
    try {
      const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
      const started = performance.now();
      const response = await hung.app.inject({
        method: 'POST',
        url: '/api/search/inquiry',
        payload: { name: 'Olle', email, details: 'Hej', terms: true },
      });
      // The mailer waits 10 s for a greeting: the answer did not.
      expect(performance.now() - started).toBeLessThan(3000);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Tack! Vi återkommer till dig inom 2 arbetsdagar');
      const [stored] = await findInquiry(email);
      expect(stored).toMatchObject({ name: 'Olle', mailed_at: null });
      const [tried] = await hung.dropMails([operators], 1);
      expect(tried).toMatchObject({
        template: 'inquiryReceived',
        status: 'pending',
        attempts: 1,
        reply_to: email,
        params: expect.objectContaining({ inquiryId: stored!.id }),
      });

      await sweepMailsAt(app, new Date(Date.now() + 2 * 60_000));
      const [mail] = await waitForMails(operators, 1);
      expect(mail!.Subject).toBe('Ny förfrågan från kontaktformuläret: Olle');
      expect(mail!.Text).toContain(stored!.id);
      expect((await findInquiry(email))[0]!.mailed_at).toBeInstanceOf(Date);
      expect(await outboxRowsTo(app, [operators])).toEqual([
        expect.objectContaining({ status: 'sent', attempts: 2 }),
      ]);
      expect(await findMails(operators)).toHaveLength(1);
    } finally {
      await hung.close();
    }
  });

  it.each([
    ['en', { name: '' }, 'Field is required'],
    ['sv', { name: '   ' }, 'Får inte bara innehålla mellanslag'],
    ['en', { email: undefined }, 'Enter an email'],
    ['en', { email: 'no-at-sign' }, 'Invalid e-mail'],
    ['sv', { email: 'no-at-sign' }, 'Ogiltig e-postadress'],
    ['en', { details: undefined }, 'Field is required'],
    ['en', { phone: '12' }, 'Enter at least five digits, or leave it empty'],
    ['sv', { phone: '12' }, 'Ange minst fem siffror, eller lämna fältet tomt'],
    ['en', { terms: false }, 'You must agree to continue'],
    ['sv', { terms: undefined }, 'Du måste godkänna för att fortsätta'],
  ])('refuses an invalid form (%s, %o) and stores nothing', async (language, change, message) => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.se`;
    const response = await send(
      { name: 'Berit', email, details: 'Hjälp', terms: true, ...change },
      { language },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorMessage: message,
      data: { issues: [{ field: Object.keys(change)[0], message }] },
    });
    expect(await findInquiry(email)).toEqual([]);
  });
});

describe('inquiry hardening (issue 13)', () => {
  it('limits the name and the details, and says the limit at the field in the request language', async () => {
    const base = { email: 'buyer@example.se', terms: true };
    for (const [field, change, max] of [
      ['name', { name: 'x'.repeat(201), details: 'Hej' }, 200],
      ['details', { name: 'Berit', details: 'x'.repeat(5001) }, 5000],
    ] as const) {
      const english = await send({ ...base, ...change }, { language: 'en' });
      expect(english.statusCode).toBe(400);
      const message = `Cannot be longer than ${max} characters`;
      expect(english.json()).toEqual({
        code: 'VALIDATION_FAILED',
        errorMessage: message,
        data: { issues: [{ field, code: 'validation.maxLength', message }] },
      });
      const swedish = await send({ ...base, ...change }, { language: 'sv' });
      expect(swedish.json().data.issues).toEqual([
        { field, code: 'validation.maxLength', message: `Får inte vara längre än ${max} tecken` },
      ]);
    }
  });

  it('keeps line breaks in a name out of the mail headers', async () => {
    const injected = `bcc-${randomUUID().slice(0, 8)}@example.se`;
    const response = await send({
      name: `Berit\r\nBcc: ${injected}`,
      email: `buyer-${randomUUID().slice(0, 8)}@example.se`,
      details: 'Hej',
      terms: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    await eventually(async () => (await findMails(operatorEmail)).some((m) => m.Subject.includes(injected)), {
      what: 'the operators’ mail',
    });
    const mail = (await findMails(operatorEmail)).find((m) => m.Subject.includes(injected));
    expect(mail?.Subject).toMatch(/^Ny förfrågan från kontaktformuläret: Berit Bcc: /);
    expect(await findMails(injected)).toHaveLength(0);
  });
});
