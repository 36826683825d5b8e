import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectUntilDone, useAuthTestApp } from '@mp/test-support/auth-test-app';
import {
  createEmail,
  createPersonalNumber,
  createSessionToken,
  createTestIp,
  createUser,
} from '@mp/test-support/factories';
import { extractLink, findMails, waitForMail, waitForMails } from '@mp/test-support/mail-sink';

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
    // The link works once.
    expect((await openLink(linkToken)).json().code).toBe('INVALID_TOKEN');
  });

  it("refuses an address another account has with the spec's message, and saves nothing", async () => {
    const token = await logInWithBankId(createPersonalNumber());
    const other = await createUser(api.app.db, api.app.config);
    const response = await call('POST', '/api/user', token, {
      firstName: 'Greta',
      lastName: 'Garbo',
      email: other.email!.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_CHANGE_FAILED',
      errorMessage: 'Unable to change e-mail, please try again later.',
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
      errorMessage: 'emailAddress: Unknown field',
      data: { issues: [{ field: 'emailAddress', code: 'validation.unknownField' }] },
    });
    const swedish = await call(
      'POST',
      '/api/user',
      token,
      { settings: { notifications: { marketing: true, sms: true } } },
      'sv',
    );
    expect(swedish.json().errorMessage).toBe('settings.notifications.sms: Okänt fält');
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
      ['/api/auth/register', { email: createEmail('r'), password: 'långtlösen1', terms: true }],
      ['/api/auth/login', { email: createEmail('l'), password: 'x', remember: true }],
      ['/api/auth/password/forgot', { email: createEmail('f'), lang: 'sv' }],
    ] as const) {
      const response = await call('POST', url, null, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errorMessage, url).toMatch(/: Unknown field$/);
    }
  });
});
