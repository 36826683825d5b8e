import { describe, expect, it } from 'vitest';
import {
  callApi,
  createUser,
  screenshot,
  settled,
  useBrowser,
  useToken,
  waitForPath,
  withDatabase,
} from './support';
import {
  completeSetup,
  expectDashboard,
  followLink,
  logInWithBankId,
  mailedLink,
  newPerson,
  openBrowser,
  JOURNEY_TIMEOUT_MS,
} from './journeys/steps';

// A new version of the terms is shown to every logged-in user until they accept it, so this file runs alone,
// after the others (the `web:e2e:alone` project in vitest.config.ts): a test beside it would meet the dialog
// in the middle of its steps.

const { baseUrl, databaseUrl, browser, openPage } = useBrowser();

describe('published terms and policies', () => {
  it('shows the published privacy policy on its page, and the dialog names only that policy', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const inserted = await withDatabase(databaseUrl, (client) =>
      client.query<{ id: string }>(
        `INSERT INTO terms_versions (kind, version, published_at, effective_at, body_sv, body_en)
         SELECT 'privacy', COALESCE(MAX(version), 0) + 1, now() - interval '1 minute',
                timestamptz '2031-03-15 12:00+01', 'Ny integritetspolicy.\n\nAndra stycket.',
                'New privacy policy.\n\nSecond paragraph.'
         FROM terms_versions WHERE kind = 'privacy' RETURNING id`,
      ),
    );
    const versionId = inserted.rows[0]!.id;
    try {
      // Server-rendered: the published text is in the page before any script runs.
      const html = await (await fetch(`${baseUrl}/sv/privacy-policy`)).text();
      expect(html).toContain('Ny integritetspolicy.');
      expect(html).toContain('En ny version gäller från 15 mars 2031');

      // Until it takes effect, the policy in force (here the built-in text) comes first, the new one after it.
      const { context, page } = await openPage();
      await page.goto('/en/privacy-policy');
      await page.getByTestId('legal-upcoming-body').waitFor();
      expect(await page.getByTestId('legal-upcoming-body').locator('p').allTextContents()).toEqual([
        'New privacy policy.',
        'Second paragraph.',
      ]);
      expect(await page.getByTestId('legal-updated').textContent()).toContain(
        'A new version takes effect on 15 March 2031',
      );
      await page
        .getByRole('heading', { level: 2, name: 'The new version, in force from 15 March 2031' })
        .waitFor();
      expect(await page.getByTestId('legal-published-body').count()).toBe(0);
      expect(await page.locator('article').first().textContent()).not.toContain('New privacy policy.');
      // Nothing published for the cookie policy: its built-in text.
      await page.goto('/en/cookies');
      await page.getByRole('heading', { level: 1, name: 'Cookie policy', exact: true }).waitFor();
      expect(await page.getByTestId('legal-published-body').count()).toBe(0);

      await useToken(context, user.token);
      await page.goto('/en/app/dashboard');
      await page.getByTestId('terms-dialog').waitFor();
      expect(await page.getByTestId('terms-dialog').locator('h2').textContent()).toBe(
        'We have updated our privacy policy',
      );
      const change = page.getByTestId('terms-dialog-change-privacy');
      expect(await change.locator('a').getAttribute('href')).toBe('/en/privacy-policy');
      expect(await change.textContent()).toContain('Takes effect on 15 March 2031');
      expect(await page.getByTestId('terms-dialog-changes').locator('li').count()).toBe(1);
      await screenshot(page, 'terms-dialog-privacy-1280');
      await page.getByTestId('terms-accept').click();
      await page.getByTestId('terms-dialog').waitFor({ state: 'detached' });
      await context.close();
    } finally {
      await withDatabase(databaseUrl, async (client) => {
        await client.query('DELETE FROM terms_acceptances WHERE terms_version_id = $1', [versionId]);
        await client.query('DELETE FROM terms_versions WHERE id = $1', [versionId]);
      });
    }
  });
});

