import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { SERVER_STYLES, STYLE_KEY } from '../src/app/style-cache';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { useBrowser, waitForPath, withDatabase } from './support';

// The public pages arrive with their content (spec: found by search engines, fast on a phone) and the browser
// app takes them over without rendering them again: the server's nodes stay, React attaches to them, and the
// console stays clean (a hydration mismatch is reported there, also in the production build).

const { baseUrl, databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
let profileId: string;
/** A consultant whose account was deleted: the API answers 410 for the profile. */
let removedId: string;
/** No such profile: the API answers 404. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const keyword = uniqueKeyword();
const jobTitle = `Ssrtestare ${uniqueKeyword('jt')}`;

beforeAll(async () => {
  const [id] = await seedConsultants({ databaseUrl, searchAlias }, keyword, [{ jobTitles: [jobTitle] }]);
  profileId = id!;
  const [removed] = await seedConsultants({ databaseUrl, searchAlias }, uniqueKeyword('removed'), [{}]);
  removedId = removed!;
  await withDatabase(databaseUrl, (client) =>
    client.query('UPDATE users SET deleted_at = now() WHERE id = $1', [removedId]),
  );
  // The run's indexer may have written the profile first (without a refresh), so wait until search sees it.
  await vi.waitFor(async () => expect(await searchCards('sv', { searchTerm: keyword })).toHaveLength(1), {
    timeout: 10_000,
  });
});

interface Card {
  jobTitles: string[];
}

/** The first page of a search (by default the default one), as the API gives it to a visitor. */
async function searchCards(language: string, criteria: object = {}, pageSize = 6): Promise<Card[]> {
  const response = await fetch(`${baseUrl}/api/search/v3`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ ...criteria, pageSize }),
  });
  return ((await response.json()) as { results: Card[] }).results;
}

/** The first search page in a page's hydration data (the query cache the server rendered from). */
function renderedCards(dataBlock: string): Card[] {
  const data = JSON.parse(dataBlock.slice(0, dataBlock.indexOf('</script>'))) as {
    queries: { queries: { queryKey: unknown[]; state: { data: { pages: { results: Card[] }[] } } }[] };
  };
  const search = data.queries.queries.find((query) => query.queryKey[0] === 'search');
  return search?.state.data.pages[0]?.results ?? [];
}

/** Every `<script>` start tag of a page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

/** No inline executable script: only module scripts by address and data blocks (a strict CSP allows these). */
function expectNoInlineScript(html: string) {
  for (const tag of scriptTags(html)) {
    expect(tag).toMatch(/type="module"[^>]*src=|type="application\/(?:ld\+)?json"/);
  }
}

/**
 * Opens a page and records console errors, warnings and page errors. `status`: the status the document itself
 * answers with (a removed profile's 410), whose report of it as a failed resource is no problem of the page.
 */
async function openRecording(page: Page, path: string, status = 200): Promise<string[]> {
  const problems: string[] = [];
  const documentUrl = new URL(path, baseUrl).href;
  page.on('console', (message) => {
    const ownStatus =
      message.location().url === documentUrl &&
      message.text().includes(`the server responded with a status of ${status} `);
    if ((message.type() === 'error' || message.type() === 'warning') && !ownStatus) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Before the app's module runs (readyState 'interactive' comes before deferred scripts), remember the
  // server's heading: after hydration the very same node must be in the page, now owned by React.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
      }
    });
  });
  await page.goto(path);
  return problems;
}

/** True once React has hydrated the server's heading node (it carries React's fiber then). */
function serverHeadingHydrated(page: Page) {
  return page.evaluate(() => {
    const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
    const current = document.querySelector('h1');
    return Boolean(kept && kept === current && Object.keys(current).some((key) => key.startsWith('__react')));
  });
}

/**
 * The filters panel's sections (the clear-all row and one section per filter) and every input in them. Each
 * filter's controls hydrate apart, in the Suspense boundary of its FilterSection.
 */
