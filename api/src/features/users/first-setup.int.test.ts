import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthTestApp, collectUntilDone, useAuthTestApp } from '@mp/test-support/auth-test-app';
import {
  createEmail,
  createPersonalNumber,
  createSessionToken,
  createTestIp,
  createUser,
} from '@mp/test-support/factories';
import { createCaller } from '@mp/test-support/inject';
import { extractLink, findMails, waitForMail, waitForMails } from '@mp/test-support/mail-sink';
import { startSmtpStub, type SmtpStub } from '@mp/test-support/smtp-stub';

// Issue 12: a new BankID user's first setup posts names and e-mail to POST /api/user. The e-mail used to be
// dropped silently (the body schema had no such field), so no link was mailed and the user was stuck in setup.

const api = useAuthTestApp();
const { call } = api;

/** PUT /auth, then POST /auth until it answers with the token: the reproduction's first two steps. */
async function logInWithBankId(personalNumber: string): Promise<string> {
  const ip = createTestIp();
  const started = await api.app.inject({
    method: 'PUT',
    url: '/auth',
    payload: { nationalIdentityNumber: personalNumber },
    remoteAddress: ip,
  });
  expect(started.statusCode).toBe(200);
  const { response } = await collectUntilDone(api.app, {
    method: 'POST',
    url: '/auth',
    // The collect is bound to the browser that started the order (PUT /auth answers its secret).
    payload: { orderRef: started.json().orderRef, collectSecret: started.json().collectSecret },
    remoteAddress: ip,
  });
  expect(response.json().status).toBe('complete');
  return response.json().authorization as string;
}

