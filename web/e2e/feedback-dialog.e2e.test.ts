import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken, withDatabase } from './support';

// The feedback dialog (QA finding 3): a double click on Send stores one feedback, so one confirmation mail; a
// failure while it is open is told in an alert that assistive technology can reach (the dialog hides the rest of
// the page from it), and the message stays.

const { baseUrl, databaseUrl, openPage } = useBrowser();

describe('the feedback dialog', () => {
  it('sends once on a double click', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Cecilia' });
    const { context, page } = await openPage(1280);
    await useToken(context, user.token);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback') posts += 1;
    });
    await page.goto('/en/app/dashboard');
    await page.getByTestId('nav-feedback').click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.getByTestId('feedback-message').fill('The contract page could name the project.');
    await page.getByTestId('feedback-send').dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('app-alert').waitFor();
    await page.waitForLoadState('networkidle');
    expect(posts).toBe(1);
    const stored = await withDatabase(databaseUrl, (client) =>
      client.query('SELECT message FROM feedback WHERE user_id = $1', [user.userId]),
    );
    expect(stored.rows).toEqual([{ message: 'The contract page could name the project.' }]);
    await context.close();
  });

  it("says 'Cannot contain only spaces' for only spaces, and Send waits for a message (QA11 F7)", async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Cecilia' });
    const { context, page } = await openPage(1280);
    await useToken(context, user.token);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback') posts += 1;
    });
    await page.goto('/en/app/dashboard');
    await page.getByTestId('nav-feedback').click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    const send = page.getByTestId('feedback-send');
    await dialog.getByTestId('feedback-message').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByTestId('feedback-message').fill('    ');
    await dialog.getByText('Cannot contain only spaces').waitFor();
    expect(await dialog.getByText('Field is required').count()).toBe(0);
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByTestId('feedback-message').fill('The week view could start on Monday.');
    expect(await dialog.getByText('Cannot contain only spaces').count()).toBe(0);
    await send.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(posts).toBe(1);
    await context.close();
  });

  it('tells of a failure while it is open in an alert outside what the dialog hides, and keeps the message', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Cecilia' });
    const { context, page } = await openPage(1280);
    await useToken(context, user.token);
    await page.goto('/en/app/dashboard');
    await page.getByTestId('nav-feedback').click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.getByTestId('feedback-message').fill('The time page could remember the week.');
    // The connection drops as it is sent.
    await page.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('feedback-send').click();
    // By role: an element under `aria-hidden` has none, so this finds the alert only if a screen reader would.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Whoops! Something went wrong. Please try again' })
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('feedback-message').inputValue()).toBe(
      'The time page could remember the week.',
    );
    await context.close();
  });
});
