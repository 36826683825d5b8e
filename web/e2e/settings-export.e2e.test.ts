import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken, withDatabase } from './support';

// settings/export: the browser saves the zip under the name the API gives it (Content-Disposition), and the
// page lists what the zip holds.

const { baseUrl, databaseUrl, openPage } = useBrowser();

describe('download my data', () => {
  it("saves the zip under the server's file name", async () => {
    // Just logged in with BankID: the export's confirmation is fresh.
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Elsa' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/en/app/settings/export');
    await page
      .getByText('Payment details, saved cards, card payments with receipts and subscriptions')
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-export').click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`konsultmarknaden-data-${today}.zip`);
    const zip = await readFile((await download.path()) ?? '');
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();
  });

  it('continues the download by itself after the BankID confirmation (no second click)', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Ebba' });
    // The login's confirmation has run out: the export answers 403 CONFIRMATION_REQUIRED.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE sessions SET confirmed_at = NULL WHERE user_id = $1', [user.userId]),
    );
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/en/app/settings/export');
    await page.getByTestId('download-export').click();
    await page.getByRole('dialog', { name: 'Confirm that it is you' }).waitFor();
    await page.getByText('Then what you started continues by itself.').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('confirm-with-bankid').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^konsultmarknaden-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await page.getByText('Please try again').count()).toBe(0);
    await context.close();
  });
});
