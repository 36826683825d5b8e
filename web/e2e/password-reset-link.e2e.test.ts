import { describe, expect, it } from 'vitest';
import { mailbox, mailedLink, newAddress, openBrowser } from './journeys/steps';
import { axeViolations, screenshot, useBrowser, withDatabase } from './support';

// A password reset link opened again (from the mail program, after the password was changed with it) says at
// once that it has been used, before anyone types a new password, and offers a new link there and then; the
// new link works.

const { baseUrl, databaseUrl, browser } = useBrowser();

async function post(url: string, body: object): Promise<void> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

describe('a password reset link opened again', () => {
  it('says at once that it was used, and a new link from the page works', async () => {
    const email = newAddress('reset-again');
    await post('/api/auth/register', {
      email,
      password: 'första-lösen-1',
      firstName: 'Tove',
      lastName: 'Ek',
      acceptTerms: true,
    });
    await post('/api/auth/password/forgot', { email });
    // The verification mail, then the reset link.
    const link = await mailedLink(email, '/auth/reset-password', 2);

    const { context, page } = await openBrowser(browser(), baseUrl, '/en/faq');
    await page.goto(link);
    await page.getByLabel('New password').fill('andra-lösen-2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();

    // The same link again: no form to fill in, the reason straight away and a way to a new link.
    await page.goto(link);
    const problem = page.getByTestId('reset-link-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain(
      'This link has already been used. A password reset link works once, and a newer link replaces an older one.',
    );
    expect(await page.getByLabel('New password').count()).toBe(0);
    expect(await axeViolations(page, 'auth/reset-password with a used link')).toEqual([]);
    await screenshot(page, 'reset-password-used-link-1280');

    // A reset mail goes out at most once a minute per account: the first link is made a few minutes old.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `UPDATE email_tokens SET created_at = now() - interval '5 minutes'
         WHERE purpose = 'reset' AND user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      ),
    );
    await problem.getByTestId('reset-link-new').click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`If there is an account for ${email}`).waitFor();
    // Verification, first reset link, the notice that the password was changed (QA5 F21), the new link.
    const newest = (await mailbox(email, 4))
      .flatMap((mail) => mail.Text.match(/https?:\/\/\S+/g) ?? [])
      .find((url) => url.includes('/auth/reset-password') && url !== link);
    expect(newest).toBeDefined();

    await page.goto(newest!);
    await page.getByLabel('New password').fill('tredje-lösen-3');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    await context.close();
  });
});
