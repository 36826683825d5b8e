import { randomUUID } from 'node:crypto';
import type { BankIdSimulator } from '@mp/scripts/bankid-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAuthTestApp,
  collectUntilDone,
  hintsSeenInOrder,
  startTestSimulator,
} from '../../../test/auth-test-app';
import {
  createEmail,
  createPersonalNumber,
  createSessionToken,
  createTestIp,
  createUser,
} from '../../../test/factories';
import { extractLink, findMails, waitForMail } from '../../../test/mail-sink';
import { buildProfileInput } from '../../../test/profile-factory';
import { bankIdCollectSecret } from '../bankid/bankid.service';
import { profileInputSchema } from '../profiles/profile.schema';
import { saveProfile } from '../profiles/profile.service';

let simulator: BankIdSimulator;
let app: FastifyInstance;
beforeAll(async () => {
  simulator = await startTestSimulator(100);
  app = await buildAuthTestApp(simulator);
});
afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, language = 'en') =>
  app.inject({
    method,
    url,
    headers: { 'accept-language': language, ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
    remoteAddress: createTestIp(),
  });

async function createLoggedInUser(options: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(app.db, app.config, options);
  return { ...user, token: await createSessionToken(app, user.id) };
}

async function latestOutbox(userId: string) {
  return app.db
    .selectFrom('outbox')
    .select(['event_type', 'payload'])
    .where('aggregate_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

describe('GET and POST user, subscription, companies', () => {
  it('returns the user and saves edited account fields', async () => {
    const user = await createLoggedInUser({ firstName: 'Nils', lastName: 'Holgersson', isPremium: true });
    const me = await call('GET', '/api/user', user.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: user.id,
      firstName: 'Nils',
      email: user.email,
      verified: true,
      isPremium: true,
      isAdmin: false,
      subscriptions: { isPremium: true, isAdmin: false },
      settings: { platform: { isSearchable: false }, notifications: { marketing: false } },
      picture: { key: null, url: null },
      nationalIdentityNumber: null,
    });
    expect(me.json()).not.toHaveProperty('password_hash');

    const updated = await call('POST', '/api/user', user.token, {
      firstName: 'Nils-Åke',
      phone: '070-123 45 67',
      locale: 'en',
      settings: { notifications: { marketing: true } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: 'Nils-Åke',
      lastName: 'Holgersson',
      phone: '070-123 45 67',
      locale: 'en',
      settings: { notifications: { marketing: true } },
    });
  });

  it('validates edited fields with the spec messages', async () => {
    const user = await createLoggedInUser();
    const empty = await call('POST', '/api/user', user.token, { firstName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMessage).toBe('firstName: Enter first name');
    const digits = await call('POST', '/api/user', user.token, { lastName: 'R2D2' }, 'sv');
    expect(digits.json().errorMessage).toBe('lastName: Ogiltig inmatning');
    const phone = await call('POST', '/api/user', user.token, { phone: '12' });
    expect(phone.json().errorMessage).toBe('phone: Phone number is required');
  });

  it('sends a consultant’s new name through the profile service (version bump and outbox row)', async () => {
    const user = await createLoggedInUser();
    const saved = await saveProfile(app.db, user.id, profileInputSchema.parse(buildProfileInput()));
    const renamed = await call('POST', '/api/user', user.token, { lastName: 'Lagerlöf' });
    expect(renamed.json()).toMatchObject({
      lastName: 'Lagerlöf',
      settings: { platform: { isSearchable: true } },
    });
    const profile = await app.db
      .selectFrom('profiles')
      .select('version')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile.version).toBe(saved.version + 1);
    expect(await latestOutbox(user.id)).toMatchObject({
      event_type: 'profile.changed',
      payload: { version: profile.version },
    });
  });

  it('reports premium and admin flags', async () => {
    const user = await createLoggedInUser({ isAdmin: true });
    const response = await call('GET', '/api/check/subscription', user.token);
    expect(response.json()).toEqual({ isPremium: false, isAdmin: true });
  });

  it('lists companies: empty until memberships exist, then split by role', async () => {
    const user = await createLoggedInUser();
    expect((await call('GET', '/api/companies', user.token)).json()).toEqual({
      adminForCompanies: [],
      memberInCompanies: [],
    });
    const [own, other] = await app.db
      .insertInto('companies')
      .values([
        { business_name: `Eget AB ${randomUUID().slice(0, 6)}` },
        { business_name: `Annat AB ${randomUUID().slice(0, 6)}` },
      ])
      .returning(['id', 'business_name'])
      .execute();
    await app.db
      .insertInto('company_memberships')
      .values([
        { company_id: own!.id, user_id: user.id, role: 'admin' },
        { company_id: other!.id, user_id: user.id, role: 'member', permissions: ['manage_projects'] },
      ])
      .execute();
    const listed = (await call('GET', '/api/companies', user.token)).json();
    expect(listed.adminForCompanies).toEqual([
      expect.objectContaining({ id: own!.id, businessName: own!.business_name }),
    ]);
    expect(listed.memberInCompanies).toEqual([
      expect.objectContaining({ id: other!.id, permissions: ['manage_projects'] }),
    ]);
  });
});

describe('sessions', () => {
  const protectedRoutes: ['GET' | 'POST', string, object?][] = [
    ['GET', '/api/user'],
    ['POST', '/api/user', {}],
    ['GET', '/api/check/subscription'],
    ['GET', '/api/companies'],
    ['POST', '/api/user/password', { newPassword: 'whatever-123' }],
    ['POST', '/api/user/settings/email', { email: 'x@example.se' }],
    ['POST', '/api/verify/email/resend'],
    ['GET', '/api/terms/application/accept'],
    ['POST', '/api/user/delete', { confirmation: 'delete', password: 'x' }],
    ['POST', '/api/user/delete/bankid'],
    ['GET', '/api/user/export'],
  ];

  it('refuses an expired token on every protected route with the session-expired message', async () => {
    const user = await createLoggedInUser();
    const jti = randomUUID();
    await app.db
      .insertInto('sessions')
      .values({
        jti,
        user_id: user.id,
        created_at: new Date(Date.now() - 7_200_000),
        expires_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    const expired = app.jwt.sign({
      sub: user.id,
      jti,
      iat: Math.floor(Date.now() / 1000) - 7200,
      exp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const [method, url, payload] of protectedRoutes) {
      const response = await call(method, url, expired, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json(), `${method} ${url}`).toEqual({
        code: 'SESSION_EXPIRED',
        errorMessage: 'Session has expired. Please login again',
      });
    }
    const sv = await call('GET', '/api/user', expired, undefined, 'sv');
    expect(sv.json().errorMessage).toBe('Sessionen har gått ut. Logga in igen');
  });

  it('revokes the session at logout, on every protected route', async () => {
    const user = await createLoggedInUser();
    expect((await call('GET', '/api/user', user.token)).statusCode).toBe(200);
    const out = await call('GET', '/api/logout', user.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ loggedOut: true });
    for (const [method, url, payload] of protectedRoutes) {
      const response = await call(method, url, user.token, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('SESSION_REVOKED');
    }
    // Logging out again, or without a token, is harmless.
    expect((await call('GET', '/api/logout', user.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/logout', null)).statusCode).toBe(200);
  });

  it('refuses a missing, forged or malformed token', async () => {
    const user = await createLoggedInUser();
    const forged = app.jwt.sign({ sub: user.id, jti: randomUUID() });
    const otherSecret = await buildAuthTestApp(null, {
      JWT_SECRET: 'another-secret-that-is-long-enough-0123456789',
    });
    const foreign = otherSecret.jwt.sign({ sub: user.id, jti: randomUUID() });
    await otherSecret.close();
    for (const token of [null, 'garbage', forged, foreign]) {
      const response = await call('GET', '/api/user', token);
      expect(response.statusCode).toBe(401);
      expect(['UNAUTHORIZED', 'SESSION_REVOKED']).toContain(response.json().code);
    }
  });
});

describe('e-mail change', () => {
  it('sends the confirmation link to the OLD address and changes the address when it is opened', async () => {
    const user = await createLoggedInUser({ locale: 'en' });
    const newEmail = createEmail('new');
    const requested = await call('POST', '/api/user/settings/email', user.token, { email: newEmail });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ confirmationSentTo: 'currentEmail' });

    const mail = await waitForMail(user.email!);
    expect(mail.Subject).toBe('Confirm the change of your e-mail address at Konsultmarknaden');
    expect(mail.Text).toContain(newEmail);
    expect(await findMails(newEmail)).toHaveLength(0);
    expect((await call('GET', '/api/user', user.token)).json()).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });

    const { url, token } = extractLink(mail, '/account/email/change');
    expect(new URL(url).pathname).toBe('/en/account/email/change');
    const confirmed = await app.inject({
      method: 'GET',
      url: `/api/verify/email?token=${encodeURIComponent(token)}`,
    });
    expect(confirmed.json()).toEqual({ purpose: 'change_email', email: newEmail, verified: true });
    expect((await call('GET', '/api/user', user.token)).json()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    expect((await waitForMail(newEmail)).Subject).toBe('Your e-mail address at Konsultmarknaden has changed');
  });

  it('refuses an address another account has, with the spec message', async () => {
    const user = await createLoggedInUser();
    const other = await createUser(app.db, app.config);
    const response = await call('POST', '/api/user/settings/email', user.token, { email: other.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_CHANGE_FAILED',
      errorMessage: 'Unable to change e-mail, please try again later.',
    });
    const same = await call('POST', '/api/user/settings/email', user.token, { email: user.email });
    expect(same.json().code).toBe('EMAIL_UNCHANGED');
  });

  it('lets a new BankID user add a first address, confirmed at that address, which verifies the account', async () => {
    const user = await createLoggedInUser({
      email: null,
      password: null,
      personalNumber: createPersonalNumber(),
      verified: false,
    });
    const email = createEmail('setup');
    const requested = await call('POST', '/api/user/settings/email', user.token, { email });
    expect(requested.json()).toEqual({ confirmationSentTo: 'newEmail' });
    const { token } = extractLink(await waitForMail(email), '/verify/email');
    await app.inject({ method: 'GET', url: `/api/verify/email?token=${encodeURIComponent(token)}` });
    expect((await call('GET', '/api/user', user.token)).json()).toMatchObject({ email, verified: true });
  });

  it('resends a verification link to an unconfirmed address', async () => {
    const user = await createLoggedInUser({ verified: false });
    expect((await call('POST', '/api/verify/email/resend', user.token)).json()).toEqual({ sent: true });
    const { token } = extractLink(await waitForMail(user.email!), '/verify/email');
    expect(
      (await app.inject({ method: 'GET', url: `/api/verify/email?token=${token}` })).json().verified,
    ).toBe(true);
    const again = await call('POST', '/api/verify/email/resend', user.token);
    expect(again.json().code).toBe('ALREADY_VERIFIED');
  });
});

describe('terms', () => {
  it('reports updated terms in GET user and accepts them once', async () => {
    const user = await createLoggedInUser();
    const latest = await app.db
      .selectFrom('terms_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('kind', '=', 'users')
      .executeTakeFirst();
    const version = Number(latest?.v ?? 0) + 1;
    const published = new Date(Date.now() - 60_000);
    const terms = await app.db
      .insertInto('terms_versions')
      .values({
        kind: 'users',
        version,
        published_at: published,
        effective_at: new Date(published.getTime() + 30 * 86_400_000),
        body_sv: 'Villkor',
        body_en: 'Terms',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await call('GET', '/api/user', user.token)).json().terms).toMatchObject({
        accepted: false,
        version,
      });
      const accepted = await call('GET', '/api/terms/application/accept', user.token);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ accepted: true, version });
      expect((await call('GET', '/api/user', user.token)).json().terms).toMatchObject({
        accepted: true,
        version,
      });
      const again = await call('GET', '/api/terms/application/accept', user.token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: 'TERMS_ALREADY_ACCEPTED',
        errorMessage: 'Terms already accepted',
      });
      expect(
        (await call('GET', '/api/terms/application/accept', user.token, undefined, 'sv')).json().errorMessage,
      ).toBe('Villkoren är redan godkända');
    } finally {
      await app.db.deleteFrom('terms_acceptances').where('terms_version_id', '=', terms.id).execute();
      await app.db.deleteFrom('terms_versions').where('id', '=', terms.id).execute();
    }
  });
});

describe('account deletion', () => {
  it('needs the typed word and a confirmation', async () => {
    const user = await createLoggedInUser();
    const noWord = await call('POST', '/api/user/delete', user.token, {
      confirmation: 'radera',
      password: user.password,
    });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().errorMessage).toBe('confirmation: Type the word delete to confirm');
    const noConfirmation = await call('POST', '/api/user/delete', user.token, { confirmation: 'delete' });
    expect(noConfirmation.json()).toEqual({
      code: 'CONFIRMATION_REQUIRED',
      errorMessage: 'Confirm the deletion with BankID or your password',
    });
    const wrongPassword = await call('POST', '/api/user/delete', user.token, {
      confirmation: 'delete',
      password: 'not-it',
    });
    expect(wrongPassword.json().code).toBe('WRONG_PASSWORD');
    expect((await call('GET', '/api/user', user.token)).statusCode).toBe(200);
  });

  it('with the password: hides the profile from search at once, schedules the purge, logs out, mails', async () => {
    const user = await createLoggedInUser({ locale: 'en' });
    const saved = await saveProfile(app.db, user.id, profileInputSchema.parse(buildProfileInput()));
    const deleted = await call('POST', '/api/user/delete', user.token, {
      confirmation: ' DELETE ',
      password: user.password,
    });
    expect(deleted.statusCode).toBe(200);
    const { purgeAfter } = deleted.json();
    const days = (new Date(purgeAfter).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);

    const row = await app.db
      .selectFrom('users')
      .select(['deleted_at', 'purge_after'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.purge_after?.toISOString()).toBe(purgeAfter);
    const profile = await app.db
      .selectFrom('profiles')
      .select(['is_searchable', 'version'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ is_searchable: false, version: saved.version + 1 });
    expect(await latestOutbox(user.id)).toMatchObject({ payload: { version: profile.version } });

    expect((await call('GET', '/api/user', user.token)).json().code).toBe('SESSION_REVOKED');
    expect((await waitForMail(user.email!)).Subject).toBe(
      'Your account at Konsultmarknaden has been deleted',
    );
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: createTestIp(),
    });
    expect(again.json().code).toBe('ACCOUNT_REMOVED');
  });

  it('with BankID: a confirmation order for the own number, polled until complete, that can never log in', async () => {
    const pn = createPersonalNumber();
    const user = await createLoggedInUser({ personalNumber: pn, password: null });
    const started = await call('POST', '/api/user/delete/bankid', user.token);
    expect(started.statusCode).toBe(200);
    const { orderRef } = started.json();

    const asLogin = await app.inject({
      method: 'POST',
      url: '/auth',
      payload: { orderRef, collectSecret: bankIdCollectSecret(app.config, orderRef) },
      remoteAddress: createTestIp(),
    });
    expect(asLogin.json().code).toBe('BANKID_ORDER_INVALID');

    const ip = createTestIp();
    const { response, hints } = await collectUntilDone(app, {
      method: 'POST',
      url: '/api/user/delete',
      headers: { authorization: user.token },
      payload: { confirmation: 'delete', orderRef },
      remoteAddress: ip,
    });
    expect(hintsSeenInOrder(hints), hints.join()).toBe(true);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('deleted');
  });

  it('refuses a login order, or another person’s order, as the confirmation', async () => {
    const pn = createPersonalNumber();
    const user = await createLoggedInUser({ personalNumber: pn, password: null });
    const ip = createTestIp();
    const login = await app.inject({
      method: 'PUT',
      url: '/auth',
      payload: { nationalIdentityNumber: pn },
      remoteAddress: ip,
    });
    const refused = await call('POST', '/api/user/delete', user.token, {
      confirmation: 'delete',
      orderRef: login.json().orderRef,
    });
    expect(refused.json().code).toBe('BANKID_ORDER_INVALID');

    const someoneElse = await createLoggedInUser({ personalNumber: createPersonalNumber(), password: null });
    const theirs = (await call('POST', '/api/user/delete/bankid', someoneElse.token)).json().orderRef;
    const notMine = await call('POST', '/api/user/delete', user.token, {
      confirmation: 'delete',
      orderRef: theirs,
    });
    expect(notMine.json().code).toBe('BANKID_ORDER_INVALID');
    expect((await call('GET', '/api/user', user.token)).statusCode).toBe(200);
  });
});

describe('data export', () => {
  it("returns a zip of the user's own data and none of anyone else's", async () => {
    const pn = createPersonalNumber();
    const me = await createLoggedInUser({ personalNumber: pn, firstName: 'Selma', lastName: 'Ottosson' });
    await saveProfile(
      app.db,
      me.id,
      profileInputSchema.parse(buildProfileInput({ firstName: 'Selma', lastName: 'Ottosson' })),
    );
    const otherPn = createPersonalNumber();
    const other = await createUser(app.db, app.config, {
      personalNumber: otherPn,
      firstName: 'Gösta',
      lastName: 'Berling',
    });
    await saveProfile(
      app.db,
      other.id,
      profileInputSchema.parse(
        buildProfileInput({
          firstName: 'Gösta',
          lastName: 'Berling',
          shortDescription: 'Someone else entirely',
        }),
      ),
    );
    await app.db
      .insertInto('saved_searches')
      .values([
        { user_id: me.id, name: 'Mina React-sökningar', criteria: { searchTerm: 'react' } },
        { user_id: other.id, name: 'Not mine', criteria: { searchTerm: 'java' } },
      ])
      .execute();
    const [group] = await app.db
      .insertInto('favorite_groups')
      .values({ user_id: me.id, name: 'Favoriter' })
      .returning('id')
      .execute();
    await app.db
      .insertInto('favorite_group_members')
      .values({ group_id: group!.id, profile_user_id: other.id })
      .execute();

    const response = await call('GET', '/api/user/export', me.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="konsultmarknaden-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      'activity.json',
      'billing.json',
      'companies.json',
      'profile.json',
      'searches.json',
      'sessions.json',
      'terms.json',
    ]);
    const text = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    const account = JSON.parse(strFromU8(files['account.json']!));
    expect(account).toMatchObject({
      id: me.id,
      email: me.email,
      first_name: 'Selma',
      national_identity_number: pn,
    });
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    expect(profile.skills.map((s: { name: string }) => s.name)).toContain('TypeScript');
    const searches = JSON.parse(strFromU8(files['searches.json']!));
    expect(searches.savedSearches.map((s: { name: string }) => s.name)).toEqual(['Mina React-sökningar']);
    expect(searches.favouriteLists).toEqual([expect.objectContaining({ name: 'Favoriter', memberCount: 1 })]);

    for (const foreign of [
      other.id,
      other.email!,
      otherPn,
      'Gösta',
      'Berling',
      'Someone else entirely',
      'Not mine',
    ]) {
      expect(text, foreign).not.toContain(foreign);
    }
    // No secrets of the account itself either.
    for (const secret of [
      'scrypt$',
      'password_hash',
      'token_hash',
      'national_identity_number_hash',
      me.password!,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