describe('updated terms', () => {
  it('shows the persistent dialog: accept goes on to the dashboard, cancel logs out and returns home', async () => {
    const accepting = await createUser(baseUrl, databaseUrl);
    const cancelling = await createUser(baseUrl, databaseUrl);
    const inserted = await withDatabase(databaseUrl, (client) =>
      client.query<{ id: string }>(
        `INSERT INTO terms_versions (kind, version, published_at, effective_at, body_sv, body_en)
         SELECT 'users', COALESCE(MAX(version), 0) + 1, now(), now(), 'Villkor', 'Terms' FROM terms_versions
         WHERE kind = 'users' RETURNING id`,
      ),
    );
    const versionId = inserted.rows[0]!.id;
    try {
      const first = await openPage();
      await useToken(first.context, accepting.token);
      await first.page.goto('/sv/app/settings');
      await first.page.getByTestId('terms-dialog').waitFor();
      // Only the terms of use changed: the dialog names them alone and links to their page.
      expect(await first.page.getByTestId('terms-dialog').locator('h2').textContent()).toBe(
        'Vi har uppdaterat våra användarvillkor',
      );
      expect(await first.page.getByTestId('terms-dialog-changes').locator('li').count()).toBe(1);
      expect(
        await first.page.getByTestId('terms-dialog-change-users').locator('a').getAttribute('href'),
      ).toBe('/sv/tos-users');
      await first.page.keyboard.press('Escape');
      await first.page.getByTestId('terms-dialog').waitFor();
      await screenshot(first.page, 'terms-dialog-1280');
      await first.page.getByTestId('terms-accept').click();
      await waitForPath(first.page, '/sv/app/dashboard');
      await first.page.getByTestId('terms-dialog').waitFor({ state: 'detached' });
      await first.context.close();

      // On a phone: the buttons stacked full width, "I accept" on top, each on one line.
      const second = await openPage(375);
      await useToken(second.context, cancelling.token);
      // The inner search page asks for the favourites lists, which need the session.
      await second.page.goto('/en/app/search');
      const acceptBox = (await second.page.getByTestId('terms-accept').boundingBox())!;
      const cancelBox = (await second.page.getByTestId('terms-cancel').boundingBox())!;
      expect(acceptBox.y + acceptBox.height).toBeLessThanOrEqual(cancelBox.y);
      expect(acceptBox.width).toBe(cancelBox.width);
      const lines = (testId: string) =>
        second.page.getByTestId(testId).evaluate((button) => {
          const style = getComputedStyle(button);
          const content =
            button.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return Math.round(content / parseFloat(style.lineHeight));
        });
      expect(await lines('terms-accept')).toBe(1);
      expect(await lines('terms-cancel')).toBe(1);
      await screenshot(second.page, 'terms-dialog-375');
      // Logging out ends the session's queries: nothing is asked with the revoked (or no) token afterwards.
      const refused: string[] = [];
      second.page.on('response', (response) => {
        if (response.status() === 401) refused.push(response.url());
      });
      await second.page.getByTestId('terms-cancel').click();
      await waitForPath(second.page, '/en/home');
      await second.page.getByTestId('toolbar-login').waitFor();
      await settled(second.page);
      expect(refused).toEqual([]);
      expect(await second.page.evaluate(() => window.localStorage.getItem('km.token'))).toBeNull();
      await second.context.close();
    } finally {
      // Other suites share the test database: the new version must not follow them.
      await withDatabase(databaseUrl, async (client) => {
        await client.query('DELETE FROM terms_acceptances WHERE terms_version_id = $1', [versionId]);
        await client.query('DELETE FROM terms_versions WHERE id = $1', [versionId]);
      });
    }
  });

  it(
    'asks nobody in first setup: a new person sees no dialog there, and the setup consent records the version',
    async () => {
      const person = newPerson('Tove', 'Berg');
      const inserted = await withDatabase(databaseUrl, (client) =>
        client.query<{ id: string }>(
          `INSERT INTO terms_versions (kind, version, published_at, effective_at, body_sv, body_en)
           SELECT 'users', COALESCE(MAX(version), 0) + 1, now(), now(), 'Villkor', 'Terms' FROM terms_versions
           WHERE kind = 'users' RETURNING id`,
        ),
      );
      const versionId = inserted.rows[0]!.id;
      try {
        // Someone the system has never seen logs in after the version was published.
        const { context, page } = await openBrowser(browser(), baseUrl, '/en/login');
        await logInWithBankId(page, person.personalNumber);
        await waitForPath(page, '/en/auth/setup');
        await page.getByRole('button', { name: 'Save and send confirmation link' }).waitFor();
        // The dialog is loaded on demand: wait until the page has nothing left to load or render.
        await settled(page);
        expect(await page.getByTestId('terms-dialog').count()).toBe(0);
        await completeSetup(page, person);
        expect(await page.getByTestId('terms-dialog').count()).toBe(0);

        const token = await page.evaluate(() => window.localStorage.getItem('km.token'));
        const { id } = await callApi<{ id: string }>(baseUrl, token!, 'GET', '/user');
        const accepted = await withDatabase(databaseUrl, (client) =>
          client.query('SELECT 1 FROM terms_acceptances WHERE user_id = $1 AND terms_version_id = $2', [
            id,
            versionId,
          ]),
        );
        expect(accepted.rowCount).toBe(1);

        // Verified by the mailed link: on the dashboard, still no dialog.
        await followLink(page, await mailedLink(person.email, '/verify/email'));
        await expectDashboard(page, person);
        await context.close();
      } finally {
        await withDatabase(databaseUrl, async (client) => {
          await client.query('DELETE FROM terms_acceptances WHERE terms_version_id = $1', [versionId]);
          await client.query('DELETE FROM terms_versions WHERE id = $1', [versionId]);
        });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
