import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { loadIndexerConfig } from '@mp/indexer/config';
import { handleWeeklySavedSearchMail } from '@mp/indexer/jobs/weekly-saved-search-mail.job';
import { createMailer } from '@mp/indexer/mail/mailer';
import { createDatabase } from '@mp/migrations/db';
import { waitForMail, type SinkMessage } from '@mp/test-support/mail-sink';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import {
  axeViolations,
  callApi,
  createUser,
  screenshot,
  useBrowser,
  useToken,
  waitForPath,
  withDatabase,
} from './support';

// A premium buyer's weekly saved-search e-mail, followed from the mail itself (the job run as the indexer's
// tests run it, the mail read from the sink): its "open the search" link loads the saved search, and its
// unsubscribe link turns the weekly mail off without a login. Then the notification switches of the settings.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
let keyword: string;

interface SavedSearch {
  id: string;
  name: string;
  sendEmail: boolean;
}

/** A verified premium buyer with an e-mail address (the weekly mail needs one). */
async function createPremiumBuyer(firstName: string) {
  const user = await createUser(baseUrl, databaseUrl, { firstName });
  const email = `buyer-${randomUUID().slice(0, 12)}@example.se`;
  await withDatabase(databaseUrl, (client) =>
    client.query('UPDATE users SET is_premium = true, email = $2 WHERE id = $1', [user.userId, email]),
  );
  return { ...user, email };
}

async function saveSearch(token: string, name: string, search: object): Promise<SavedSearch> {
  const { searches } = await callApi<{ searches: SavedSearch[] }>(baseUrl, token, 'POST', '/search/save', {
    body: { name, search, sendEmail: true },
  });
  return searches.find((search) => search.name === name)!;
}

/**
 * Runs the weekly job over the test database into this run's index, as the worker would, for a week of its
 * own far ahead (so no other run has mailed it), with this server as the links' host.
 */
async function runWeeklyMail(): Promise<void> {
  const config = loadIndexerConfig({ ...process.env, DATABASE_URL: databaseUrl });
  const db = createDatabase(databaseUrl, { maxConnections: 2 });
  const search = new Client({ node: config.ELASTICSEARCH_URL });
  const mailer = createMailer(config);
  const week = new Date(
    Date.UTC(2040 + Math.floor(Math.random() * 50), 0, 1 + Math.floor(Math.random() * 360), 6),
  );
  try {
    await handleWeeklySavedSearchMail(
      { db, search, alias: searchAlias, mailer, publicUrl: baseUrl },
      {},
      week,
    );
  } finally {
    mailer.close();
    await search.close();
    await db.destroy();
  }
}

function linkAfter(mail: SinkMessage, label: string): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(mail.Text);
  if (!match) throw new Error(`no "${label}" link in "${mail.Subject}"`);
  return match[1]!;
}

async function expectCount(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('results-count').textContent(), { timeout: 15_000 }).toBe(text);
}

const dropdown = (page: Page) => page.getByTestId('saved-search-dropdown');
/** The saved search the dropdown shows (its value, not its label). */
const shownSavedSearch = (page: Page) => dropdown(page).locator('.MuiSelect-select').textContent();

beforeAll(async () => {
  keyword = uniqueKeyword();
  await seedConsultants({ databaseUrl, searchAlias }, keyword, [
    { firstName: 'Greta', lastName: 'Garbo', locations: ['stockholm'] },
    { firstName: 'Sven', lastName: 'Svensson', locations: ['stockholm'] },
    { firstName: 'Stina', lastName: 'Sundin', locations: ['stockholm'] },
    { firstName: 'Maja', lastName: 'Malm', locations: ['goteborg'] },
  ]);
}, 120_000);

