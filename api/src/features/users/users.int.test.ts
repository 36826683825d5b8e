import { describe, expect, it } from 'vitest';
import { createEmail, createPersonalNumber, createUser } from '@mp/test-support/factories';
import { extractLink, findMails, waitForMail, waitForMails } from '@mp/test-support/mail-sink';
import { latestOutboxRow, profileVersion } from '@mp/test-support/profile-changes';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import { profileInputSchema } from '../profiles/profile.schema';
import { saveProfile } from '../profiles/profile.service';
import { useTestApp } from '@mp/test-support/test-app';

const api = useTestApp();
const { call, createLoggedInUser } = api;

describe('GET and POST user, and the subscription check', () => {
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

  it('stores the notification choices: news and offers off, saved-search mails on, until changed', async () => {
    const user = await createLoggedInUser({ isPremium: true });
    const notificationsOf = async () =>
      ((await call('GET', '/api/user', user.token)).json() as { settings: { notifications: object } })
        .settings.notifications;
    expect(await notificationsOf()).toEqual({ marketing: false, savedSearches: true });

    const off = await call('POST', '/api/user', user.token, {
      settings: { notifications: { savedSearches: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().settings.notifications).toEqual({ marketing: false, savedSearches: false });
    const news = await call('POST', '/api/user', user.token, {
      settings: { notifications: { marketing: true } },
    });
    expect(news.json().settings.notifications).toEqual({ marketing: true, savedSearches: false });
    expect(await notificationsOf()).toEqual({ marketing: true, savedSearches: false });

    // A switch the product has nothing behind is not a setting (profile tips were one).
    const unknown = await call(
      'POST',
      '/api/user',
      user.token,
      { settings: { notifications: { profileTips: true } } },
      'sv',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorMessage).toBe('Okänt fält: settings.notifications.profileTips');
  });

  it('validates edited fields with the spec messages', async () => {
    const user = await createLoggedInUser();
    const empty = await call('POST', '/api/user', user.token, { firstName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMessage).toBe('Enter first name');
    const digits = await call('POST', '/api/user', user.token, { lastName: 'R2D2' }, 'sv');
    expect(digits.json().errorMessage).toBe('Ogiltig inmatning');
    const phone = await call('POST', '/api/user', user.token, { phone: '12' });
    // An optional field: it never says 'Phone number is required' (QA5 F12).
    expect(phone.json().errorMessage).toBe('Enter at least five digits, or leave it empty');
    // A name has a bound (a 200,000-character one used to be stored, and the CV PDF of it ran out of memory).
    const long = await call('POST', '/api/user', user.token, { firstName: 'å'.repeat(200_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMessage).toBe('A name cannot be longer than 100 characters');
    const longSv = await call('POST', '/api/user', user.token, { lastName: 'Ö'.repeat(101) }, 'sv');
    expect(longSv.json().errorMessage).toBe('Ett namn får inte vara längre än 100 tecken');
    expect((await call('GET', '/api/user', user.token)).json().firstName).not.toMatch(/^å+$/);
  });

  it('sends a consultant’s new name through the profile service (version bump and outbox row)', async () => {
    const user = await createLoggedInUser();
    const saved = await saveProfile(api.app.db, user.id, profileInputSchema.parse(buildProfileInput()));
    const renamed = await call('POST', '/api/user', user.token, { lastName: 'Lagerlöf' });
    expect(renamed.json()).toMatchObject({
      lastName: 'Lagerlöf',
      settings: { platform: { isSearchable: true } },
    });
    const version = await profileVersion(api.app.db, user.id);
    expect(version).toBe(saved.version + 1);
    expect(await latestOutboxRow(api.app.db, user.id)).toMatchObject({
      event_type: 'profile.changed',
      payload: { version },
    });
  });

  it('reports premium and admin flags', async () => {
    const user = await createLoggedInUser({ isAdmin: true });
    const response = await call('GET', '/api/check/subscription', user.token);
    expect(response.json()).toEqual({ isPremium: false, isAdmin: true });
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
    const confirmed = await api.app.inject({
      method: 'GET',
      url: `/api/verify/email?token=${encodeURIComponent(token)}`,
    });
    expect(confirmed.json()).toEqual({ purpose: 'change_email', email: newEmail, verified: true });
    expect((await call('GET', '/api/user', user.token)).json()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    expect((await waitForMail(newEmail)).Subject).toBe('Your e-mail address at Konsultmarknaden has changed');
    const audit = await api.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', user.id)
      .where('action', 'like', 'user.email%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['user.email_change_requested', 'user.email_changed']);
  });

  it('refuses an address another account has, saying it is in use', async () => {
    const user = await createLoggedInUser();
    const other = await createUser(api.app.db, api.app.config);
    const response = await call('POST', '/api/user/settings/email', user.token, { email: other.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_IN_USE',
      errorMessage: 'This e-mail address is already used by another account. Choose another address.',
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
    await api.app.inject({ method: 'GET', url: `/api/verify/email?token=${encodeURIComponent(token)}` });
    expect((await call('GET', '/api/user', user.token)).json()).toMatchObject({ email, verified: true });
  });

  it('resends a verification link to an unconfirmed address', async () => {
    const user = await createLoggedInUser({ verified: false });
    expect((await call('POST', '/api/verify/email/resend', user.token)).json()).toEqual({ sent: true });
    const { token } = extractLink(await waitForMail(user.email!), '/verify/email');
    expect(
      (await api.app.inject({ method: 'GET', url: `/api/verify/email?token=${token}` })).json().verified,
    ).toBe(true);
    const again = await call('POST', '/api/verify/email/resend', user.token);
    expect(again.json().code).toBe('ALREADY_VERIFIED');
  });
});

describe('a mailed link opened again (GET verify/email)', () => {
  const open = (token: string, language = 'en') =>
    api.app.inject({
      method: 'GET',
      url: `/api/verify/email?token=${encodeURIComponent(token)}`,
      headers: { 'accept-language': language },
    });

  it('says the address is already confirmed, for a verification link and for an e-mail change', async () => {
    const user = await createLoggedInUser({ verified: false });
    await call('POST', '/api/verify/email/resend', user.token);
    const { token } = extractLink(await waitForMail(user.email!), '/verify/email');
    expect((await open(token)).statusCode).toBe(200);
    const again = await open(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'ALREADY_VERIFIED',
      errorMessage: 'Your e-mail address is already confirmed',
    });
    expect((await open(token, 'sv')).json().errorMessage).toBe('Din e-postadress är redan bekräftad');

    const newEmail = createEmail('moved');
    await call('POST', '/api/user/settings/email', user.token, { email: newEmail });
    const mails = await waitForMails(user.email!, 2);
    const changeMail = mails.find((mail) => mail.Text.includes('/account/email/change'))!;
    const change = extractLink(changeMail, '/account/email/change');
    expect((await open(change.token)).statusCode).toBe(200);
    expect((await open(change.token)).json().code).toBe('ALREADY_VERIFIED');
  });

  it('is an invalid link when it never worked or was replaced before it was used', async () => {
    const user = await createLoggedInUser({ verified: false });
    await call('POST', '/api/verify/email/resend', user.token);
    const first = extractLink(await waitForMail(user.email!), '/verify/email');
    // A newer link replaces the first one, and the account is not confirmed yet.
    await call('POST', '/api/verify/email/resend', user.token);
    await waitForMails(user.email!, 2);
    expect((await open(first.token)).json()).toEqual({
      code: 'INVALID_TOKEN',
      errorMessage: 'Missing or invalid token.',
    });
    expect((await open('made-up-token')).json().code).toBe('INVALID_TOKEN');
  });
});
