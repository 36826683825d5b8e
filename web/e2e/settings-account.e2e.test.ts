import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailedLink } from './journeys/steps';
import { createUser, useBrowser, useToken, withDatabase } from './support';

// Settings, account and privacy (QA pass 3): the password section follows a first password at once, an address
// in use and a used e-mail change link say what happened rather than "try again later", and the Swedish delete
// dialog asks for the Swedish word.

const { baseUrl, databaseUrl, openPage } = useBrowser();

/** A BankID user with a confirmed address of its own. */
async function userWithEmail(): Promise<{ token: string; email: string; userId: string }> {
  const user = await createUser(baseUrl, databaseUrl);
  const email = `qa3-${randomUUID().slice(0, 8)}@example.test`;
  await withDatabase(databaseUrl, (client) =>
    client.query('UPDATE users SET email = $2 WHERE id = $1', [user.userId, email]),
  );
  return { token: user.token, email, userId: user.userId };
}

/** The focused element's tag and text. */
const focusedText = (page: Page) => () =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`);

async function openSettings(token: string, path: string, width = 1280): Promise<Page> {
  const { context, page } = await openPage(width);
  await useToken(context, token);
  await page.goto(path);
  return page;
}

describe('account settings', () => {
  it('asks for the current password right after a first one is set, without a reload', async () => {
    const { token } = await userWithEmail();
    const page = await openSettings(token, '/en/app/settings');
    const security = page.getByTestId('settings-security');
    await security.getByText('You log in with BankID and have no password yet', { exact: false }).waitFor();
    expect(await security.getByLabel('Current password').count()).toBe(0);
    await security.getByLabel('New password').fill('GoodPass2026');
    await security.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await security.getByLabel('Current password').waitFor();
    expect(await security.getByText('have no password yet', { exact: false }).count()).toBe(0);
    await expect.poll(focusedText(page)).toBe('BUTTON Change password');
    await page.context().close();
  });

  it('gives the focus back to the button once "Confirm that it is you" closes (QA11 F3)', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    // A first password needs a fresh confirmation, and the login's has run out.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE sessions SET confirmed_at = NULL WHERE user_id = $1', [user.userId]),
    );
    const page = await openSettings(user.token, '/en/app/settings');
    const security = page.getByTestId('settings-security');
    await security.getByLabel('New password').fill('GoodPass2026');
    await security.getByRole('button', { name: 'Change password' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm that it is you' });
    await dialog.waitFor();
    await page.getByTestId('confirm-with-bankid').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focusedText(page)).toBe('BUTTON Change password');
    await page.context().close();
  });

  it('sets a first password by itself once the user has confirmed with BankID, without a second click', async () => {
    const { token, userId } = await userWithEmail();
    // The login's confirmation has run out: a first password answers 403 CONFIRMATION_REQUIRED (QA11 F4).
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE sessions SET confirmed_at = NULL WHERE user_id = $1', [userId]),
    );
    const page = await openSettings(token, '/en/app/settings');
    const security = page.getByTestId('settings-security');
    await security.getByLabel('New password').fill('GoodPass2026');
    await security.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm that it is you' });
    await dialog.getByText('Then what you started continues by itself.').waitFor();
    await dialog.getByTestId('confirm-with-bankid').click();
    await page.getByText('Your password has been changed').waitFor();
    await security.getByLabel('Current password').waitFor();
    expect(await page.getByText('Please try again').count()).toBe(0);
    await page.context().close();
  });

  it('moves the focus to the current password when it is wrong, which says so', async () => {
    const { token } = await userWithEmail();
    const page = await openSettings(token, '/en/app/settings');
    const security = page.getByTestId('settings-security');
    await security.getByLabel('New password').fill('GoodPass2026');
    await security.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await security.getByLabel('Current password').fill('WrongPass2026');
    await security.getByLabel('New password').fill('BetterPass2026');
    await security.getByRole('button', { name: 'Change password' }).click();
    // The button is disabled while the change is sent: the focus goes to the field refused, not to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('password-current');
    const current = security.getByTestId('password-current');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await current.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The password is not correct');
    // Typing again clears the message.
    await current.fill('GoodPass2026');
    expect(await current.getAttribute('aria-invalid')).toBe('false');
    await page.context().close();
  });

  it('says an address in use is in use, in both languages', async () => {
    const { token } = await userWithEmail();
    const other = await userWithEmail();
    for (const [language, expected] of [
      ['en', 'This e-mail address is already used by another account. Choose another address.'],
      ['sv', 'E-postadressen används redan av ett annat konto. Välj en annan adress.'],
    ] as const) {
      const page = await openSettings(token, `/${language}/app/settings`);
      const security = page.getByTestId('settings-security');
      await security
        .getByRole('textbox', { name: language === 'en' ? 'New e-mail address' : 'Ny e-postadress' })
        .fill(other.email);
      await security.locator('form').first().getByRole('button').click();
      await expect.poll(() => page.getByTestId('app-alert').textContent()).toBe(expected);
      await page.context().close();
    }
  });

  it('says a used e-mail change link was used and the address is changed already', async () => {
    const { token, email } = await userWithEmail();
    const newEmail = `qa3-new-${randomUUID().slice(0, 8)}@example.test`;
    const page = await openSettings(token, '/en/app/settings');
    const security = page.getByTestId('settings-security');
    await security.getByRole('textbox', { name: 'New e-mail address' }).fill(newEmail);
    await security.locator('form').first().getByRole('button').click();
    // QA11 F3: the button, disabled while the request ran, has the focus again (not the page).
    await expect.poll(focusedText(page)).toBe('BUTTON Change e-mail address');
    // The link is in the language of the account's mails, Swedish.
    const link = new URL(await mailedLink(email, '/sv/account/email/change'));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Klart! Din e-postadress är bytt.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('email-change-failed').textContent())
      .toBe('Länken har redan använts: din e-postadress är redan bytt.');
    expect(await page.getByText('försök igen senare', { exact: false }).count()).toBe(0);
    await page.context().close();
  });
});

describe('deleting the account in Swedish', () => {
  it('asks for the word radera, says so, and refuses anything else in Swedish', async () => {
    const { token } = await userWithEmail();
    const page = await openSettings(token, '/sv/app/settings/privacy', 375);
    await page.getByTestId('delete-account').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText('Skriv radera i fältet nedan för att gå vidare.').count()).toBe(1);
    // Before the deletion it says that BankID signs up the same person again only after the erasure (QA11 F12).
    expect(await dialog.getByTestId('delete-retention').textContent()).toContain(
      'Fram till dess kan du inte registrera dig igen med BankID med samma personnummer',
    );
    await dialog.getByTestId('delete-word').fill('ta bort');
    await dialog.getByRole('button', { name: 'Fortsätt' }).click();
    await dialog.getByText('Skriv ordet radera för att bekräfta').waitFor();
    await dialog.getByTestId('delete-word').fill('Radera');
    await dialog.getByRole('button', { name: 'Fortsätt' }).click();
    await dialog.getByTestId('delete-with-bankid').waitFor();
    await page.context().close();
  });
});
