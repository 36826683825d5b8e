import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot, useBrowser, useToken, waitForPath } from '../support';
import { followLink, JOURNEY_TIMEOUT_MS, mailbox, mailedLink, newAddress, openBrowser } from './steps';

// Journey: a confirmation link opened a second time (from the mail program, days later) says the address is
// already confirmed and leads on, to the login or, with a session, to the dashboard; a link that does not work
// says why and offers a new link to whoever can get one.

const { baseUrl, browser, openPage } = useBrowser();

const PASSWORD = 'länk-två-gånger';

async function post(url: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Registers an e-mail and password account in English (which mails the first link). */
async function register(email: string): Promise<void> {
  await post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Tove',
    lastName: 'Ek',
    acceptTerms: true,
  });
}

/** Logs the (still unconfirmed) account in; its session token. */
async function logIn(email: string): Promise<string> {
  return String((await post('/api/auth/login', { email, password: PASSWORD })).authorization);
}

describe('journey: an e-mail confirmation link opened again', () => {
  it(
    'says the address is already confirmed, with the way on to the login',
    async () => {
      const email = newAddress('twice');
      await register(email);
      const link = await mailedLink(email, '/verify/email');

      const { context, page } = await openBrowser(browser(), baseUrl, '/en/faq');
      await followLink(page, link);
      await page.getByTestId('email-verified').waitFor();

      await followLink(page, link);
      const again = page.getByTestId('email-already-verified');
      await again.waitFor();
      expect(await again.textContent()).toBe('Your e-mail address is already confirmed');
      expect(await page.getByText('Missing or invalid token.').count()).toBe(0);
      expect(await axeViolations(page, 'verify/email opened again')).toEqual([]);
      await screenshot(page, 'verify-email-already-confirmed-1280');
      const onward = page.getByTestId('verify-email-onward');
      expect(await onward.textContent()).toBe('Log in');
      await onward.click();
      await waitForPath(page, '/en/login');
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'offers a logged-in user a new link for a link that does not work, and the dashboard once confirmed',
    async () => {
      const email = newAddress('replaced');
      await register(email);
      const first = await mailedLink(email, '/verify/email');
      const token = await logIn(email);

      const { context, page } = await openPage();
      await useToken(context, token);
      await followLink(page, `${baseUrl}/en/verify/email?token=not-a-token`);
      const invalid = page.getByTestId('verify-email-invalid');
      await invalid.waitFor();
      expect(await invalid.textContent()).toContain('Missing or invalid token.');
      expect(await invalid.textContent()).toContain(`We can send a new link to ${email}.`);
      expect(await axeViolations(page, 'verify/email with a link that does not work')).toEqual([]);
      await screenshot(page, 'verify-email-invalid-logged-in-1280');

      await page.getByTestId('verify-email-resend').click();
      await expect
        .poll(() => page.getByTestId('app-alert').textContent())
        .toBe(`We have sent a new link to ${email}.`);
      const mails = await mailbox(email, 2);
      const newest = mails
        .flatMap((mail) => mail.Text.match(/https?:\/\/\S+/g) ?? [])
        .find((url) => url.includes('/verify/email') && url !== first);
      expect(newest).toBeDefined();

      // The first link was replaced before it was used: it does not work either.
      await followLink(page, first);
      await page.getByTestId('verify-email-invalid').waitFor();

      // The new link confirms the account; opened again, it says so and leads to the dashboard.
      await followLink(page, newest!);
      await waitForPath(page, /^\/en\/(app\/dashboard|auth\/setup)/);
      await followLink(page, newest!);
      await page.getByTestId('email-already-verified').waitFor();
      const onward = page.getByTestId('verify-email-onward');
      expect(await onward.textContent()).toBe('To the dashboard');
      expect(await onward.getAttribute('href')).toBe('/en/app/dashboard');
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
