import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { acceptTerms, createUser, screenshot, useBrowser, useToken, withDatabase } from './support';

// Saved searches and favourites lists of a logged-in buyer (spec sections 2, 4, 5 and 8), through the real
// UI and API. The user logs in through the BankID simulator (createUser).

const { baseUrl, databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
let keyword: string;
let consultantIds: string[];

beforeAll(async () => {
  keyword = uniqueKeyword();
  consultantIds = await seedConsultants({ databaseUrl, searchAlias }, keyword, [
    { firstName: 'Greta', lastName: 'Garbo', locations: ['stockholm'] },
    { firstName: 'Sven', lastName: 'Svensson', locations: ['stockholm'] },
    { firstName: 'Maja', lastName: 'Malm', locations: ['goteborg'] },
    { firstName: 'Olle', lastName: 'Ohlsson', locations: ['skane'] },
  ]);
}, 120_000);

async function expectCount(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('results-count').textContent(), { timeout: 15_000 }).toBe(text);
}

async function expectAlert(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('app-alert').textContent(), { timeout: 10_000 }).toBe(text);
  await page.getByTestId('app-alert').getByRole('button').click();
}

/** The data-testid of the element with focus: where a keyboard user is after an action. */
async function expectFocusOn(page: Page, testId: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe(testId);
}

async function openSavedTab(page: Page): Promise<void> {
  await page.getByTestId('tab-saved').click();
}

describe('saved searches', () => {
  it('saves, loads, renames and deletes a search; the weekly e-mail is for premium users', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Birgitta' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    // Other suites may publish new terms meanwhile; the updated-terms dialog is not what this test is about.
    await acceptTerms(baseUrl, user.token);
    await page.goto(`/sv/app/search?keywords=${keyword}`);
    await expectCount(page, '4 konsulter hittades');
    // Logged in: names on the cards.
    await expect
      .poll(() => page.getByTestId('result-name').allTextContents())
      .toEqual(expect.arrayContaining(['Greta Garbo']));

    await page.getByTestId('locations-input').click();
    await page.getByRole('option', { name: /^Stockholm/ }).click();
    await page.keyboard.press('Escape');
    await expectCount(page, '2 konsulter hittades');

    await page.getByTestId('save-search').click();
    await page.getByTestId('save-search-dialog').waitFor();
    const submit = page.getByTestId('saved-search-submit');
    expect(await submit.isDisabled()).toBe(true);
    // Not premium: the weekly e-mail cannot be switched on, and the dialog says why.
    expect(await page.getByTestId('weekly-email').isDisabled()).toBe(true);
    expect(await page.getByTestId('save-search-dialog').textContent()).toContain(
      'Veckomejlet ingår i Premium.',
    );
    await page.getByTestId('saved-search-name').fill('x'.repeat(31));
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('saved-search-name').fill('Stockholmare');
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, 'search-save-dialog-1280');
    await submit.click();
    await expectAlert(page, 'Din sökning har sparats');

    await openSavedTab(page);
    const item = page.getByTestId('saved-search-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('Stockholmare');
    expect(await item.getByTestId('subscribed-marker').count()).toBe(0);

    // Loading the saved search brings its filters back.
    await page.getByTestId('tab-filters').click();
    await page.getByTestId('clear-all').click();
    await page.getByTestId('saved-search-dropdown').click();
    await page.getByTestId('saved-search-option').filter({ hasText: 'Stockholmare' }).click();
    await expectCount(page, '2 konsulter hittades');
    expect(await page.getByTestId('keyword-input').inputValue()).toBe(keyword);

    // Rename.
    await openSavedTab(page);
    await item.getByTestId('saved-search-edit').click();
    await page.getByTestId('edit-saved-search-dialog').waitFor();
    await page.getByTestId('saved-search-name').fill('Sthlm-konsulter');
    await page.getByTestId('saved-search-submit').click();
    await page.getByTestId('edit-saved-search-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => item.textContent()).toContain('Sthlm-konsulter');
    await screenshot(page, 'search-saved-tab-1280');

    // A premium user's subscription shows as 'subscribed'.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET is_premium = true WHERE id = $1', [user.userId]),
    );
    await page.reload();
    await openSavedTab(page);
    await item.getByTestId('saved-search-edit').click();
    await page.getByTestId('weekly-email').check();
    await page.getByTestId('saved-search-submit').click();
    await item.getByTestId('subscribed-marker').waitFor();

    // Delete, after confirming.
    await item.getByTestId('saved-search-delete').click();
    await page.getByTestId('confirm-delete-dialog').waitFor();
    await page.getByTestId('confirm-delete').click();
    // The row and its focused button are gone: focus goes to the saved searches' heading (QA7 H4).
    await expectFocusOn(page, 'saved-heading');
    await expectAlert(page, 'Din sökning har tagits bort');
    await expect.poll(() => item.count()).toBe(0);
    await context.close();
  });
});