/** The user's own e-mail audit entries, oldest first. */
async function auditActions(userId: string): Promise<string[]> {
  const rows = await api.app.db
    .selectFrom('audit_log')
    .select('action')
    .where('actor_user_id', '=', userId)
    .where('action', 'like', 'user.email%')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

const openLink = (token: string) =>
  api.app.inject({ method: 'GET', url: `/api/verify/email?token=${encodeURIComponent(token)}` });

describe('first setup of a new BankID user (issue 12)', () => {
  it('mails a verification link to the address given, and opening it verifies the account', async () => {
    const token = await logInWithBankId(createPersonalNumber());
    const email = createEmail('new');

    const saved = await call('POST', '/api/user', token, {
      firstName: 'Test',
      lastName: 'Person',
      email,
      phone: '070-123 45 67',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Test',
      lastName: 'Person',
      phone: '070-123 45 67',
      email: null,
      pendingEmail: email,
      verified: false,
    });

    const mail = await waitForMail(email);
    const { url, token: linkToken } = extractLink(mail, '/verify/email');
    expect(new URL(url).pathname).toBe('/sv/verify/email');
    expect(mail.Text).toContain('Test');

    expect((await openLink(linkToken)).json()).toMatchObject({ email, verified: true });
    expect((await call('GET', '/api/user', token)).json()).toMatchObject({
      email,
      pendingEmail: null,
      verified: true,
      firstName: 'Test',
    });
    // The link works once; opened again it says the address is already confirmed.
    expect((await openLink(linkToken)).json().code).toBe('ALREADY_VERIFIED');
    // The audit log tells a first address being confirmed, not an e-mail change.
    const userId = (await call('GET', '/api/user', token)).json().id as string;
    expect(await auditActions(userId)).toEqual(['user.email_verification_requested', 'user.email_verified']);
  });

  it('sends a new link to the address given when the user asks for one (the first mail was lost)', async () => {
    const token = await logInWithBankId(createPersonalNumber());
    const email = createEmail('lost');
    const saved = await call('POST', '/api/user', token, { firstName: 'Lena', lastName: 'Lost', email });
    expect(saved.json()).toMatchObject({ email: null, pendingEmail: email, verified: false });
    const first = extractLink(await waitForMail(email), '/verify/email');

    const resent = await call('POST', '/api/verify/email/resend', token, { redirect: '/join/abc' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ sent: true });
    const mails = await waitForMails(email, 2);
    const second = mails
      .map((mail) => extractLink(mail, '/verify/email'))
      .find((l) => l.token !== first.token)!;
    expect(new URL(second.url).searchParams.get('redirect')).toBe('/join/abc');
    expect((await call('GET', '/api/user', token)).json()).toMatchObject({ pendingEmail: email });

    // The new link replaces the first one, and confirms the address given.
    expect((await openLink(first.token)).json().code).toBe('INVALID_TOKEN');
    expect((await openLink(second.token)).json()).toMatchObject({ email, verified: true });
    expect((await call('GET', '/api/user', token)).json()).toMatchObject({
      email,
      pendingEmail: null,
      verified: true,
    });
  });

  it('refuses an address another account has, saying it is in use, and saves nothing', async () => {
    const token = await logInWithBankId(createPersonalNumber());
    const other = await createUser(api.app.db, api.app.config);
    const response = await call('POST', '/api/user', token, {
      firstName: 'Greta',
      lastName: 'Garbo',
      email: other.email!.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_IN_USE',
      errorMessage: 'This e-mail address is already used by another account. Choose another address.',
    });
    expect((await call('GET', '/api/user', token)).json().firstName).not.toBe('Greta');
    expect(await findMails(other.email!)).toHaveLength(0);
  });

  it('records the terms ticked at setup, so no updated-terms dialog follows', async () => {
    const token = await logInWithBankId(createPersonalNumber());
    // A newly published version of the terms: a new user has not accepted it yet.
    const { rows } = await sql<{ id: string }>`
      INSERT INTO terms_versions (kind, version, published_at, effective_at, body_sv, body_en)
      SELECT 'users', COALESCE(MAX(version), 0) + 1, now(), now(), 'Villkor', 'Terms' FROM terms_versions
      WHERE kind = 'users' RETURNING id`.execute(api.app.db);
    const versionId = rows[0]!.id;
    try {
      expect((await call('GET', '/api/user', token)).json().terms.accepted).toBe(false);
      const saved = await call('POST', '/api/user', token, {
        firstName: 'Tove',
        lastName: 'Jansson',
        email: createEmail('terms'),
        acceptTerms: true,
      });
      expect(saved.json().terms.accepted).toBe(true);
      // Ticking again is not an error.
      expect((await call('POST', '/api/user', token, { acceptTerms: true })).statusCode).toBe(200);
    } finally {
      // Other tests share the database: the new version must not follow them.
      await api.app.db.deleteFrom('terms_acceptances').where('terms_version_id', '=', versionId).execute();
      await api.app.db.deleteFrom('terms_versions').where('id', '=', versionId).execute();
    }
  });
});

/** Moves the confirmation of the user's sessions (a login counts as one) an hour back: a slow first setup. */
async function ageSessions(userId: string): Promise<void> {
  await api.app.db
    .updateTable('sessions')
    .set({ confirmed_at: new Date(Date.now() - 60 * 60 * 1000) })
    .where('user_id', '=', userId)
    .execute();
}

describe('first setup after the five minutes a login counts as a confirmation', () => {
  it("saves a BankID user's first address without a new confirmation: nothing confirmed is replaced", async () => {
    const token = await logInWithBankId(createPersonalNumber());
    const { id } = (await call('GET', '/api/user', token)).json();
    await ageSessions(id);
    const email = createEmail('slow');
    const saved = await call('POST', '/api/user', token, {
      firstName: 'Sakta',
      lastName: 'Setup',
      email,
      acceptTerms: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Sakta',
      email: null,
      pendingEmail: email,
      verified: false,
    });
    const { token: linkToken } = extractLink(await waitForMail(email), '/verify/email');
    expect((await openLink(linkToken)).json()).toMatchObject({ email, verified: true });
  });

  it('lets a password account change its own unconfirmed address at setup, the link going to the new one', async () => {
    const user = await createUser(api.app.db, api.app.config, { verified: false });
    const token = await createSessionToken(api.app, user.id);
    await ageSessions(user.id);
    const email = createEmail('retyped');
    const saved = await call('POST', '/api/user', token, { firstName: 'Selma', email });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ email: user.email, pendingEmail: email, verified: false });
    extractLink(await waitForMail(email), '/verify/email');
    // A new link goes to the address waiting for confirmation, the one the confirmation page names.
    expect((await call('POST', '/api/verify/email/resend', token)).statusCode).toBe(200);
    extractLink((await waitForMails(email, 2))[0]!, '/verify/email');
    expect(await findMails(user.email!)).toHaveLength(0);
  });

  it('still sends the link for a verified address to that address, not the new one', async () => {
    const user = await createUser(api.app.db, api.app.config);
    const token = await createSessionToken(api.app, user.id);
    await ageSessions(user.id);
    const newEmail = createEmail('stolen');
    const saved = await call('POST', '/api/user', token, { email: newEmail });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ email: user.email, pendingEmail: newEmail, verified: true });
    extractLink((await waitForMails(user.email!, 1))[0]!, '/account/email/change');
    expect(await findMails(newEmail)).toHaveLength(0);
  });
});

