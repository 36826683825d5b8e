import { describe, expect, it } from 'vitest';
import { callApi, createUser, useBrowser, waitForPath } from '../support';
import {
  JOURNEY_TIMEOUT_MS,
  logInWithBankId,
  newPerson,
  openBrowser,
  openFromMenu,
  publicProfilePath,
  saveProfile,
  signUpWithBankId,
} from './steps';

// Journey: a consultant (made here from scratch) with a public profile deletes the account: types the word,
// confirms with BankID, is logged out, and the public profile then answers 'Profile no longer exists'. While
// they are the only admin of a company with another member, the dialog says what to do first.

const { baseUrl, databaseUrl, browser } = useBrowser();

describe('journey: a user deletes the account', () => {
  it(
    'types the word, confirms with BankID, is logged out, and the public profile is gone',
    async () => {
      const person = newPerson('Torsten', 'Lind');
      const { context, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await signUpWithBankId(page, person);

      // A profile a visitor can open.
      await openFromMenu(page, 'My profile');
      await page.getByTestId('edit-profile').waitFor();
      await page.getByTestId('profile-job-titles').fill('Network technician');
      await page.keyboard.press('Enter');
      await saveProfile(page);
      const profilePath = await publicProfilePath(page);
      const visitor = await openBrowser(browser(), baseUrl, profilePath);
      await visitor.page.getByTestId('profile-view').waitFor();

      // The only admin of a company with one other member.
      const token = (await page.evaluate(() => window.localStorage.getItem('km.token')))!;
      const { company } = await callApi<{ company: { id: string } }>(baseUrl, token, 'POST', '/companies', {
        body: {
          businessName: 'Lind Nätverk AB',
          businessType: 'limited_company',
          organisationNumber: '556677-8899',
          vatNumber: 'SE556677889901',
          website: '',
          address: 'Storgatan 1, 111 22 Stockholm',
        },
      });
      const { link } = await callApi<{ link: string }>(baseUrl, token, 'GET', `/company/${company.id}/link`);
      const colleague = await createUser(baseUrl, databaseUrl);
      await callApi(baseUrl, colleague.token, 'POST', `/company/link/${link}`);

      // Settings, privacy: delete, with the typed word and BankID.
      await openFromMenu(page, 'Settings');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      await waitForPath(page, '/en/app/settings/privacy');
      await page.getByTestId('delete-account').click();
      const dialog = page.getByRole('dialog', { name: 'Delete the account' });
      // Anything but the word keeps the dialog on this step.
      await dialog.getByTestId('delete-word').fill('ta bort');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('Type the word delete to confirm').waitFor();
      expect(await dialog.getByTestId('delete-with-bankid').count()).toBe(0);
      await dialog.getByTestId('delete-word').fill('delete');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      // Refused before BankID opens, saying what to do; the dialog stays on the choice.
      await dialog.getByTestId('delete-with-bankid').click();
      await expect
        .poll(() => page.getByTestId('app-alert').textContent())
        .toBe(
          'You are the only administrator of Lind Nätverk AB. Make another member an administrator, or remove the other members, before you delete your account',
        );
      await dialog.getByTestId('delete-with-bankid').waitFor();
      await callApi(baseUrl, token, 'DELETE', `/company/${company.id}/users/${colleague.userId}`);

      await dialog.getByTestId('delete-with-bankid').click();
      // The simulator's phone signs the confirmation order by itself.
      // The page says when the data goes and when the person can come back (the purge date rides along).
      await waitForPath(page, /^\/en\/auth\/account\/removed\?purgeAfter=/);
      await page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }).waitFor();
      const purgeDate = (await page.getByTestId('account-removed-retention').textContent())!.match(
        /^Your personal data is erased for good after (\d{1,2} \w+ \d{4})\./,
      )?.[1];
      expect(purgeDate).toBeDefined();
      expect(await page.getByTestId('account-removed-come-back').textContent()).toContain(
        `until then you cannot log in with BankID with the same personal identity number. After ${purgeDate} you can log in with BankID again and get a new, empty account.`,
      );
      expect(await page.getByText('you are always welcome back').count()).toBe(0);
      await page.getByTestId('toolbar-login').waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('km.token'))).toBeNull();

      // The public profile says so.
      await visitor.page.reload();
      await visitor.page.getByTestId('profile-error-noLongerExists').waitFor();
      expect(await visitor.page.getByText('Profile no longer exists').count()).toBe(1);
      await visitor.context.close();

      // Logging in again with BankID is refused until the purge, and the page says until when.
      await page.goto('/en/login');
      await logInWithBankId(page, person.personalNumber);
      await waitForPath(page, /^\/en\/auth\/account\/removed\?purgeAfter=/);
      expect(await page.getByTestId('account-removed-retention').textContent()).toContain(
        `erased for good after ${purgeDate}.`,
      );
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
