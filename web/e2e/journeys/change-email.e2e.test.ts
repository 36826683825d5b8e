import { describe, expect, it } from 'vitest';
import { findMails } from '@mp/test-support/mail-sink';
import { useBrowser, waitForPath } from '../support';
import {
  expectDashboard,
  followLink,
  JOURNEY_TIMEOUT_MS,
  logInWithPassword,
  logOut,
  mailbox,
  mailedLink,
  newAddress,
  newPerson,
  openBrowser,
  openFromMenu,
  signUpWithBankId,
} from './steps';

// Journey: a user with an account (made here from scratch through BankID and setup) adds a password, moves
// the account to a new e-mail address, confirms the move from the link that goes to the OLD address, and logs
// in again with the new address; the old address no longer logs in.

const { baseUrl, browser } = useBrowser();

describe('journey: an existing user changes e-mail address', () => {
  it(
    'confirms the change at the old address and logs in with the new one',
    async () => {
      const person = newPerson('Gunnar', 'Holm');
      const password = 'blåbär-och-lingon';
      const movedTo = newAddress('gunnar-new');

      const { context, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await signUpWithBankId(page, person);

      // A BankID account chooses its first password without a current one.
      await openFromMenu(page, 'Settings');
      await waitForPath(page, '/en/app/settings');
      await page.getByText(`Current address: ${person.email}`).waitFor();
      await page.getByLabel('New password').fill(password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password has been changed').waitFor();

      // The change is confirmed at the old address, so a stolen session cannot move the account.
      await page.getByLabel('New e-mail address').fill(movedTo);
      await page.getByRole('button', { name: 'Change e-mail address' }).click();
      await page.getByText(`We have sent a confirmation link to ${person.email}`).waitFor();
      // Setup's confirmation, the notice that a password was set (QA5 F21), then the change's link.
      const link = await mailedLink(person.email, '/account/email/change', 3);
      expect(await findMails(movedTo)).toHaveLength(0);

      await followLink(page, link);
      await page.getByText('Done! Your e-mail address has been changed.').waitFor();
      // The new address is told it is now the account's.
      expect((await mailbox(movedTo)).map((mail) => mail.Subject)).toEqual([
        'Your e-mail address at Konsultmarknaden has changed',
      ]);

      await page.goto('/en/app/settings');
      await page.getByText(`Current address: ${movedTo}`).waitFor();
      await logOut(page);

      // The old address no longer logs in; the new one does.
      await page.goto('/en/login');
      await logInWithPassword(page, person.email, password);
      await page.getByText('Wrong e-mail or password').waitFor();
      await page.getByLabel('E-mail address').fill(movedTo);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expectDashboard(page, person);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