describe('favourites lists', () => {
  it('opens a list as a place in the history: Back closes it, a reload keeps it and the open tab (QA3)', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Ebba' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await acceptTerms(baseUrl, user.token);
    await page.goto(`/sv/app/search?keywords=${keyword}`);
    await expectCount(page, '4 konsulter hittades');
    const greta = page.getByTestId('result-card').filter({ hasText: 'Greta Garbo' });
    await greta.getByTestId('favorites-button').click();
    await page.getByTestId('favorites-menu-new').click();
    await page.getByTestId('list-name-input').fill('Kortlista');
    await page.getByTestId('list-name-save').click();
    await page.getByTestId('list-name-dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    await openSavedTab(page);
    await page.getByTestId('favorite-list-item').getByTestId('list-open').click();
    await page.getByTestId('open-list-banner').waitFor();
    await expectCount(page, '1 konsult hittades');
    await expect.poll(() => new URL(page.url()).searchParams.get('list')).toMatch(/^[0-9a-f-]{36}$/);

    // A reload reopens the list, on the tab that was open.
    await page.reload();
    await page.getByTestId('open-list-banner').waitFor();
    await expectCount(page, '1 konsult hittades');
    await expect.poll(() => page.getByTestId('tab-saved').getAttribute('aria-selected')).toBe('true');

    // Back closes the list and returns to the search as it was, still on the search page.
    await page.goBack();
    await page.getByTestId('open-list-banner').waitFor({ state: 'detached' });
    await expectCount(page, '4 konsulter hittades');
    expect(new URL(page.url()).pathname).toBe('/sv/app/search');
    expect(new URL(page.url()).searchParams.get('list')).toBeNull();
    expect(await page.getByTestId('keyword-input').inputValue()).toBe(keyword);

    // Forward opens it again.
    await page.goForward();
    await page.getByTestId('open-list-banner').waitFor();
    await expectCount(page, '1 konsult hittades');
    await context.close();
  });

  it('creates a list from a card, opens it as results, renames it and deletes it', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Karin' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await acceptTerms(baseUrl, user.token);
    await page.goto(`/en/app/search?keywords=${keyword}`);
    await expectCount(page, '4 consultants found');

    // Add Greta to a new list straight from her card.
    const greta = page.getByTestId('result-card').filter({ hasText: 'Greta Garbo' });
    await greta.getByTestId('favorites-button').click();
    await page.getByTestId('favorites-menu-new').click();
    await page.getByTestId('list-name-dialog').waitFor();
    await page.getByTestId('list-name-input').fill('Shortlist');
    await page.getByTestId('list-name-save').click();
    await page.getByTestId('list-name-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => greta.getByTestId('favorites-button').getAttribute('aria-pressed')).toBe('true');

    // And Maja to the same list through the menu.
    const maja = page.getByTestId('result-card').filter({ hasText: 'Maja Malm' });
    await maja.getByTestId('favorites-button').click();
    await page.getByTestId('favorites-menu-list').filter({ hasText: 'Shortlist' }).click();
    await expect.poll(() => maja.getByTestId('favorites-button').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');

    // Opening the list shows its members as the results.
    await openSavedTab(page);
    const list = page.getByTestId('favorite-list-item');
    await expect.poll(() => list.textContent()).toContain('2 consultants');
    await list.getByTestId('list-open').click();
    await page.getByTestId('open-list-banner').waitFor();
    await expectCount(page, '2 consultants found');
    expect((await page.getByTestId('result-name').allTextContents()).sort()).toEqual([
      'Greta Garbo',
      'Maja Malm',
    ]);
    await screenshot(page, 'search-open-list-1280');

    // Removing Maja from the card's menu takes her out of the opened list. Her card goes, with the button the
    // menu would return focus to: the menu closes, says so, and focus goes to the results' heading (QA7 H4).
    await maja.getByTestId('favorites-button').click();
    await page.getByTestId('favorites-menu-list').filter({ hasText: 'Shortlist' }).press('Enter');
    await expectFocusOn(page, 'results-count');
    await expectAlert(page, 'Removed from Shortlist');
    await expect.poll(() => list.textContent()).toContain('1 consultant');
    await expectCount(page, '1 consultant found');

    // Rename: required, not only spaces, at most 30 characters.
    await list.getByTestId('list-rename').click();
    await page.getByTestId('list-name-dialog').waitFor();
    const name = page.getByTestId('list-name-input');
    const save = page.getByTestId('list-name-save');
    await name.fill('   ');
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('list-name-dialog').textContent()).toContain('Cannot contain only spaces');
    await name.fill('y'.repeat(31));
    expect(await save.isDisabled()).toBe(true);
    await name.fill('Top candidates');
    await save.click();
    await page.getByTestId('list-name-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => list.textContent()).toContain('Top candidates');
    await expect.poll(() => page.getByTestId('open-list-banner').textContent()).toContain('Top candidates');

    // Delete after confirming: the success message of spec section 8, and the list closes.
    await list.getByTestId('list-delete').click();
    await page.getByTestId('confirm-delete-dialog').waitFor();
    await page.getByTestId('confirm-delete').click();
    // The row and its focused button are gone: focus goes to the lists' heading (QA7 H4).
    await expectFocusOn(page, 'lists-heading');
    await expectAlert(page, 'List successfully deleted!');
    await expect.poll(() => list.count()).toBe(0);
    await page.getByTestId('open-list-banner').waitFor({ state: 'detached' });
    await context.close();
  });

  it('adds a consultant to a list from the profile page and removes them again; the public profile has no lists (QA7 H5)', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Petra' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await acceptTerms(baseUrl, user.token);
    const sven = consultantIds[1]!;
    await page.goto(`/sv/app/profile/${sven}`);
    await page.getByTestId('profile-view').waitFor();
    const button = page.getByTestId('favorites-button');
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Spara i lista');
    expect(await button.getAttribute('aria-pressed')).toBe('false');

    // A new list with the consultant, from the profile's menu, as on the cards.
    await button.click();
    await page.getByTestId('favorites-menu-new').click();
    await page.getByTestId('list-name-input').fill('Från profilen');
    await page.getByTestId('list-name-save').click();
    await page.getByTestId('list-name-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'profile-favorites-added-1280');

    // The list in search holds them.
    await page.goto(`/sv/app/search?keywords=${keyword}`);
    await expectCount(page, '4 konsulter hittades');
    await openSavedTab(page);
    const list = page.getByTestId('favorite-list-item').filter({ hasText: 'Från profilen' });
    await expect.poll(() => list.textContent()).toContain('1 konsult');
    await list.getByTestId('list-open').click();
    await expectCount(page, '1 konsult hittades');
    expect(await page.getByTestId('result-name').allTextContents()).toEqual(['Sven Svensson']);

    // Removed again from the profile page: the list is empty.
    await page.goto(`/sv/app/profile/${sven}`);
    await button.click();
    await page.getByTestId('favorites-menu-list').filter({ hasText: 'Från profilen' }).click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Escape');
    await page.goto(`/sv/app/search?keywords=${keyword}`);
    await openSavedTab(page);
    await expect.poll(() => list.textContent()).toContain('0 konsulter');
    await context.close();

    // A visitor's public profile (server-rendered) has no lists.
    const visitor = await openPage();
    await visitor.page.goto(`/sv/profile/${sven}`);
    await visitor.page.getByTestId('profile-view').waitFor();
    await visitor.page.getByTestId('profile-premium-notice').waitFor();
    expect(await visitor.page.getByTestId('favorites-button').count()).toBe(0);
    await visitor.context.close();
  });
});
