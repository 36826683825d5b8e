import { describe, expect, it } from 'vitest';
import { createEmail } from '@mp/test-support/factories';
import { extractLink, waitForMail, waitForMails } from '@mp/test-support/mail-sink';
import { useTestApp } from '@mp/test-support/test-app';

// Someone who opens a company invite (join/{link}) while logged out and registers comes back to the invite:
// registration, first setup and a resent link carry the login page's `redirect` into the verification link
// (web app paths only), and the page it opens goes on there.

const api = useTestApp();
const { call } = api;

const redirectOf = (url: string) => new URL(url).searchParams.get('redirect');

describe('the verification link leads on to where the user started', () => {
  it('from registration with e-mail and password', async () => {
    const email = createEmail('registered');
    const registered = await call('POST', '/api/auth/register', null, {
      email,
      password: 'ett-bra-losenord',
      firstName: 'Tove',
      lastName: 'Ek',
      acceptTerms: true,
      redirect: '/join/abc_DEF-123',
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const { url, token } = extractLink(await waitForMail(email), '/verify/email');
    expect(new URL(url).pathname).toBe('/en/verify/email');
    expect(redirectOf(url)).toBe('/join/abc_DEF-123');
    expect(token).not.toBe('');

    // Without one, the link is as before.
    const plain = createEmail('plain');
    await call('POST', '/api/auth/register', null, {
      email: plain,
      password: 'ett-bra-losenord',
      firstName: 'Tove',
      lastName: 'Ek',
      acceptTerms: true,
    });
    expect(redirectOf(extractLink(await waitForMail(plain), '/verify/email').url)).toBeNull();
  });

  it("from registration with a taken address: its owner's login link", async () => {
    const owner = await api.createLoggedInUser({ locale: 'en' });
    await call('POST', '/api/auth/register', null, {
      email: owner.email!,
      password: 'ett-bra-losenord',
      firstName: 'Tove',
      lastName: 'Ek',
      acceptTerms: true,
      redirect: '/join/abc',
    });
    const { url } = extractLink(await waitForMail(owner.email!), '/login');
    expect(redirectOf(url)).toBe('/join/abc');
    expect(new URL(url).searchParams.get('email')).toBe(owner.email);
  });

  it('from first setup of a BankID account', async () => {
    const user = await api.createLoggedInUser({ verified: false, email: null });
    const email = createEmail('setup');
    const saved = await call('POST', '/api/user', user.token, {
      firstName: 'Bertil',
      lastName: 'Berg',
      email,
      acceptTerms: true,
      redirect: '/join/xyz?from=mail',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(redirectOf(extractLink(await waitForMail(email), '/verify/email').url)).toBe(
      '/join/xyz?from=mail',
    );
  });

  it('from a link sent again, and from first setup of an account registered with e-mail', async () => {
    const user = await api.createLoggedInUser({ verified: false });
    const email = user.email!;
    const resent = await call('POST', '/api/verify/email/resend', user.token, { redirect: '/join/xyz' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(redirectOf(extractLink(await waitForMail(email), '/verify/email').url)).toBe('/join/xyz');

    // Setup with the address the account already has sends a new link, also leading on.
    const saved = await call('POST', '/api/user', user.token, {
      firstName: 'Cecilia',
      lastName: 'Berg',
      email,
      acceptTerms: true,
      redirect: '/join/xyz?tab=x',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mails = await waitForMails(email, 2);
    expect(mails.map((mail) => redirectOf(extractLink(mail, '/verify/email').url)).sort()).toEqual([
      '/join/xyz',
      '/join/xyz?tab=x',
    ]);

    // The body stays optional.
    const bare = await api.app.inject({
      method: 'POST',
      url: '/api/verify/email/resend',
      headers: { authorization: user.token },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const third = await waitForMails(email, 3);
    expect(third.map((mail) => redirectOf(extractLink(mail, '/verify/email').url))).toContain(null);
  });

  it.each(['https://evil.example/join/abc', '//evil.example/x', '/login?redirect=/app', 'join/abc'])(
    'refuses %j, which is not a page of ours to go on to',
    async (redirect) => {
      const email = createEmail('refused');
      const response = await call('POST', '/api/auth/register', null, {
        email,
        password: 'ett-bra-losenord',
        firstName: 'Tove',
        lastName: 'Ek',
        acceptTerms: true,
        redirect,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );
});
