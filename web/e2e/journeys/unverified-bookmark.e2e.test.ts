import { describe, expect, it } from 'vitest';
import { useBrowser, waitForPath } from '../support';
import {
  completeSetup,
  followLink,
  JOURNEY_TIMEOUT_MS,
  logInWithBankId,
  mailedLink,
  newPerson,
  openBrowser,
} from './steps';

// Journey: a person nobody has seen logs in with Mobile BankID and, before finishing the account, opens a
// bookmarked app page (or an app link from a mail). The app sends an unconfirmed account to first setup, which
// remembers the page: the mailed confirmation link brings them back to it rather than to the dashboard.

const { baseUrl, browser } = useBrowser();

describe('journey: an unconfirmed account opens an app page', () => {
  it(
    'goes through setup and the mailed link, and lands on the page it asked for',
    async () => {
      const person = newPerson('Greta', 'Holm');
      const asked = '/app/search?keywords=kotlin';

      const { context, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await logInWithBankId(page, person.personalNumber);
      await waitForPath(page, '/en/auth/setup');

      // The bookmark: setup first, carrying the page (path and query) on.
      await page.goto(`/en${asked}`);
      await completeSetup(page, person, undefined, asked);

      // The confirmation link carries it too, and opening it confirms the address and lands on the page.
      const link = await mailedLink(person.email, '/verify/email');
      expect(new URL(link).searchParams.get('redirect')).toBe(asked);
      await followLink(page, link);
      await waitForPath(page, `/en${asked}`);
      await page.getByRole('heading', { level: 1, name: 'Find consultants' }).waitFor();
      expect(await page.getByTestId('keyword-input').inputValue()).toBe('kotlin');
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