describe('the weekly saved-search e-mail', () => {
  it("opens its saved search from the mail's link on a phone, and unsubscribes without a login", async () => {
    const buyer = await createPremiumBuyer('Maud');
    const saved = await saveSearch(buyer.token, 'Sthlm-mejl', {
      searchTerm: keyword,
      locations: ['stockholm'],
      skills: ['TypeScript'],
    });
    await runWeeklyMail();
    const mail = await waitForMail(buyer.email);
    expect(mail.Subject).toBe('3 konsulter matchar "Sthlm-mejl"');
    const searchLink = linkAfter(mail, 'Öppna sökningen');
    expect(searchLink).toBe(`${baseUrl}/sv/app/search?savedSearch=${saved.id}`);

    const { context, page } = await openPage(375);
    await useToken(context, buyer.token);
    await page.goto(searchLink);
    // The saved search's criteria, and its keyword in the address as the page always shows it.
    await expectCount(page, '3 konsulter hittades');
    await waitForPath(page, `/sv/app/search?keywords=${keyword}`);
    expect(await page.getByTestId('keyword-input').inputValue()).toBe(keyword);
    // The dropdown shows the loaded search, as wide as the phone's page (it was 46 px: "S…").
    await expect.poll(() => shownSavedSearch(page)).toBe('Sthlm-mejl');
    const width = await dropdown(page).evaluate(
      (element) => element.closest('.MuiFormControl-root')!.getBoundingClientRect().width,
    );
    expect(width).toBeGreaterThanOrEqual(375 - 2 * 16 - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'search-saved-search-from-mail-375');
    // Until the criteria change.
    await page.getByTestId('keyword-input').fill(`${keyword} x`);
    await page.getByTestId('keyword-submit').click();
    await expect.poll(() => shownSavedSearch(page)).not.toContain('Sthlm-mejl');

    // An id that is not one of the user's saved searches (unknown, or another user's) says so.
    const stranger = await createPremiumBuyer('Gun');
    const foreign = await saveSearch(stranger.token, 'Annans', { searchTerm: keyword });
    for (const id of [randomUUID(), foreign.id]) {
      await page.goto(`/sv/app/search?savedSearch=${id}`);
      const notFound = page.getByTestId('saved-search-not-found');
      await notFound.waitFor();
      expect(await notFound.textContent()).toContain(
        'Sökningen i länken finns inte bland dina sparade sökningar.',
      );
      await expect.poll(() => new URL(page.url()).searchParams.has('savedSearch')).toBe(false);
    }
    expect(await axeViolations(page, 'saved search not found')).toEqual([]);
    await screenshot(page, 'search-saved-search-not-found-375');
    await context.close();

    // The mail's unsubscribe link, opened logged out: the weekly mail of that search is off.
    const unsubscribeLink = linkAfter(mail, 'Avsluta veckomejlet för den här sökningen');
    expect(unsubscribeLink.startsWith(`${baseUrl}/sv/unsubscribe?token=`)).toBe(true);
    const visitor = await openPage(375);
    await visitor.page.goto(unsubscribeLink);
    const done = visitor.page.getByTestId('unsubscribe-done');
    await done.waitFor();
    expect(await done.textContent()).toContain(
      'Du får inte längre veckomejl för den sparade sökningen ”Sthlm-mejl”.',
    );
    expect(await axeViolations(visitor.page, 'unsubscribed')).toEqual([]);
    await screenshot(visitor.page, 'unsubscribe-done-375');
    await visitor.page.goto('/en/unsubscribe?token=not-a-token');
    await visitor.page.getByTestId('unsubscribe-invalid').waitFor();
    await visitor.context.close();
    const { searches } = await callApi<{ searches: SavedSearch[] }>(
      baseUrl,
      buyer.token,
      'GET',
      '/search/save',
    );
    expect(searches.find((search) => search.id === saved.id)!.sendEmail).toBe(false);
  });

  it("keeps a must-have skill's years as typed and says why it cannot take them", async () => {
    const buyer = await createPremiumBuyer('Vera');
    const saved = await saveSearch(buyer.token, 'Erfarna', {
      searchTerm: keyword,
      skills: ['TypeScript'],
      skillRequirements: [{ skill: 'TypeScript', minYears: 2.5 }],
    });
    const { context, page } = await openPage();
    await useToken(context, buyer.token);
    await page.goto(`/sv/app/search?savedSearch=${saved.id}`);
    await expectCount(page, '4 konsulter hittades');
    const minYears = page.getByTestId('min-years-typescript');
    const usedWithin = page.getByTestId('used-within-typescript');
    // Half years, as the profiles have them, written the Swedish way.
    await expect.poll(() => minYears.inputValue()).toBe('2,5');
    const helper = async (field: typeof minYears) =>
      field.evaluate((input) => input.closest('.MuiFormControl-root')!.querySelector('p')?.textContent ?? '');

    for (const [field, typed, message] of [
      [minYears, '65', 'Ange högst 60 år'],
      [minYears, '-3', 'Får inte vara ett negativt tal'],
      [usedWithin, '2,5', 'Ange ett helt antal år'],
    ] as const) {
      await field.fill('');
      await field.pressSequentially(typed);
      expect(await field.inputValue()).toBe(typed);
      await expect.poll(() => helper(field)).toBe(message);
    }
    // Put right, the message goes and the years count.
    await minYears.fill('7');
    await usedWithin.fill('1');
    await expect.poll(() => helper(minYears)).toBe('');
    await expectCount(page, 'Inga konsulter hittades');
    await context.close();
  });
});

describe('the notification settings', () => {
  it('stores the saved-search and news switches, and offers no switch with nothing behind it', async () => {
    const buyer = await createPremiumBuyer('Elsa');
    const { context, page } = await openPage();
    await useToken(context, buyer.token);
    await page.goto('/sv/app/settings/options');
    const savedSearches = page.getByTestId('notification-savedSearches');
    const news = page.getByTestId('notification-marketing');
    await savedSearches.waitFor();
    expect(await savedSearches.isChecked()).toBe(true);
    expect(await news.isChecked()).toBe(false);
    expect(await page.locator('body').textContent()).not.toContain('Tips om din profil');

    for (const [toggle, expected] of [
      [savedSearches, false],
      [news, true],
    ] as const) {
      await toggle.click();
      await expect.poll(() => page.getByTestId('app-alert').textContent()).toBe('Dina val har sparats');
      await page.getByTestId('app-alert').getByRole('button').click();
      await expect.poll(() => toggle.isChecked()).toBe(expected);
    }
    await page.reload();
    await savedSearches.waitFor();
    expect(await savedSearches.isChecked()).toBe(false);
    expect(await news.isChecked()).toBe(true);
    expect(await axeViolations(page, 'notifications')).toEqual([]);
    await screenshot(page, 'settings-notifications-1280');
    const user = await callApi<{ settings: { notifications: object } }>(baseUrl, buyer.token, 'GET', '/user');
    expect(user.settings.notifications).toEqual({ marketing: true, savedSearches: false });
    // Saving a search with the weekly e-mail then says why none will come.
    await page.goto('/sv/app/search');
    await page.getByTestId('save-search').click();
    await expect
      .poll(() => page.getByTestId('save-search-dialog').textContent())
      .toContain('Du har stängt av veckomejl om sparade sökningar under Inställningar > Aviseringar');
    await context.close();
  });
});
