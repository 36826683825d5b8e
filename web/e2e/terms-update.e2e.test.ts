import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createUser,
  launchBrowser,
  newPage,
  screenshot,
  useToken,
  waitForPath,
  withDatabase,
} from './support';

// A new version of the terms is shown to every logged-in user until they accept it, so this file runs alone,
// after the others (the `web:e2e:alone` project in vitest.config.ts): a test beside it would meet the dialog
// in the middle of its steps.

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
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
      const first = await newPage(browser, baseUrl);
      await useToken(first.context, accepting.token);
      await first.page.goto('/sv/app/settings');
      await first.page.getByTestId('terms-dialog').waitFor();
      await first.page.keyboard.press('Escape');
      await first.page.getByTestId('terms-dialog').waitFor();
      await screenshot(first.page, 'terms-dialog-1280');
      await first.page.getByTestId('terms-accept').click();
      await waitForPath(first.page, '/sv/app/dashboard');
      await first.page.getByTestId('terms-dialog').waitFor({ state: 'detached' });
      await first.context.close();

      const second = await newPage(browser, baseUrl);
      await useToken(second.context, cancelling.token);
      await second.page.goto('/en/app/dashboard');
      await second.page.getByTestId('terms-cancel').click();
      await waitForPath(second.page, '/en/home');
      await second.page.getByTestId('toolbar-login').waitFor();
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
});