describe('e-mail in POST /api/user for other accounts', () => {
  it("sends a password account's own unconfirmed address a new link", async () => {
    const user = await createUser(api.app.db, api.app.config, { verified: false });
    const token = await createSessionToken(api.app, user.id);
    const saved = await call('POST', '/api/user', token, { firstName: 'Selma', email: user.email });
    expect(saved.json()).toMatchObject({ email: user.email, pendingEmail: null, verified: false });
    const { token: linkToken } = extractLink(await waitForMail(user.email!), '/verify/email');
    await openLink(linkToken);
    expect((await call('GET', '/api/user', token)).json().verified).toBe(true);
  });

  it('leaves a verified account alone for its own address, and confirms a new one at the old address', async () => {
    const user = await createUser(api.app.db, api.app.config);
    const token = await createSessionToken(api.app, user.id);
    expect((await call('POST', '/api/user', token, { email: user.email })).statusCode).toBe(200);
    const newEmail = createEmail('moved');
    const saved = await call('POST', '/api/user', token, { email: newEmail });
    expect(saved.json()).toMatchObject({ email: user.email, pendingEmail: newEmail });
    const mails = await waitForMails(user.email!, 1);
    expect(mails).toHaveLength(1);
    extractLink(mails[0]!, '/account/email/change');
    expect(await findMails(newEmail)).toHaveLength(0);
  });
});

describe('account request bodies are strict', () => {
  it('answers an unknown key with 400 in the one error shape, naming the field, in both languages', async () => {
    const user = await createUser(api.app.db, api.app.config);
    const token = await createSessionToken(api.app, user.id);
    const english = await call('POST', '/api/user', token, { firstName: 'Ada', emailAddress: 'a@b.se' });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorMessage: 'Unknown field: emailAddress',
      data: { issues: [{ field: 'emailAddress', code: 'validation.unknownField' }] },
    });
    const swedish = await call(
      'POST',
      '/api/user',
      token,
      { settings: { notifications: { marketing: true, sms: true } } },
      'sv',
    );
    expect(swedish.json().errorMessage).toBe('Okänt fält: settings.notifications.sms');
    // Nothing of a refused body is saved.
    expect((await call('GET', '/api/user', token)).json().firstName).not.toBe('Ada');

    for (const [url, payload] of [
      ['/api/user/settings/email', { email: createEmail('x'), confirm: true }],
      ['/api/user/password', { newPassword: 'correct horse', repeat: 'correct horse' }],
      ['/api/user/delete', { confirmation: 'delete', password: 'whatever1', reason: 'bye' }],
    ] as const) {
      const response = await call('POST', url, token, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe('VALIDATION_FAILED');
    }
    for (const [url, payload] of [
      [
        '/api/auth/register',
        {
          email: createEmail('r'),
          password: 'långtlösen1',
          firstName: 'Tove',
          lastName: 'Ek',
          acceptTerms: true,
          terms: true,
        },
      ],
      ['/api/auth/login', { email: createEmail('l'), password: 'x', remember: true }],
      ['/api/auth/password/forgot', { email: createEmail('f'), lang: 'sv' }],
    ] as const) {
      const response = await call('POST', url, null, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errorMessage, url).toMatch(/^Unknown field: /);
    }
  });
});

