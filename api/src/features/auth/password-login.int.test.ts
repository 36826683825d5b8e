import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthTestApp } from '@mp/test-support/auth-test-app';
import {
  createEmail,
  createPersonalNumber,
  createSessionToken,
  createTestIp,
  createUser,
} from '@mp/test-support/factories';
import {
  extractLink,
  findMails,
  waitForMail,
  waitForMailAbout,
  waitForMails,
} from '@mp/test-support/mail-sink';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildAuthTestApp(null);
});
afterAll(async () => app?.close());

const post = (url: string, payload: unknown, ip = createTestIp(), language = 'en', authorization?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: ip,
    headers: { 'accept-language': language, ...(authorization ? { authorization } : {}) },
  });

/** The sign-up form's name fields, which the API requires. */
const NAMES = { firstName: 'Tove', lastName: 'Ek' };

const login = (email: string, password: string, ip = createTestIp()) =>
  post('/api/auth/login', { email, password }, ip);

describe('registration with e-mail and password', () => {
  it('registers, mails a verification link, and the link verifies the account once', async () => {
    const email = createEmail('register');
    const registered = await post(
      '/api/auth/register',
      { email, password: 'hemligt-123', firstName: 'Åsa', lastName: 'Lund', acceptTerms: true },
      undefined,
      'sv',
    );
    expect(registered.statusCode).toBe(202);
    expect(registered.json()).toEqual({ status: 'verificationSent' });

    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Bekräfta din e-postadress hos Konsultmarknaden');
    expect(mail.Text).toContain('Hej Åsa!');
    expect(mail.HTML).toContain('Bekräfta e-postadressen');
    // Seven days, said as days (it used to say "168 timmar").
    expect(mail.Text).toContain('Länken gäller i 7 dagar och kan bara användas en gång.');
    expect(mail.Text).not.toContain('168');
    const { url, token } = extractLink(mail, '/verify/email');
    expect(new URL(url).pathname).toBe('/sv/verify/email');

    const before = await login(email, 'hemligt-123');
    expect(before.statusCode).toBe(200);
    expect(before.json().user).toMatchObject({ email, verified: false, hasPassword: true, locale: 'sv' });

    const verified = await app.inject({ method: 'GET', url: `/api/verify/email?token=${token}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ purpose: 'verify', email, verified: true });
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: before.json().authorization },
    });
    expect(me.json().verified).toBe(true);

    const reused = await app.inject({
      method: 'GET',
      url: `/api/verify/email?token=${token}`,
      headers: { 'accept-language': 'en' },
    });
    // Opened again: the account is confirmed, and the page can say so.
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: 'ALREADY_VERIFIED',
      errorMessage: 'Your e-mail address is already confirmed',
    });
  });

  it('answers the same for a taken address and mails its owner instead', async () => {
    const owner = await createUser(app.db, app.config, { locale: 'en', firstName: 'Olle' });
    const response = await post('/api/auth/register', {
      email: owner.email!.toUpperCase(),
      password: 'another-pass',
      ...NAMES,
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'verificationSent' });
    const mail = await waitForMail(owner.email!);
    expect(mail.Subject).toBe('You already have an account at Konsultmarknaden');
    // The owner's password is untouched.
    expect((await login(owner.email!, owner.password!)).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'x@example.se', password: 'short' }, 'Password must be at least 8 characters long'],
    [{ email: 'x@example.se', password: 'has spaces in it' }, "Passwords can't include spaces"],
    [{ email: 'not-an-email', password: 'long-enough' }, 'Invalid e-mail'],
    [{ email: `${'a'.repeat(65)}@example.se`, password: 'long-enough' }, 'Invalid e-mail'],
    [{ email: 'x@example.se' }, 'Enter a password'],
  ])('validates %j', async (payload, message) => {
    const response = await post('/api/auth/register', { ...NAMES, ...payload, acceptTerms: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(message);
  });

  // QA5 F1: a password account was never asked for a name, and its e-mail address stood in for one in member
  // lists, mails, contracts and bills. The sign-up form asks for it now, and the API requires it.
  it.each([
    [{ lastName: 'Ek' }, 'firstName', 'Enter first name', 'Ange förnamn'],
    [{ firstName: 'Tove' }, 'lastName', 'Enter last name', 'Ange efternamn'],
    [
      { firstName: '   ', lastName: 'Ek' },
      'firstName',
      'Cannot contain only spaces',
      'Får inte bara innehålla mellanslag',
    ],
  ])('refuses a sign-up without a name (%j), creating nothing', async (names, field, en, sv) => {
    const email = createEmail('no-name');
    const payload = { email, password: 'hemligt-123', ...names, acceptTerms: true };
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessage: en });
    expect(response.json().data.issues.map((issue: { field: string }) => issue.field)).toEqual([field]);
    expect((await post('/api/auth/register', payload, undefined, 'sv')).json().errorMessage).toBe(sv);
    expect((await login(email, 'hemligt-123')).statusCode).toBe(401);
    expect(await findMails(email)).toHaveLength(0);
  });

  it('keeps the name given at sign-up, trimmed', async () => {
    const email = createEmail('named');
    const registered = await post('/api/auth/register', {
      email,
      password: 'hemligt-123',
      firstName: ' Märta ',
      lastName: 'Ödlund',
      acceptTerms: true,
    });
    expect(registered.statusCode).toBe(202);
    const loggedIn = await login(email, 'hemligt-123');
    expect(loggedIn.json().user).toMatchObject({ firstName: 'Märta', lastName: 'Ödlund' });
  });

  // QA: a password account never accepted the terms nor confirmed being 18 or older, which a BankID user
  // does at first setup. The sign-up form has the same checkbox now, and the API requires it.
  it.each([[{}], [{ acceptTerms: false }], [{ acceptTerms: 'true' }]])(
    "refuses a sign-up without the consent box ticked (%j) with 'You must agree to continue', creating nothing",
    async (consent) => {
      const email = createEmail('no-consent');
      const response = await post('/api/auth/register', {
        email,
        password: 'hemligt-123',
        ...NAMES,
        ...consent,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errorMessage: 'You must agree to continue',
        data: { issues: [{ field: 'acceptTerms', code: 'validation.consentRequired' }] },
      });
      const swedish = await post(
        '/api/auth/register',
        { email, password: 'hemligt-123', ...NAMES },
        undefined,
        'sv',
      );
      expect(swedish.json().errorMessage).toBe('Du måste godkänna för att fortsätta');
      expect((await login(email, 'hemligt-123')).statusCode).toBe(401);
      expect(await findMails(email)).toHaveLength(0);
    },
  );

  it('records the acceptance of the current terms with the new account, as first setup does', async () => {
    // A newly published version, so "accepted" cannot come from there being no terms at all.
    const { rows } = await sql<{ id: string }>`
      INSERT INTO terms_versions (kind, version, published_at, effective_at, body_sv, body_en)
      SELECT 'users', COALESCE(MAX(version), 0) + 1, now(), now(), 'Villkor', 'Terms' FROM terms_versions
      WHERE kind = 'users' RETURNING id`.execute(app.db);
    const versionId = rows[0]!.id;
    try {
      const email = createEmail('consent');
      const registered = await post('/api/auth/register', {
        email,
        password: 'hemligt-123',
        ...NAMES,
        acceptTerms: true,
      });
      expect(registered.statusCode).toBe(202);
      const { token } = extractLink(await waitForMail(email), '/verify/email');
      await app.inject({ method: 'GET', url: `/api/verify/email?token=${token}` });

      const loggedIn = await login(email, 'hemligt-123');
      expect(loggedIn.json().user).toMatchObject({ verified: true, terms: { accepted: true } });
      const acceptance = await app.db
        .selectFrom('terms_acceptances')
        .select('terms_version_id')
        .where('user_id', '=', loggedIn.json().user.id)
        .execute();
      expect(acceptance).toEqual([{ terms_version_id: versionId }]);
    } finally {
      // Other tests share the database: the new version must not follow them.
      await app.db.deleteFrom('terms_acceptances').where('terms_version_id', '=', versionId).execute();
      await app.db.deleteFrom('terms_versions').where('id', '=', versionId).execute();
    }
  });
});

describe('password login', () => {
  it('logs in and refuses a wrong password or an unknown address alike', async () => {
    const user = await createUser(app.db, app.config);
    const ok = await login(user.email!, user.password!);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      user: { id: user.id },
      authorization: expect.any(String),
      expiresAt: expect.any(String),
    });

    const wrong = await login(user.email!, 'wrong-password');
    const unknown = await login(createEmail('nobody'), 'wrong-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        errorMessage: 'Wrong e-mail or password',
      });
    }
  });

  it('gives 403E005 after 5 failures for one address, even with the right password', async () => {
    const user = await createUser(app.db, app.config);
    for (let i = 0; i < 5; i += 1) expect((await login(user.email!, `wrong-${i}`)).statusCode).toBe(401);
    const locked = await login(user.email!, user.password!);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({
      code: '403E005',
      errorMessage: 'Too many login attempts, please wait 30 seconds.',
    });
  });
});

describe('forgotten password', () => {
  it('resets through the mailed link once, and logs out every session', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en' });
    const oldSession = (await login(user.email!, user.password!)).json().authorization as string;

    expect((await post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    const mail = await waitForMail(user.email!);
    expect(mail.Subject).toBe('Reset your password at Konsultmarknaden');
    expect(mail.Text).toContain('valid for 60 minutes');
    const { url, token } = extractLink(mail, '/auth/reset-password');
    expect(new URL(url).pathname).toBe('/en/auth/reset-password');

    const reset = await post('/api/auth/password/reset', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ passwordReset: true });

    expect((await login(user.email!, user.password!)).statusCode).toBe(401);
    expect((await login(user.email!, 'brand-new-pass')).statusCode).toBe(200);
    const old = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: oldSession } });
    expect(old.statusCode).toBe(401);

    // QA5 F21: a notice of the change goes to the account's address, in its language.
    const notice = await waitForMailAbout(user.email!, /password .*was changed/);
    expect(notice.Subject).toBe('Your password at Konsultmarknaden was changed');
    expect(notice.Text).toContain('If this was not you, reset your password at once');
    expect(notice.Text).toContain('kontakt@konsultmarknaden.se');
    const noticeLink = new URL(extractLink(notice, '/login').url);
    expect(noticeLink.pathname).toBe('/en/login');
    expect(noticeLink.searchParams.get('email')).toBe(user.email);

    const again = await post('/api/auth/password/reset', { token, password: 'yet-another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'RESET_LINK_USED',
      errorMessage:
        'This link has already been used. A password reset link works once, and a newer link replaces an older one.',
    });
  });

  it('checks a link without using it, and says at once that it was used, replaced or has expired', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en' });
    const check = (token: string, language = 'en') =>
      post('/api/auth/password/reset/check', { token }, undefined, language);
    await post('/api/auth/password/forgot', { email: user.email });
    const { token } = extractLink(await waitForMail(user.email!), '/auth/reset-password');

    // Checked twice, it still works: the check uses nothing up.
    for (let i = 0; i < 2; i += 1) {
      const live = await check(token);
      expect(live.statusCode, live.body).toBe(200);
      expect(live.json()).toEqual({ usable: true });
    }
    expect((await post('/api/auth/password/reset', { token, password: 'fresh-pass-1' })).statusCode).toBe(
      200,
    );

    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      code: 'RESET_LINK_USED',
      errorMessage:
        'This link has already been used. A password reset link works once, and a newer link replaces an older one.',
    });
    expect((await check(token, 'sv')).json().errorMessage).toBe(
      'Länken har redan använts. En länk för att återställa lösenordet fungerar en gång, och en nyare länk ersätter en äldre.',
    );

    // A newer link replaces the one before it (the mail throttle's minute has passed).
    await app.db
      .updateTable('email_tokens')
      .set({ created_at: sql<Date>`now() - interval '2 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    // The reset above also mailed a notice that the password was changed: `count` reset links, and that notice.
    const mailedTokens = async (count: number) =>
      (await waitForMails(user.email!, count + 1))
        .filter((mail) => mail.Subject === 'Reset your password at Konsultmarknaden')
        .map((mail) => extractLink(mail, '/auth/reset-password').token);
    await post('/api/auth/password/forgot', { email: user.email });
    const [second] = (await mailedTokens(2)).filter((t) => t !== token);
    await app.db
      .updateTable('email_tokens')
      .set({ created_at: sql<Date>`now() - interval '2 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    await post('/api/auth/password/forgot', { email: user.email });
    const [third] = (await mailedTokens(3)).filter((t) => t !== token && t !== second);
    if (!second || !third) throw new Error('expected three different reset links');
    expect((await check(second)).json().code).toBe('RESET_LINK_USED');
    expect((await check(third)).statusCode).toBe(200);

    // An hour later the newest link has expired.
    await app.db
      .updateTable('email_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    const expired = await check(third);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'RESET_LINK_EXPIRED',
      errorMessage: 'This link has expired. A password reset link works for 60 minutes.',
    });
    const late = await post('/api/auth/password/reset', { token: third, password: 'too-late-pass' });
    expect(late.json().code).toBe('RESET_LINK_EXPIRED');
    expect((await login(user.email!, 'fresh-pass-1')).statusCode).toBe(200);
  });

  it('answers a made-up token, and a link of a deleted account, as not a link of ours', async () => {
    const made = await post('/api/auth/password/reset/check', { token: 'made-up' });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual({ code: 'INVALID_TOKEN', errorMessage: 'Missing or invalid token.' });

    const user = await createUser(app.db, app.config, { locale: 'en' });
    await post('/api/auth/password/forgot', { email: user.email });
    const { token } = extractLink(await waitForMail(user.email!), '/auth/reset-password');
    await app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', user.id).execute();
    const gone = await post('/api/auth/password/reset/check', { token });
    expect(gone.json().code).toBe('INVALID_TOKEN');

    const strict = await post('/api/auth/password/reset/check', { token, password: 'nope-nope-1' });
    expect(strict.statusCode).toBe(400);
    expect(strict.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = createEmail('unknown');
    const response = await post('/api/auth/password/forgot', { email });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'resetLinkSent' });
    // A reset mail is sent before the answer, and the sink stores a mail before it acknowledges it: what is
    // not in the sink now was never sent.
    expect(await findMails(email)).toHaveLength(0);
  });

  it('sends at most one reset mail a minute', async () => {
    const user = await createUser(app.db, app.config);
    await post('/api/auth/password/forgot', { email: user.email });
    await post('/api/auth/password/forgot', { email: user.email });
    // Both answers came after their mail, if any, was stored in the sink (see above).
    expect(await findMails(user.email!)).toHaveLength(1);
  });

  it('refuses a made-up token', async () => {
    const response = await post('/api/auth/password/reset', { token: 'made-up', password: 'whatever-123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });
});

describe('change password', () => {
  it('needs the current password, then logs out the other sessions but keeps this one', async () => {
    const user = await createUser(app.db, app.config);
    const current = (await login(user.email!, user.password!)).json().authorization as string;
    const other = (await login(user.email!, user.password!)).json().authorization as string;

    const wrong = await post(
      '/api/user/password',
      { currentPassword: 'nope-nope', newPassword: 'changed-pass-1' },
      undefined,
      'en',
      current,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'WRONG_PASSWORD', errorMessage: 'The password is not correct' });

    const tooShort = await post(
      '/api/user/password',
      { currentPassword: user.password, newPassword: 'short' },
      undefined,
      'sv',
      current,
    );
    expect(tooShort.json().errorMessage).toBe('Lösenordet måste vara minst 8 tecken långt');

    const changed = await post(
      '/api/user/password',
      { currentPassword: user.password, newPassword: 'changed-pass-1' },
      undefined,
      'en',
      current,
    );
    expect(changed.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: current } })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: other } })).statusCode,
    ).toBe(401);
    expect((await login(user.email!, 'changed-pass-1')).statusCode).toBe(200);

    // QA5 F21: a security notice, as an e-mail change already sends; the refused attempts sent none.
    // The account is Swedish (the factory's default); the requests were in English.
    const mails = await waitForMails(user.email!, 1);
    expect(mails.map((mail) => mail.Subject)).toEqual(['Ditt lösenord hos Konsultmarknaden är ändrat']);
    expect(mails[0]!.Text).toContain('Var det inte du? Återställ lösenordet genast');
    expect(new URL(extractLink(mails[0]!, '/login').url).pathname).toBe('/sv/login');
  });

  it('mails the notice of a changed password in English to an English account', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en', firstName: 'Märta' });
    const token = (await login(user.email!, user.password!)).json().authorization as string;
    const changed = await post(
      '/api/user/password',
      { currentPassword: user.password, newPassword: 'nytt-losen-1' },
      undefined,
      'sv',
      token,
    );
    expect(changed.statusCode).toBe(200);
    const mail = await waitForMailAbout(user.email!, /password/);
    expect(mail.Subject).toBe('Your password at Konsultmarknaden was changed');
    expect(mail.Text).toContain('Hello Märta,');
    expect(mail.Text).toContain('If this was not you, reset your password at once');
    expect(mail.Text).toContain('kontakt@konsultmarknaden.se');
    expect(new URL(extractLink(mail, '/login').url).pathname).toBe('/en/login');
  });

  it('lets a BankID-only account set its first password', async () => {
    const user = await createUser(app.db, app.config, {
      password: null,
      personalNumber: createPersonalNumber(),
    });
    const token = await createSessionToken(app, user.id);
    const set = await post('/api/user/password', { newPassword: 'first-password' }, undefined, 'en', token);
    expect(set.statusCode).toBe(200);
    expect((await login(user.email!, 'first-password')).statusCode).toBe(200);

    // It changed no password: the notice says one was added, with the same advice, in the account's language
    // (Swedish, the factory's default; the request was in English).
    const [notice] = await waitForMails(user.email!, 1);
    expect(notice!.Subject).toBe('Ett lösenord har lagts till på ditt konto hos Konsultmarknaden');
    expect(notice!.Text).toContain('Ditt konto har just fått ett lösenord');
    expect(notice!.Text).not.toContain('ändrats');
    expect(notice!.Text).toContain('Var det inte du? Återställ lösenordet genast');
    expect(notice!.Text).toContain('kontakt@konsultmarknaden.se');
    expect(new URL(extractLink(notice!, '/login').url).pathname).toBe('/sv/login');

    // A later change of that password is a change.
    const changed = await post(
      '/api/user/password',
      { currentPassword: 'first-password', newPassword: 'second-password' },
      undefined,
      'en',
      token,
    );
    expect(changed.statusCode).toBe(200);
    const mails = await waitForMails(user.email!, 2);
    expect(mails.map((mail) => mail.Subject).sort()).toEqual([
      'Ditt lösenord hos Konsultmarknaden är ändrat',
      'Ett lösenord har lagts till på ditt konto hos Konsultmarknaden',
    ]);
  });

  it('mails an English BankID-only account that a password was added, not changed', async () => {
    const user = await createUser(app.db, app.config, {
      password: null,
      personalNumber: createPersonalNumber(),
      locale: 'en',
      firstName: 'Märta',
    });
    const token = await createSessionToken(app, user.id);
    const set = await post('/api/user/password', { newPassword: 'first-password' }, undefined, 'sv', token);
    expect(set.statusCode).toBe(200);
    const [notice] = await waitForMails(user.email!, 1);
    expect(notice!.Subject).toBe('A password was added to your account at Konsultmarknaden');
    expect(notice!.Text).toContain('Hello Märta,');
    expect(notice!.Text).toContain('A password was just set for your account');
    expect(notice!.Text).not.toContain('changed');
    expect(notice!.Text).toContain('If this was not you, reset the password at once');
    expect(notice!.Text).toContain('kontakt@konsultmarknaden.se');
    expect(new URL(extractLink(notice!, '/login').url).pathname).toBe('/en/login');
  });

  it('mails a BankID-only account that sets its first password by a reset link that one was added', async () => {
    const user = await createUser(app.db, app.config, {
      password: null,
      personalNumber: createPersonalNumber(),
      locale: 'en',
    });
    expect((await post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    const { token } = extractLink(await waitForMail(user.email!), '/auth/reset-password');
    expect((await post('/api/auth/password/reset', { token, password: 'first-password' })).statusCode).toBe(
      200,
    );
    const notice = await waitForMailAbout(user.email!, /password was added/);
    expect(notice.Subject).toBe('A password was added to your account at Konsultmarknaden');
    expect(notice.Text).toContain('If this was not you, reset the password at once');
    const mails = await waitForMails(user.email!, 2);
    expect(mails.map((mail) => mail.Subject).sort()).toEqual([
      'A password was added to your account at Konsultmarknaden',
      'Reset your password at Konsultmarknaden',
    ]);
  });
});

describe('the length of a new password', () => {
  // scrypt reads the whole password (no bcrypt-like 72-byte cut), so the ceiling is about work, not truncation.
  const longest = `${'p'.repeat(127)}1`;
  const tooLong = `${longest}x`;
  const tooLongIssue = (language: 'en' | 'sv') => {
    const message =
      language === 'en'
        ? 'Password cannot be longer than 128 characters'
        : 'Lösenordet får inte vara längre än 128 tecken';
    return {
      code: 'VALIDATION_FAILED',
      errorMessage: message,
      data: { issues: [{ field: 'password', code: 'validation.passwordTooLong', message }] },
    };
  };

  it('is at most 128 characters at sign-up, in both languages', async () => {
    for (const language of ['en', 'sv'] as const) {
      const email = createEmail('long-pass');
      const refused = await post(
        '/api/auth/register',
        { email, password: tooLong, ...NAMES, acceptTerms: true },
        undefined,
        language,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(tooLongIssue(language));
      expect(await findMails(email)).toHaveLength(0);
    }
    const accepted = await post('/api/auth/register', {
      email: createEmail('longest-pass'),
      password: longest,
      ...NAMES,
      acceptTerms: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
  });

  it('is at most 128 characters by a reset link, which stays usable', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en' });
    await post('/api/auth/password/forgot', { email: user.email });
    const { token } = extractLink(await waitForMail(user.email!), '/auth/reset-password');
    const refused = await post('/api/auth/password/reset', { token, password: tooLong }, undefined, 'sv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(tooLongIssue('sv'));
    expect((await post('/api/auth/password/reset', { token, password: longest })).statusCode).toBe(200);
    expect((await login(user.email!, longest)).statusCode).toBe(200);
  });

  it('is at most 128 characters when changed', async () => {
    const user = await createUser(app.db, app.config);
    const session = (await login(user.email!, user.password!)).json().authorization as string;
    const refused = await post(
      '/api/user/password',
      { currentPassword: user.password, newPassword: tooLong },
      undefined,
      'en',
      session,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorMessage: 'Password cannot be longer than 128 characters',
      data: { issues: [{ field: 'newPassword', code: 'validation.passwordTooLong' }] },
    });
    expect((await login(user.email!, user.password!)).statusCode).toBe(200);
  });

  it('does not limit logging in: a longer password set before still works, a wrong one is wrong credentials', async () => {
    const password = 'L'.repeat(300);
    const user = await createUser(app.db, app.config, { password });
    expect((await login(user.email!, password)).statusCode).toBe(200);
    const wrong = await login(user.email!, `${password}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', errorMessage: 'Wrong e-mail or password' });
  });
});
