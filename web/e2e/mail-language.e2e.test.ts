import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { agreeToCookies, useBrowser, useToken, waitForPath, withDatabase } from './support';

// The language of a user's mails is the account's `locale`: set at registration, and since then also by the
// site's language picker and by the account settings, so a user who uses the site in English gets English
// mails. The mails here are asked for in the other language (Accept-Language), to show they follow the account.

const { baseUrl, databaseUrl, openPage } = useBrowser();

async function post(url: string, body: object, language: 'sv' | 'en'): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A verified e-mail and password account, registered in Swedish; its session token. */
async function registerInSwedish(email: string): Promise<string> {
  const password = 'språk-och-post-2026';
  await post(
    '/api/auth/register',
    { email, password, firstName: 'Ebba', lastName: 'Lind', acceptTerms: true },
    'sv',
  );
  await withDatabase(databaseUrl, (client) =>
    client.query(
      "UPDATE users SET verified = true, first_name = 'Ebba', last_name = 'Lind' WHERE email = $1",
      [email],
    ),
  );
  return String((await post('/api/auth/login', { email, password }, 'sv')).authorization);
}

const storedLocale = (email: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ locale: string }>('SELECT locale FROM users WHERE email = $1', [
      email,
    ]);
    return rows[0]?.locale;
  });

describe('the language of e-mails', () => {
  it('follows the language a logged-in user picks for the site, and the account settings', async () => {
    const email = `ebba-${randomUUID().slice(0, 10)}@example.se`;
    const token = await registerInSwedish(email);
    expect(await storedLocale(email)).toBe('sv');

    const { context, page } = await openPage();
    await useToken(context, token);
    await page.goto('/sv/app/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Hej Ebba!' }).waitFor();
    await page.getByTestId('language-picker').click();
    await waitForPath(page, '/en/app/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Hello Ebba!' }).waitFor();
    await expect.poll(() => storedLocale(email)).toBe('en');

    // A mail sent afterwards is in English, even when asked for in Swedish.
    const forgot = await fetch(`${baseUrl}/api/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'sv' },
      body: JSON.stringify({ email }),
    });
    expect(forgot.status).toBe(202);
    // The first mail is the Swedish verification link of the registration.
    const mails = await waitForMails(email, 2, 30_000);
    const subjects = mails.map((mail) => mail.Subject);
    expect(subjects).toContain('Reset your password at Konsultmarknaden');
    expect(subjects).not.toContain('Återställ ditt lösenord hos Konsultmarknaden');

    // The account settings name the language of the mails, and set it back to Swedish.
    await page.goto('/en/app/settings');
    const choice = page.getByTestId('settings-mail-language');
    expect(await choice.inputValue()).toBe('en');
    await choice.selectOption('sv');
    await page.getByTestId('settings-account').getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your details have been saved').waitFor();
    await expect.poll(() => storedLocale(email)).toBe('sv');
    // The site itself stays in English until the picker changes it.
    expect(new URL(page.url()).pathname).toBe('/en/app/settings');

    const change = await fetch(`${baseUrl}/api/user/settings/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', authorization: token },
      body: JSON.stringify({ email: `ebba-new-${randomUUID().slice(0, 10)}@example.se` }),
    });
    expect(change.status).toBe(200);
    await waitForMails(email, 3, 30_000);
    expect((await findMails(email)).map((mail) => mail.Subject)).toContain(
      'Bekräfta byte av e-postadress hos Konsultmarknaden',
    );
    await context.close();
  });

  it('is not touched by a visitor switching the language', async () => {
    const { context, page } = await openPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user') {
        calls.push(request.url());
      }
    });
    await page.goto('/sv/faq');
    await agreeToCookies(page);
    await page.getByTestId('language-picker').click();
    await waitForPath(page, '/en/faq');
    expect(calls).toEqual([]);
    await context.close();
  });
});