/** A newly published version of the terms of use, removed with its acceptances when `work` is done. */
async function withNewTermsVersion(work: (versionId: string) => Promise<void>): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO terms_versions (kind, version, published_at, effective_at, body_sv, body_en)
    SELECT 'users', COALESCE(MAX(version), 0) + 1, now(), now(), 'Villkor', 'Terms' FROM terms_versions
    WHERE kind = 'users' RETURNING id`.execute(api.app.db);
  const versionId = rows[0]!.id;
  try {
    await work(versionId);
  } finally {
    // Other tests share the database: the new version must not follow them.
    await api.app.db.deleteFrom('terms_acceptances').where('terms_version_id', '=', versionId).execute();
    await api.app.db.deleteFrom('terms_versions').where('id', '=', versionId).execute();
  }
}

const setupBody = (email: string) =>
  ({ firstName: 'Greta', lastName: 'Garbo', email, acceptTerms: true }) as const;

/** Runs a refused request and checks it left the account as it was: names, pending address, terms. */
async function expectNothingSaved(token: string, refuse: () => Promise<void>) {
  const before = (await call('GET', '/api/user', token)).json();
  expect(before).toMatchObject({ pendingEmail: null, verified: false, terms: { accepted: false } });
  await refuse();
  expect((await call('GET', '/api/user', token)).json()).toEqual(before);
}

// QA: a 262-character address at first setup answered 500 (the mail server refused the recipient) after the
// names, the terms and the pending address were saved, so the page then claimed a link had been sent to it.
describe('first setup with an address no mail can reach', () => {
  it("refuses an address longer than RFC 5321 allows with 'Invalid e-mail', saving nothing", async () => {
    const token = await logInWithBankId(createPersonalNumber());
    await withNewTermsVersion(() =>
      expectNothingSaved(token, async () => {
        const email = `${'a'.repeat(250)}@example.com`;
        const response = await call('POST', '/api/user', token, setupBody(email));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessage: 'Invalid e-mail' });
        const local = `${'b'.repeat(65)}@example.se`;
        const swedish = await call('POST', '/api/user', token, setupBody(local), 'sv');
        expect(swedish.json().errorMessage).toBe('Ogiltig e-postadress');
      }),
    );
  });

  describe('when the mail server refuses the recipient or fails', () => {
    let stub: SmtpStub;
    let app: FastifyInstance;
    const stubCall = (...args: Parameters<ReturnType<typeof createCaller>>) => createCaller(app)(...args);
    let temporaryStub: SmtpStub;
    let temporaryApp: FastifyInstance;

    beforeAll(async () => {
      stub = await startSmtpStub('501 5.1.3 Bad recipient address syntax');
      app = await buildAuthTestApp(null, { SMTP_URL: stub.url });
      temporaryStub = await startSmtpStub('451 4.3.0 Mailbox temporarily unavailable');
      temporaryApp = await buildAuthTestApp(null, { SMTP_URL: temporaryStub.url });
    });
    afterAll(async () => {
      await app?.close();
      await temporaryApp?.close();
      await stub?.close();
      await temporaryStub?.close();
    });

    /** A BankID user at first setup (no address yet, not verified) with a fresh session. */
    async function newBankIdUser() {
      const user = await createUser(api.app.db, api.app.config, {
        email: null,
        password: null,
        personalNumber: createPersonalNumber(),
        verified: false,
      });
      return createSessionToken(api.app, user.id);
    }

    it("answers a refused recipient with 400 'Invalid e-mail' in both languages, saving nothing", async () => {
      const token = await newBankIdUser();
      await withNewTermsVersion(() =>
        expectNothingSaved(token, async () => {
          const response = await stubCall('POST', '/api/user', token, setupBody(createEmail('refused')));
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', errorMessage: 'Invalid e-mail' });
          const swedish = await stubCall('POST', '/api/user', token, setupBody(createEmail('refused')), 'sv');
          expect(swedish.json().errorMessage).toBe('Ogiltig e-postadress');
        }),
      );
    });

    it('answers a mail server that fails otherwise with 502 MAIL_FAILED and a message, saving nothing', async () => {
      const token = await newBankIdUser();
      await withNewTermsVersion(() =>
        expectNothingSaved(token, async () => {
          const body = setupBody(createEmail('temporary'));
          const response = await createCaller(temporaryApp)('POST', '/api/user', token, body);
          expect(response.statusCode).toBe(502);
          expect(response.json()).toEqual({
            code: 'MAIL_FAILED',
            errorMessage:
              'We could not send the confirmation e-mail, so nothing was saved. Please try again later',
          });
          const swedish = await createCaller(temporaryApp)('POST', '/api/user', token, body, 'sv');
          expect(swedish.json().errorMessage).toBe(
            'Vi kunde inte skicka bekräftelsemejlet, så inget sparades. Försök igen senare',
          );
        }),
      );
    });

    it('keeps the link already sent to an earlier address when a new one is refused', async () => {
      const token = await newBankIdUser();
      const first = createEmail('first');
      expect((await call('POST', '/api/user', token, setupBody(first))).statusCode).toBe(200);
      const refused = await stubCall('POST', '/api/user', token, { email: createEmail('second') });
      expect(refused.statusCode).toBe(400);
      expect((await call('GET', '/api/user', token)).json().pendingEmail).toBe(first);
      const { token: linkToken } = extractLink(await waitForMail(first), '/verify/email');
      expect((await openLink(linkToken)).json()).toMatchObject({ email: first, verified: true });
    });

    it('leaves no pending change at the settings when the confirmation to the current address fails', async () => {
      const user = await createUser(api.app.db, api.app.config);
      const token = await createSessionToken(api.app, user.id);
      const moved = createEmail('moved');
      const response = await stubCall('POST', '/api/user/settings/email', token, { email: moved });
      // The refused address is the account's own, not the one typed: not the user's input error.
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('MAIL_FAILED');
      const after = (await call('GET', '/api/user', token)).json();
      expect(after).toMatchObject({ email: user.email, pendingEmail: null });
    });
  });
});
