import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForMailAbout } from '@mp/test-support/mail-sink';
import { createUser, screenshot, useBrowser, useToken, waitForPath, withDatabase } from '../support';

// The Full Coach Package's feedback session: an admin adds a time in the admin area, a consultant buys the Full
// package with a card on a 375 px phone, books that time on the assessment page and gets the confirmation
// mail; the admin then sees who booked it.

const { baseUrl, databaseUrl, openPage } = useBrowser();

async function addCardInBrowser(page: Page, number: string, returnPath: string) {
  await page.getByTestId('add-card').click();
  await page.getByTestId('card-number').waitFor();
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('737');
  await page.getByTestId('card-submit').click();
  await waitForPath(page, returnPath);
  await page.getByTestId('card-summary').waitFor();
}

/** `YYYY-MM-DDTHH:MM` for a datetime-local input: `days` from now at 09:00 in the browser's time zone. */
function localDateTime(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
}

describe('journey: the Full Coach Package feedback session', () => {
  it('an admin adds a time; a Full package buyer books it on a phone and gets the confirmation', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Greta' });
    const adminPage = await openPage();
    await useToken(adminPage.context, admin.token);
    // Days ahead that no other run of this test has used, so the time is this run's own.
    const days = 30 + (parseInt(randomUUID().slice(0, 4), 16) % 300);
    await adminPage.page.goto('/en/god/coach-slots');
    await adminPage.page.getByTestId('coach-slot-start').fill(localDateTime(days));
    await adminPage.page.getByTestId('coach-slot-add').click();
    await adminPage.page.getByText('The time was added').waitFor();
    await screenshot(adminPage.page, 'admin-coach-slots-1280');

    // A name of this run's own: earlier runs' bookings stay in the shared test database.
    const firstName = `Sixten${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`;
    const consultant = await createUser(baseUrl, databaseUrl, { firstName });
    const email = `sixten-${randomUUID().slice(0, 8)}@example.se`;
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET email = $2 WHERE id = $1', [consultant.userId, email]),
    );
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    await page.goto('/sv/app/assessment');
    await addCardInBrowser(page, '4242 4242 4242 4242', '/sv/app/assessment');
    await page.locator('input[type="radio"][value="full_coach"]').check();
    await page.getByTestId('buy-assessment').click();
    await page.getByTestId('assessment-question').waitFor();

    await page.getByTestId('coach-session').waitFor();
    const options = page.getByTestId('coach-slot-option');
    const times = await page.locator('[data-testid="coach-session"] label').allTextContents();
    const wanted = new Intl.DateTimeFormat('sv-SE', {
      dateStyle: 'full',
      timeZone: 'Europe/Stockholm',
    }).format(new Date(`${localDateTime(days)}:00`));
    const index = times.findIndex((text) => text.startsWith(wanted));
    expect(index, `no time on ${wanted} among ${times.join(' | ')}`).toBeGreaterThanOrEqual(0);
    await options.nth(index).check();
    await page.getByTestId('coach-book').click();
    await page.getByTestId('coach-booking').waitFor();
    expect(await page.getByTestId('coach-booking').textContent()).toMatch(
      new RegExp(`^Bokad: ${wanted} \\d{2}:\\d{2}–\\d{2}:\\d{2} \\(svensk tid\\)`),
    );
    // The page is usable on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'coach-session-booked-375');

    // The package's receipt goes to the same address: the booking's mail is found by its subject.
    const mail = await waitForMailAbout(email, /^Din återkopplingssession är bokad/);
    expect(mail.Subject).toMatch(new RegExp(`^Din återkopplingssession är bokad: ${wanted}`));
    expect(mail.Text).toContain('/sv/app/assessment');

    await adminPage.page.reload();
    const booked = adminPage.page.locator('[data-testid="coach-slot"][data-booked="true"]', {
      hasText: `Booked by ${firstName} Lindqvist`,
    });
    await booked.waitFor();
    await context.close();
    await adminPage.context.close();
  });
});
