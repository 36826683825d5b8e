import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { axeViolations, createUser, settled, useBrowser, useToken } from './support';

// Every page, public and app, at a phone's and a desktop's width: axe-core finds no violation of any impact
// (WCAG 2.x A and AA and axe's best practices). A page is checked once it has settled (no request open, its
// main thread idle) and shows its heading, so the lazily loaded parts (filters, footer, cookie banner) are
// checked too. The first page of a group is loaded whole (server-rendered where it is); the rest are reached as
// the app navigates (as Back and Forward do: the address, then `popstate`), which renders the same page without
// loading the whole app again for each (84 full loads took four minutes of the suite on a slow host).

const { baseUrl, databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
const WIDTHS = [375, 1280] as const;
let consultantId: string;

beforeAll(async () => {
  [consultantId = ''] = await seedConsultants({ databaseUrl, searchAlias }, uniqueKeyword(), [{}]);
});

const PUBLIC_ROUTES = [
  'home',
  'search',
  'login',
  'auth/giggly',
  'auth/account/removed',
  'verify/email',
  'account/email/change',
  'session-expired',
  'tos-users',
  'privacy-policy',
  'cookies',
  'disc',
  'faq',
  () => `profile/${consultantId}`,
  'verify/reference/some-token',
  'join/some-link',
  'no/such/page',
];

const APP_ROUTES = [
  'app/dashboard',
  'app/search',
  'app/offers',
  () => `app/profile/${consultantId}`,
  'app/agreements',
  'app/time',
  'app/company/details',
  'app/company/members',
  'app/company/projects',
  'app/contracts',
  'app/settings',
  'app/settings/options',
  'app/settings/privacy',
  'app/settings/export',
  'app/user/billing',
  'app/edit-profile',
];

const ADMIN_ROUTES = [
  'god/dashboard',
  'god/terms',
  'god/users',
  'god/pricing',
  'god/vocabulary/skills',
  'god/vocabulary/fields-of-study',
  'god/feedback',
  'god/coach-slots',
  () => `god/user/${consultantId}`,
];

type Route = string | (() => string);

async function checkRoutes(context: BrowserContext, page: Page, routes: Route[], width: number) {
  const found: string[] = [];
  for (const [index, route] of routes.entries()) {
    const path = `/sv/${typeof route === 'string' ? route : route()}`;
    if (index === 0) {
      await page.goto(path);
    } else {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    }
    await settled(page);
    await page.locator('h1').first().waitFor();
    found.push(...(await axeViolations(page, `${path} @${width}`)));
  }
  await context.close();
  return found;
}

/** A page of routes takes a few seconds each on this shared machine; the whole group gets this long. */
const GROUP_TIMEOUT_MS = 300_000;

const GROUPS: { name: string; routes: Route[]; user: 'visitor' | 'verified' | 'admin' }[] = [
  { name: 'public', routes: PUBLIC_ROUTES, user: 'visitor' },
  { name: 'app', routes: APP_ROUTES, user: 'verified' },
  { name: 'admin', routes: ADMIN_ROUTES, user: 'admin' },
];

describe('accessibility (axe-core)', () => {
  for (const group of GROUPS) {
    it(
      `${group.name} pages have no violations at ${WIDTHS.join(' and ')} px`,
      async () => {
        const user =
          group.user === 'visitor'
            ? null
            : await createUser(baseUrl, databaseUrl, { admin: group.user === 'admin' });
        // The widths side by side, each in its own context: a check waits on the network as much as on axe.
        const found = await Promise.all(
          WIDTHS.map(async (width) => {
            const { context, page } = await openPage(width);
            if (user) await useToken(context, user.token);
            return checkRoutes(context, page, group.routes, width);
          }),
        );
        expect(found.flat()).toEqual([]);
      },
      GROUP_TIMEOUT_MS,
    );
  }
});

/** The date `days` from today in the local calendar, `YYYY-MM-DD` (the calendar's `data-date`). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

describe('keyboard only', () => {
  it('the search filters, the date picker and a dialog work without a mouse', async () => {
    const { context, page } = await openPage(1280);
    await page.goto('/sv/search');
    // The filters arrive server-rendered; keys do something once React has taken them over.
    await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid="availability-button"]');
      return button !== null && Object.keys(button).some((key) => key.startsWith('__react'));
    });

    // The date picker: Enter opens it with focus on today, arrows move, Enter picks, focus comes back.
    await page.getByTestId('availability-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('month-calendar').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date')))
      .toBe(dayFromToday(0));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date')))
      .toBe(dayFromToday(8));
    await page.keyboard.press('Enter');
    await page.getByTestId('month-calendar').waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('availability-button');
    expect(await page.getByTestId('availability-value').textContent()).not.toBe('I dag');

    // A filter: type, pick the suggestion with the arrow keys, and the chip shows.
    await page.getByTestId('locations-input').focus();
    await page.keyboard.type('Stockh');
    await page.getByTestId('location-option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stockholm' }).waitFor();
    await page.keyboard.press('Escape');

    // A dialog: Enter opens it with focus inside, Escape closes it and focus returns to its button.
    await page.getByTestId('disc-help').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('disc-help');
    await context.close();
  });
});
