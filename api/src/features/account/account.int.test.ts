import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useAuthTestApp, collectUntilDone, hintsSeenInOrder } from '@mp/test-support/auth-test-app';
import { createPersonalNumber, createTestIp, createUser } from '@mp/test-support/factories';
import { waitForMail, waitForMails } from '@mp/test-support/mail-sink';
import { latestOutboxRow } from '@mp/test-support/profile-changes';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import { bankIdCollectSecret } from '../bankid/bankid.service';
import { formatDate } from '../payments/money';
import { profileInputSchema } from '../profiles/profile.schema';
import { saveProfile } from '../profiles/profile.service';

const api = useAuthTestApp();
const { call, createLoggedInUser } = api;

describe('account deletion', () => {
  it('needs the typed word and a confirmation', async () => {
    const user = await createLoggedInUser();
    const noWord = await call('POST', '/api/user/delete', user.token, {
      confirmation: 'ta bort',
      password: user.password,
    });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().errorMessage).toBe('Type the word delete to confirm');
    // In Swedish the word is radera, which the message names ("delete" is taken too).
    const noWordSv = await api.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'sv' },
      payload: { confirmation: 'ta bort', password: user.password },
    });
    expect(noWordSv.json().errorMessage).toBe('Skriv ordet radera för att bekräfta');
    const swedishWord = await call('POST', '/api/user/delete', user.token, { confirmation: ' Radera ' });
    expect(swedishWord.json().code).toBe('CONFIRMATION_REQUIRED');
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
    const saved = await saveProfile(api.app.db, user.id, profileInputSchema.parse(buildProfileInput()));
    const deleted = await call('POST', '/api/user/delete', user.token, {
      confirmation: ' DELETE ',
      password: user.password,
    });
    expect(deleted.statusCode).toBe(200);
    const { purgeAfter } = deleted.json();
    const days = (new Date(purgeAfter).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);

    const row = await api.app.db
      .selectFrom('users')
      .select(['deleted_at', 'purge_after'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.purge_after?.toISOString()).toBe(purgeAfter);
    const profile = await api.app.db
      .selectFrom('profiles')
      .select(['is_searchable', 'version'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ is_searchable: false, version: saved.version + 1 });
    expect(await latestOutboxRow(api.app.db, user.id)).toMatchObject({
      payload: { version: profile.version },
    });

    expect((await call('GET', '/api/user', user.token)).json().code).toBe('SESSION_REVOKED');
    const mail = await waitForMail(user.email!);
    expect(mail.Subject).toBe('Your account at Konsultmarknaden has been deleted');
    // The day written as the other mails write one ('28 Feb 2027'), not as an ISO date.
    expect(mail.Text).toContain(`kept until ${formatDate(new Date(purgeAfter), 'en')} and then erased`);
    expect(mail.Text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: createTestIp(),
    });
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_REMOVED', data: { purgeAfter } });

    // Welcome back: the address registers a new account (the old one keeps neither address nor password).
    const register = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: {
        email: user.email,
        password: 'ett-nytt-losen',
        firstName: 'Tove',
        lastName: 'Ek',
        acceptTerms: true,
      },
      remoteAddress: createTestIp(),
    });
    expect(register.statusCode, register.body).toBe(202);
    const mails = await waitForMails(user.email!, 2);
    expect(mails.map((mail) => mail.Subject)).toContain('Confirm your e-mail address at Konsultmarknaden');
    const accounts = await api.app.db
      .selectFrom('users')
      .select(['id', 'deleted_at', 'password_hash'])
      .where('email', '=', user.email!)
      .execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ deleted_at: null });
    expect(accounts[0]!.id).not.toBe(user.id);
    const tombstone = await api.app.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(tombstone).toEqual({ email: null, password_hash: null });
  });

  it('with BankID: a confirmation order for the own number, polled until complete, that can never log in', async () => {
    const pn = createPersonalNumber();
    const user = await createLoggedInUser({ personalNumber: pn, password: null });
    const started = await call('POST', '/api/user/delete/bankid', user.token);
    expect(started.statusCode).toBe(200);
    const { orderRef } = started.json();

    const asLogin = await api.app.inject({
      method: 'POST',
      url: '/auth',
      payload: { orderRef, collectSecret: bankIdCollectSecret(api.app.config, orderRef) },
      remoteAddress: createTestIp(),
    });
    expect(asLogin.json().code).toBe('BANKID_ORDER_INVALID');

    const ip = createTestIp();
    const { response, hints } = await collectUntilDone(api.app, {
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
    const login = await api.app.inject({
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
      api.app.db,
      me.id,
      profileInputSchema.parse(buildProfileInput({ firstName: 'Selma', lastName: 'Ottosson' })),
    );
    const otherPn = createPersonalNumber();
    const other = await createUser(api.app.db, api.app.config, {
      personalNumber: otherPn,
      firstName: 'Gösta',
      lastName: 'Berling',
    });
    await saveProfile(
      api.app.db,
      other.id,
      profileInputSchema.parse(
        buildProfileInput({
          firstName: 'Gösta',
          lastName: 'Berling',
          shortDescription: 'Someone else entirely',
        }),
      ),
    );
    await api.app.db
      .insertInto('saved_searches')
      .values([
        { user_id: me.id, name: 'Mina React-sökningar', criteria: { searchTerm: 'react' } },
        { user_id: other.id, name: 'Not mine', criteria: { searchTerm: 'java' } },
      ])
      .execute();
    const [group] = await api.app.db
      .insertInto('favorite_groups')
      .values({ user_id: me.id, name: 'Favoriter' })
      .returning('id')
      .execute();
    await api.app.db
      .insertInto('favorite_group_members')
      .values({ group_id: group!.id, profile_user_id: other.id })
      .execute();

    // An administrator (here the other user) edited my profile: in my activity, by role, without their IP.
    // What they did to their own account is not.
    await api.app.db
      .insertInto('audit_log')
      .values([
        {
          actor_user_id: other.id,
          action: 'admin.profile.edit',
          subject_type: 'user',
          subject_id: me.id,
          data: JSON.stringify({ parts: ['skills'] }),
          ip: '203.0.113.9',
        },
        { actor_user_id: other.id, action: 'auth.login', ip: '203.0.113.9' },
      ])
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
      'assessments.json',
      'bills.json',
      'companies.json',
      'contracts.json',
      'feedback.json',
      'files.json',
      'logins.json',
      'payments.json',
      'profile.json',
      'searches.json',
      'terms.json',
      'time.json',
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
    const activity = JSON.parse(strFromU8(files['activity.json']!));
    expect(activity.filter((entry: { by: string }) => entry.by === 'administrator')).toEqual([
      expect.objectContaining({ action: 'admin.profile.edit', data: { parts: ['skills'] }, ip: null }),
    ]);
    expect(
      activity.every(
        (entry: { action: string; by: string }) => entry.action !== 'auth.login' || entry.by === 'you',
      ),
    ).toBe(true);

    for (const foreign of [
      other.id,
      other.email!,
      otherPn,
      'Gösta',
      'Berling',
      'Someone else entirely',
      'Not mine',
      '203.0.113.9',
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

  it('holds the sign-up consent, also with no terms published, and when inquiries about the consultant came', async () => {
    const me = await createLoggedInUser({ firstName: 'Ingrid' });
    // First setup's consent box (the BankID path): recorded whatever is published.
    const before = Date.now();
    const setup = await call('POST', '/api/user', me.token, { acceptTerms: true });
    expect(setup.statusCode, setup.body).toBe(200);
    // A second tick (another setup visit) keeps the first time.
    await call('POST', '/api/user', me.token, { acceptTerms: true });
    await api.app.db
      .insertInto('inquiries')
      .values({
        consultant_user_id: me.id,
        name: 'Bo Köpare',
        email: 'bo.kopare@example.test',
        phone: '0701234567',
        details: 'Vi vill anlita Ingrid i vår.',
        terms_accepted: true,
      })
      .execute();

    const files = unzipSync(new Uint8Array((await call('GET', '/api/user/export', me.token)).rawPayload));
    const terms = JSON.parse(strFromU8(files['terms.json']!));
    expect(terms.signup_consent).toMatchObject({
      confirmed: ['terms_of_use', 'privacy_policy', 'age_18_or_older'],
      published_versions: expect.any(Array),
    });
    const givenAt = new Date(terms.signup_consent.accepted_at).getTime();
    expect(givenAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(givenAt).toBeLessThanOrEqual(Date.now());
    expect(terms.acceptances).toEqual(expect.any(Array));
    const stored = await api.app.db
      .selectFrom('users')
      .select('terms_consent_at')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(stored.terms_consent_at?.toISOString()).toBe(terms.signup_consent.accepted_at);

    const searches = JSON.parse(strFromU8(files['searches.json']!));
    expect(searches.inquiriesAboutYou).toEqual([{ created_at: expect.any(String), handled_at: null }]);
    expect(searches.inquiries).toEqual([]);
    const text = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    for (const senders of ['Bo Köpare', 'bo.kopare@example.test', '0701234567', 'Vi vill anlita']) {
      expect(text, senders).not.toContain(senders);
    }

    // E-mail registration records it too.
    const email = `consent.${me.id.slice(0, 8)}@example.test`;
    const registered = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'ett-langt-losen', firstName: 'Ulla', lastName: 'Ek', acceptTerms: true },
      remoteAddress: createTestIp(),
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const account = await api.app.db
      .selectFrom('users')
      .select('terms_consent_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.terms_consent_at).not.toBeNull();
  });
});