const FILTER_NODES =
  '[data-testid="filters-panel"] [role="tabpanel"] > *, [data-testid="filters-panel"] input';

/** Before the app's module runs, remembers the server's filter nodes. */
async function rememberServerFilterNodes(page: Page): Promise<void> {
  await page.addInitScript((selector) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverFilterNodes: Element[] }).serverFilterNodes = [
          ...document.querySelectorAll(selector),
        ];
      }
    });
  }, FILTER_NODES);
}

/**
 * How many of the server's filter nodes there were, and how many are still in the page, in the same place, and
 * hydrated (they carry React's fiber). A boundary that fell back to rendering on the client replaces its nodes.
 */
function hydratedServerFilterNodes(page: Page) {
  return page.evaluate((selector) => {
    const kept = (window as unknown as { serverFilterNodes?: Element[] }).serverFilterNodes ?? [];
    const current = [...document.querySelectorAll(selector)];
    const hydrated = kept.filter(
      (node, index) => current[index] === node && Object.keys(node).some((key) => key.startsWith('__react')),
    );
    return { server: kept.length, hydrated: hydrated.length };
  }, FILTER_NODES);
}

describe('server-rendered public pages', () => {
  it('hydrates the search filters in place, without rendering them again', async () => {
    const { context, page } = await openPage(375);
    await rememberServerFilterNodes(page);
    const problems = await openRecording(page, '/sv/search');
    // The clear-all row, the seven filters (the priorities show once criteria are chosen) and their inputs came
    // with the page, and React took over those very nodes.
    const { server } = await hydratedServerFilterNodes(page);
    expect(server).toBeGreaterThan(8);
    await expect
      .poll(async () => (await hydratedServerFilterNodes(page)).hydrated, { timeout: 15_000 })
      .toBe(server);
    // The hydrated filters work: on a phone the panel unfolds, and choosing a location makes it an active filter.
    await page.getByTestId('filters-toggle').click();
    expect(await page.getByTestId('clear-all').isEnabled()).toBe(false);
    await page.getByTestId('locations-input').click();
    await page.getByTestId('location-option').first().click();
    await expect.poll(() => page.getByTestId('clear-all').isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the search answers with its first six cards in the HTML, in both languages', async () => {
    for (const language of ['sv', 'en']) {
      const response = await fetch(`${baseUrl}/${language}/search`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const [markup = '', data = ''] = html.split('<script type="application/json" id="ssr-data">');
      // The cards the page was rendered from: the API's first page, handed to the browser for hydration.
      const cards = renderedCards(data);
      expect(cards.length).toBe(Math.min(6, (await searchCards(language, {}, 50)).length));
      for (const card of cards) expect(markup).toContain(card.jobTitles[0]);
      expect(markup).toContain('data-testid="results-list"');
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<link rel="canonical" href="${baseUrl}/${language}/search" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="sv" href="${baseUrl}/sv/search" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseUrl}/en/search" />`);
      expect(html).toContain('"@type":"WebSite"');
      expectNoInlineScript(html);
    }
  });

  it('a public profile answers with its job title and anonymous content; a missing one with 404', async () => {
    const response = await fetch(`${baseUrl}/en/profile/${profileId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(jobTitle);
    expect(html).toContain(`<title>${jobTitle} – anonymous consultant profile – Konsultmarknaden</title>`);
    expect(html).toContain('"@type":"ProfilePage"');
    expect(html).not.toContain('Konsult1');
    expectNoInlineScript(html);

    const missing = await fetch(`${baseUrl}/en/profile/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
  });

  it('a removed or missing profile answers 410 or 404 with its message, in its language, not to be indexed', async () => {
    for (const [path, status, problem, heading, text] of [
      [
        `/sv/profile/${removedId}`,
        410,
        'noLongerExists',
        'Profilen finns inte längre',
        'Konsulten har tagit bort sitt konto.',
      ],
      [
        `/en/profile/${removedId}`,
        410,
        'noLongerExists',
        'Profile no longer exists',
        'The consultant has deleted their account.',
      ],
      [
        `/sv/profile/${MISSING_ID}`,
        404,
        'notAvailable',
        'Profilen är inte tillgänglig',
        'Konsulten kan ha dolt profilen, eller så är adressen fel.',
      ],
      [
        `/en/profile/${MISSING_ID}`,
        404,
        'notAvailable',
        'Profile not available',
        'The consultant may have hidden the profile, or the address may be wrong.',
      ],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(status);
      const html = await response.text();
      const markup = html.slice(html.indexOf('<div id="root">'));
      expect(markup, path).toContain(`data-testid="profile-error-${problem}"`);
      expect(markup, path).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
      expect(markup, path).toContain(text);
      expect(html, path).toContain(`<html lang="${path.slice(1, 3)}">`);
      expect(html, path).toContain(`<title>${heading} – Konsultmarknaden</title>`);
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      // Nothing points at the dead address, and nothing describes a profile.
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).not.toContain('hreflang=');
      expect(html, path).not.toContain('og:url');
      expect(html, path).not.toContain('application/ld+json');
      expectNoInlineScript(html);
    }
  });

  it("hydrates a removed or missing profile's page in place, without asking the API for the profile again", async () => {
    for (const [path, status, problem, width] of [
      [`/sv/profile/${removedId}`, 410, 'noLongerExists', 375],
      [`/en/profile/${removedId}`, 410, 'noLongerExists', 1280],
      [`/sv/profile/${MISSING_ID}`, 404, 'notAvailable', 1280],
      [`/en/profile/${MISSING_ID}`, 404, 'notAvailable', 375],
    ] as const) {
      const { context, page } = await openPage(width);
      const profileCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/profile')) profileCalls.push(request.url());
      });
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            (window as unknown as { serverProblem: Element | null }).serverProblem = document.querySelector(
              '[data-testid^="profile-error-"]',
            );
          }
        });
      });
      const problems = await openRecording(page, path, status);
      await expect.poll(() => serverHeadingHydrated(page), { timeout: 15_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      // The server's message is the one shown, now React's: it was hydrated, not rendered again.
      const kept = await page.evaluate((testId) => {
        const server = (window as unknown as { serverProblem: Element | null }).serverProblem;
        const current = document.querySelector(`[data-testid="${testId}"]`);
        return Boolean(
          server && server === current && Object.keys(current).some((key) => key.startsWith('__react')),
        );
      }, `profile-error-${problem}`);
      expect(kept, path).toBe(true);
      // The tab keeps the server's title (why there is no profile), not the profile page's own.
      const heading = await page.getByTestId(`profile-error-${problem}`).getByRole('heading').textContent();
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe(`${heading} – Konsultmarknaden`);
      expect(profileCalls, path).toEqual([]);
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });

  it('an unknown path answers 404 with the not-found page in its language; the app pages answer 200', async () => {
    for (const [path, heading] of [
      ['/sv/nonexistent-page', 'Sidan finns inte'],
      ['/en/no/such/page', 'Page not found'],
      ['/sv/profile', 'Sidan finns inte'],
      ['/sv/app/no-such-page', null],
      ['/en/god/no-such-page', null],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('<div id="root">');
      if (!heading) continue;
      // The browser app shows the not-found page under the address's language.
      const { context, page } = await openPage();
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await page.getByTestId('not-found').waitFor();
      expect(await page.locator('h1').textContent(), path).toBe(heading);
      expect(await page.locator('html').getAttribute('lang'), path).toBe(path.slice(1, 3));
      await context.close();
    }
    // Pages the browser app renders (behind login, or sent on by a redirect) exist: 200, with the shell.
    for (const path of [
      '/sv/app',
      '/sv/app/edit-profile',
      '/en/app/search',
      '/sv/app/company/members',
      '/sv/app/user/billing/abc',
      '/sv/god/dashboard',
      '/en/god/vocabulary/skills',
      '/sv/auth/giggly',
      '/sv/auth/setup',
      '/sv/verify/reference/some-token',
      '/sv/join/some-link',
      '/sv/search?keywords=java',
      // No language prefix, or one we do not speak: the browser app sends it on (to /sv/...) first.
      '/nonexistent-page',
      '/de/faq',
    ]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
    }
  });

  it("MUI's own texts come in the page's language, from the server and after a language switch", async () => {
    const muiButton = (html: string, label: string) => html.includes(`title="${label}"`);
    const swedish = await (await fetch(`${baseUrl}/sv/search`)).text();
    expect(muiButton(swedish, 'Öppna')).toBe(true);
    expect(muiButton(swedish, 'Open')).toBe(false);
    const english = await (await fetch(`${baseUrl}/en/search`)).text();
    expect(muiButton(english, 'Open')).toBe(true);
    expect(muiButton(english, 'Öppna')).toBe(false);

    const { context, page } = await openPage();
    const problems = await openRecording(page, '/sv/search');
    await expect.poll(() => serverHeadingHydrated(page), { timeout: 15_000 }).toBe(true);
    const open = page.getByTestId('filters-panel').locator('button[title="Öppna"]');
    expect(await open.count()).toBeGreaterThan(0);
    expect(await page.locator('button[title="Open"], button[aria-label="Open"]').count()).toBe(0);
    // An open list says 'Stäng', a chosen value can be cleared with 'Rensa'. The filters hydrate after the
    // heading (lazily hydrated parts): a click on the server's input before that opens nothing.
    const locations = page.locator('.MuiAutocomplete-root', { has: page.getByTestId('locations-input') });
    const input = page.getByTestId('locations-input');
    await expect
      .poll(() => input.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))), {
        timeout: 15_000,
      })
      .toBe(true);
    await input.click();
    await expect
      .poll(() => locations.locator('.MuiAutocomplete-popupIndicator').getAttribute('title'), {
        timeout: 10_000,
      })
      .toBe('Stäng');
    await page.getByTestId('location-option').first().click();
    await page.keyboard.press('Escape');
    expect(await locations.locator('.MuiAutocomplete-clearIndicator').getAttribute('title')).toBe('Rensa');
    // The language picker switches them with the rest of the page.
    await page.getByTestId('language-picker').click();
    await waitForPath(page, /^\/en\/search/);
    await page.getByTestId('filters-panel').locator('button[title="Open"]').first().waitFor();
    expect(await page.locator('button[title="Öppna"], button[aria-label="Öppna"]').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('home, disc, faq and the legal pages come with their content and a description', async () => {
    const pages: [string, string][] = [
      ['/sv/home', 'Hitta rätt konsult – direkt, utan mellanhand'],
      ['/en/disc', 'DISC – behavioural styles and driving forces'],
      ['/sv/faq', 'Vad kostar det att ha en profil?'],
      ['/en/tos-users', 'Terms of use'],
      ['/sv/privacy-policy', 'Integritetspolicy'],
      ['/en/cookies', 'Cookie policy'],
    ];
    for (const [path, text] of pages) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).toContain(text);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    }
  });

  it('lists the public pages and searchable profiles in sitemap.xml, and robots.txt points to it', async () => {
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseUrl}/sv/search</loc>`);
    expect(xml).toContain(`<loc>${baseUrl}/en/faq</loc>`);
    expect(xml).toContain(`<loc>${baseUrl}/sv/profile/${profileId}</loc>`);
    expect(xml).toContain(`hreflang="en" href="${baseUrl}/en/profile/${profileId}"`);
    expect(xml).toContain(`<loc>${baseUrl}/sv/login</loc>`);
    // A removed profile is not listed.
    expect(xml).not.toContain(removedId);
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it('the login page answers with its heading and both login forms, in both languages', async () => {
    for (const [language, heading] of [
      ['sv', 'Logga in'],
      ['en', 'Log in'],
    ] as const) {
      const response = await fetch(`${baseUrl}/${language}/login`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const markup = html.slice(html.indexOf('<div id="root">'));
      expect(markup).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(markup).toContain('data-testid="bankid-form"');
      expect(markup).toContain('data-testid="nin-input"');
      expect(markup).toContain('data-testid="password-form"');
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<link rel="canonical" href="${baseUrl}/${language}/login" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="sv" href="${baseUrl}/sv/login" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseUrl}/en/login" />`);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
      expect(html).not.toContain('noindex');
      expectNoInlineScript(html);
    }
  });

  it('takes the server styles over in place: no style tag moved, no rule the server sent inserted again', async () => {
    for (const path of ['/sv/search', `/en/profile/${profileId}`]) {
      const { context, page } = await openPage(375);
      // Before any script runs: every style tag taken out of the document (a move is a removal, then an insertion).
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removedStyles: string[] }).removedStyles = removed;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (node instanceof HTMLStyleElement) removed.push(node.getAttribute('data-emotion') ?? '');
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await openRecording(page, path);
      await expect.poll(() => serverHeadingHydrated(page), { timeout: 15_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      const styles = await page.evaluate(
        ({ key, serverMark }) => {
          const selectorsOf = (tags: HTMLStyleElement[]) =>
            tags.flatMap((tag) =>
              [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText.split('{')[0]!.trim()),
            );
          const tags = [...document.head.querySelectorAll('style[data-emotion]')] as HTMLStyleElement[];
          const server = selectorsOf(
            tags.filter((tag) => tag.getAttribute('data-emotion')!.startsWith(`${serverMark} `)),
          );
          const sentByServer = new Set(server);
          const browserMain = tags.filter((tag) => tag.getAttribute('data-emotion') === key);
          return {
            removed: (window as unknown as { removedStyles: string[] }).removedStyles,
            serverRules: server.length,
            repeated: selectorsOf(browserMain).filter((selector) => sentByServer.has(selector)),
          };
        },
        { key: STYLE_KEY, serverMark: SERVER_STYLES },
      );
      // The main sheet stays where the server put it (a moved sheet is parsed again and restyles the page). Each
      // <Global> still moves its own small tag in front of it, as Emotion does.
      expect(
        styles.removed.filter((mark) => !mark.startsWith(`${STYLE_KEY}-global`)),
        path,
      ).toEqual([]);
      expect(styles.serverRules, path).toBeGreaterThan(100);
      expect(styles.repeated, path).toEqual([]);
      await context.close();
    }
  });

  it('hydrates every public page without re-rendering it and without console errors', async () => {
    for (const [path, width] of [
      ['/sv/search', 1280],
      ['/en/search', 375],
      [`/sv/profile/${profileId}`, 375],
      [`/en/profile/${profileId}`, 1280],
      ['/sv/login', 375],
      ['/en/login', 1280],
      ['/sv/home', 375],
      ['/en/disc', 1280],
      ['/en/faq', 1280],
      ['/sv/tos-users', 375],
      ['/en/privacy-policy', 375],
      ['/sv/cookies', 1280],
    ] as const) {
      const { context, page } = await openPage(width);
      const problems = await openRecording(page, path);
      await expect.poll(() => serverHeadingHydrated(page), { timeout: 15_000 }).toBe(true);
      if (path.endsWith('/search')) {
        // The app is live: the filters work on the hydrated page.
        await page.getByTestId('results-list').waitFor();
        await page.getByTestId('keyword-input').fill(keyword);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('results-list').getAttribute('data-loaded')).toBe('1');
      }
      if (path.endsWith('/login')) {
        // The app is live: the BankID form validates on the hydrated page.
        await page.getByTestId('nin-input').fill('123');
        await page.getByTestId('bankid-start').click();
        await page.locator('[data-testid="bankid-form"] .Mui-error').first().waitFor();
      }
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });
});
