import { describe, expect, it } from 'vitest';
import { findMails } from '@mp/test-support/mail-sink';
import { pathOf, useBrowser, waitForPath, withDatabase } from '../support';
import {
  followLink,
  JOURNEY_TIMEOUT_MS,
  logInWithPassword,
  mailedLink,
  newAddress,
  openBrowser,
  openPasswordForm,
} from './steps';

// QA, first-time journeys: an e-mail and password sign-up asked only for the address and a password, so the
// account reached the app without accepting the terms or confirming being 18, which a BankID user ticks at
// first setup. And a verified user who opened auth/setup saw the setup form saying the account still needed
// activating. Now the sign-up form has the setup page's consent box, and setup sends a verified user on.

const { baseUrl, databaseUrl, browser } = useBrowser();

describe('journey: consent at e-mail sign-up, and first setup once verified', () => {
  it(
    'asks for the same consent as first setup, records it, and sends a verified user from setup to the app',
    async () => {
      const email = newAddress('Signe');
      const password = 'höst-2026-lingon';

      const { context, page } = await openBrowser(browser(), baseUrl, '/sv/login');
      await openPasswordForm(page);
      await page.getByRole('button', { name: 'Inget konto? Skapa ett med e-post' }).click();
      const form = page.getByTestId('password-form');
      await form.getByLabel('E-postadress').fill(email);
      await form.getByLabel(/^Lösenord/).fill(password);

      // The setup page's box: its wording and its links to the terms and the privacy policy.
      const consent = form.getByRole('checkbox', {
        name: 'Jag har läst och godkänner användarvillkoren och har tagit del av integritetspolicyn. Jag har fyllt 18 år.',
      });
      expect(await consent.isChecked()).toBe(false);
      expect(await form.getByRole('link', { name: 'användarvillkoren' }).getAttribute('href')).toBe(
        '/sv/tos-users',
      );
      expect(await form.getByRole('link', { name: 'integritetspolicyn' }).getAttribute('href')).toBe(
        '/sv/privacy-policy',
      );

      // Without the box ticked, or without a name (QA5 F1: the form never asked for one), nothing is sent.
      await form.getByRole('button', { name: 'Skapa konto' }).click();
      await form.getByText('Du måste godkänna för att fortsätta').waitFor();
      await form.getByText('Ange förnamn').waitFor();
      await form.getByText('Ange efternamn').waitFor();
      expect(await page.getByTestId('confirm-email-prompt').count()).toBe(0);
      expect(await findMails(email)).toHaveLength(0);

      await form.getByLabel('Förnamn').fill('Signe');
      await form.getByLabel('Efternamn').fill('Åkerlund');
      await consent.check();
      await form.getByRole('button', { name: 'Skapa konto' }).click();
      await page.getByTestId('confirm-email-prompt').waitFor();

      // The mailed link confirms the address; logging in then goes straight to the app, with the current
      // terms already accepted (no updated-terms dialog), as for a BankID user after setup.
      await followLink(page, await mailedLink(email, '/verify/email'));
      await page.getByTestId('email-verified').waitFor();
      await page.goto('/en/login');
      await logInWithPassword(page, email, password);
      await waitForPath(page, '/en/app/dashboard');
      // The name given at sign-up greets them, and nothing asks for it again.
      await page.getByRole('heading', { level: 1, name: 'Hello Signe!' }).waitFor();
      expect(await page.getByTestId('terms-dialog').count()).toBe(0);
      expect(await page.getByTestId('dashboard-no-name').count()).toBe(0);
      const token = await page.evaluate(() => window.localStorage.getItem('km.token'));
      const user = (await (
        await fetch(`${baseUrl}/api/user`, { headers: { authorization: token ?? '' } })
      ).json()) as { verified: boolean; terms: { accepted: boolean } };
      // (Which version was recorded is checked by the API's tests: this database may have none published.)
      expect(user).toMatchObject({
        verified: true,
        terms: { accepted: true },
        firstName: 'Signe',
        lastName: 'Åkerlund',
      });

      // First setup is done: auth/setup sends a verified user to the dashboard, with or without the app loaded
      // (a full page load, then a navigation inside the app), and never says the account needs activating.
      await page.goto('/en/auth/setup');
      await waitForPath(page, '/en/app/dashboard');
      expect(await page.getByTestId('confirm-email-prompt').count()).toBe(0);
      await page.evaluate(() => {
        window.history.pushState(null, '', '/en/auth/setup');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await waitForPath(page, '/en/app/dashboard');

      // The page after setup stays reachable (spec section 2).
      await page.goto('/en/auth/setup/success');
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
      expect(pathOf(page)).toBe('/en/auth/setup/success');

      // An account from before the form asked for a name (QA5 F1): the dashboard asks for it, and leads to the
      // settings where it is given; then the prompt is gone.
      await withDatabase(databaseUrl, (client) =>
        client.query('UPDATE users SET first_name = NULL, last_name = NULL WHERE email = $1', [email]),
      );
      await page.goto('/en/app/dashboard');
      const prompt = page.getByTestId('dashboard-no-name');
      await prompt.getByText('Add your name: it is shown to your company', { exact: false }).waitFor();
      await prompt.getByRole('link', { name: 'Add your name' }).click();
      await waitForPath(page, '/en/app/settings');
      await page.getByLabel('First name').fill('Signe');
      await page.getByLabel('Last name').fill('Åkerlund');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Your details have been saved').waitFor();
      await page.goto('/en/app/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Hello Signe!' }).waitFor();
      expect(await page.getByTestId('dashboard-no-name').count()).toBe(0);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
