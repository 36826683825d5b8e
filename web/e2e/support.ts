import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculateCheckDigit } from '@mp/domain/personal-identity-number';
import { AxeBuilder } from '@axe-core/playwright';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed, onTestFinished } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = path.join(repoRoot, 'test-artifacts', 'screenshots');
export const artifactsDir = path.join(repoRoot, 'test-artifacts');

/**
 * axe-core's violations on the page as it is now, one line per element, prefixed with `label` when given.
 * axe runs in the page itself (`axe.run`, the "legacy" mode): the default runs it per frame and then opens a
 * blank page to merge the frames' results, which doubles the time of a check (about 1.1 s against 0.5 s a
 * page here) and adds nothing for pages with no frames, as ours are (a frame would show up as axe's
 * `frame-tested` result). Only violations are collected: the passes are not read.
 */
export async function axeViolations(page: Page, label?: string): Promise<string[]> {
  // The page at rest: an alert still fading or growing in has a colour contrast it never keeps (a flaky
  // 'color-contrast' on an error alert mid-transition). Endless animations (spinners) are not waited for. A
  // render a frame later can start another transition (a button enabled once its query answered), so this
  // waits for two frames and again until no finite animation runs.
  await page.evaluate(async () => {
    // A frame, or a tenth of a second where frames are not drawn (a page in the background).
    const frame = () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => resolve());
        setTimeout(resolve, 100);
      });
    for (let round = 0; round < 20; round += 1) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // A transition a timer starts while axe runs (a snackbar hiding itself) would be measured halfway (a
  // 'color-contrast' on an alert's text at half opacity, seen in CI): transitions and animations are switched off
  // while axe reads the page, so every element is at its end state. A constructed sheet, which the strict
  // Content-Security-Policy allows; removed afterwards.
  await page.evaluate(async () => {
    const still = new CSSStyleSheet();
    still.replaceSync(
      '*, *::before, *::after { transition: none !important; animation-play-state: paused !important; }',
    );
    (window as unknown as { __axeStill?: CSSStyleSheet }).__axeStill = still;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    await new Promise<void>((resolve) => {
      requestAnimationFrame(() => resolve());
      setTimeout(resolve, 100);
    });
  });
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
    .finally(() =>
      page.evaluate(() => {
        const still = (window as unknown as { __axeStill?: CSSStyleSheet }).__axeStill;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
      }),
    );
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label ? `${label}: ` : ''}${violation.impact} ${violation.id} at ${node.target.join(' ')} (${violation.help})`,
    ),
  );
}

/** Debian's Chromium, installed by `npm run services` (never a tool's own browser download). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The browser a test file drives, one for the whole file: call it once at the top of the file (before the file's own
 * hooks, so their set-up runs after the launch and their clean-up before the close). It registers a `beforeAll` that
 * launches Chromium and an `afterAll` that closes it, and returns the run's `baseUrl` and `databaseUrl`
 * (global-setup.ts), `browser()`, the launched browser (in a test or a later hook; a function, not a value, since
 * the browser only exists once the hook has run), and `openPage(width)`, a page of its own on it:
 * `newPage(browser(), baseUrl, width)`.
 */
export function useBrowser(): {
  baseUrl: string;
  databaseUrl: string;
  browser: () => Browser;
  openPage: (width?: number, options?: { timezoneId?: string }) => ReturnType<typeof newPage>;
} {
  const baseUrl = inject('baseUrl');
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const browser = (): Browser => {
    if (!launched) throw new Error('useBrowser(): no browser before its beforeAll hook has run');
    return launched;
  };
  return {
    baseUrl,
    databaseUrl: inject('databaseUrl'),
    browser,
    openPage: (width, options) => newPage(browser(), baseUrl, width, options),
  };
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  width = 1280,
  /** The browser's time zone (an IANA name), for pages that must not depend on it; the host's by default. */
  options: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; cspViolations: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 600 ? 812 : 900 },
    locale: 'sv-SE',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  recordDiagnostics(page);
  const violations = await watchCspViolations(page);
  try {
    // Every browser test doubles as a Content-Security-Policy check: a violation on any page fails it.
    onTestFinished(() => {
      if (violations.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n  ${violations.join('\n  ')}`);
      }
    });
  } catch {
    // Not inside a test (a beforeAll hook): the caller can still read the list.
  }
  return { context, page, cspViolations: violations };
}

/**
 * Collects the page's Content-Security-Policy violations: the `securitypolicyviolation` events the document
 * fires (reported through a binding, which the policy cannot block) and the browser's console reports.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

/** The requests each page made by `newPage` has open now, and since when. */
const openRequests = new WeakMap<Page, Map<Request, number>>();

/** How long `settled` waits for a page that keeps loading (a poll started each second would never settle). */
const SETTLE_TIMEOUT_MS = 15_000;

/**
 * Waits until the page has settled: no request of its own open, a painted frame, and then an idle moment of its
 * main thread (nothing queued: a transition React is still rendering keeps it busy) with the app's loading bar
 * gone (a navigation or a foreground request under way), so whatever an answer or an effect would still change (a
 * redirect, a page's render, a dialog loaded on demand) has happened. For checks that something does not happen,
 * instead of a fixed sleep, and for in-app navigations. Only for pages made by `newPage`.
 */
export async function settled(page: Page): Promise<void> {
  const pending = openRequests.get(page);
  if (!pending) throw new Error('settled() needs a page made by newPage()');
  /** Resolves at an idle moment after a frame: whether the app still shows its loading bar then. */
  const idleAndLoading = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestIdleCallback(() =>
              resolve(document.querySelector('[data-testid="loading-bar"]') !== null),
            ),
          ),
        ),
    );
  // The render after an answer can start a request (a lazily loaded part's code): settle again until none.
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await expect.poll(() => pending.size).toBe(0);
    const loading = await idleAndLoading();
    if (!loading && pending.size === 0) return;
  }
  throw new Error(`the page at ${page.url()} was still loading after ${SETTLE_TIMEOUT_MS} ms`);
}

/**
 * When a test fails, prints what its page was doing: requests still open (and for how long), failed requests,
 * console errors and page errors, and saves a screenshot. Browser tests sometimes stall on a page load on this
 * shared machine; this is how to see which request never came back.
 */
function recordDiagnostics(page: Page): void {
  const pending = new Map<Request, number>();
  openRequests.set(page, pending);
  const events: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    events.push(`${at()} failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') events.push(`${at()} console.error ${message.text()}`);
  });
  page.on('pageerror', (error) => events.push(`${at()} page error ${error.message}`));
  try {
    onTestFailed(async ({ task }) => {
      const open = [...pending].map(
        ([request, since]) => `${Date.now() - since} ms open: ${request.method()} ${request.url()}`,
      );
      console.error(
        [`browser diagnostics for '${task.name}' at ${page.url()}`, ...open, ...events].join('\n  '),
      );
      const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${Date.now()}`;
      await screenshot(page, name).catch(() => undefined);
    });
  } catch {
    // Not inside a test (a beforeAll hook): nothing to report on.
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** A valid, adult personal identity number nobody else in this run uses. */
export function uniquePersonalNumber(): string {
  const year = 1950 + Math.floor(Math.random() * 50);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  // Serials 981-989 make the BankID simulator play a failure scenario; stay below them.
  const serial = String(Math.floor(Math.random() * 980)).padStart(3, '0');
  const nine = `${String(year).slice(2)}${month}${day}${serial}`;
  return `${year}${month}${day}${serial}${calculateCheckDigit(nine)}`;
}

interface Session {
  token: string;
  userId: string;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** How often `loginThroughApi` collects: the run's simulator completes an order after about 200 ms. */
const COLLECT_EVERY_MS = 100;
/** ...and how long it tries before it gives up on an order. */
const COLLECT_FOR_MS = 20_000;

/** Logs in through the API and the BankID simulator (start, then collect until complete). */
export async function loginThroughApi(baseUrl: string, personalNumber: string): Promise<Session> {
  const headers = { 'content-type': 'application/json' };
  const started = await json(
    await fetch(`${baseUrl}/auth`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ nationalIdentityNumber: personalNumber }),
    }),
  );
  for (let waited = 0; waited < COLLECT_FOR_MS; waited += COLLECT_EVERY_MS) {
    await new Promise((resolve) => setTimeout(resolve, COLLECT_EVERY_MS));
    const collected = await json(
      await fetch(`${baseUrl}/auth`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ orderRef: started.orderRef, collectSecret: started.collectSecret }),
      }),
    );
    if (collected.status === 'complete') {
      const user = collected.user as { id: string };
      return { token: String(collected.authorization), userId: user.id };
    }
  }
  throw new Error('BankID login did not complete');
}

export async function withDatabase<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A call to the API as `token`, in `language`, for setting up what a test needs: JSON bodies, or a FormData
 * (uploads). Throws with the status and body when the API refuses, so a broken set-up step names itself.
 */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  { body, language = 'sv' }: { body?: object | FormData; language?: 'sv' | 'en' } = {},
): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: token,
      'accept-language': language,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Accepts the current terms so the updated-terms dialog stays away (400 when already accepted is fine). */
export async function acceptTerms(baseUrl: string, token: string): Promise<void> {
  await fetch(`${baseUrl}/api/terms/application/accept`, { headers: { authorization: token } });
}

/**
 * A BankID login with a personal number no account holds yet. Numbers are random, and the test database keeps the
 * accounts of earlier runs and of the integration tests: a number drawn twice would log in as (or be refused as
 * the removed account of) someone else's user, so one that does is drawn again.
 */
async function loginAsNewPerson(
  baseUrl: string,
  databaseUrl: string,
): Promise<{ personalNumber: string; session: Session }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const personalNumber = uniquePersonalNumber();
    const started = new Date();
    let session: Session;
    try {
      session = await loginThroughApi(baseUrl, personalNumber);
    } catch (error) {
      if (String(error).includes('ACCOUNT_REMOVED')) continue;
      throw error;
    }
    const created = await withDatabase(databaseUrl, async (client) => {
      const { rows } = await client.query<{ created_at: Date }>(
        'SELECT created_at FROM users WHERE id = $1',
        [session.userId],
      );
      return rows[0]!.created_at;
    });
    // The database's clock and this process's are the same machine's; a second covers their rounding.
    if (created.getTime() >= started.getTime() - 1_000) return { personalNumber, session };
  }
  throw new Error('no unused personal number in 5 tries');
}

/** A logged-in user in the state a test needs. */
export async function createUser(
  baseUrl: string,
  databaseUrl: string,
  {
    verified = true,
    admin = false,
    firstName = 'Astrid',
  }: { verified?: boolean; admin?: boolean; firstName?: string } = {},
): Promise<Session & { personalNumber: string }> {
  const { personalNumber, session } = await loginAsNewPerson(baseUrl, databaseUrl);
  await withDatabase(databaseUrl, (client) =>
    client.query(
      'UPDATE users SET verified = $2, is_admin = $3, first_name = $4, last_name = $5 WHERE id = $1',
      [session.userId, verified, admin, firstName, 'Lindqvist'],
    ),
  );
  await acceptTerms(baseUrl, session.token);
  return { ...session, personalNumber };
}

/** Puts a token where the app keeps it, before any page script runs. */
export async function useToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    window.localStorage.setItem('km.token', value);
    window.localStorage.setItem('km.cookieConsent', 'e2e');
  }, token);
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export async function waitForPath(page: Page, expected: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof expected === 'string'
      ? `${url.pathname}${url.search}` === expected
      : expected.test(`${url.pathname}${url.search}`),
  );
}

/**
 * Agrees to the cookie banner. A server-rendered page shows the banner before its code has run, so this waits
 * until React owns the button (a click before hydration would do nothing).
 */
export async function agreeToCookies(page: Page): Promise<void> {
  const agree = page.getByTestId('cookie-agree');
  await agree.waitFor();
  await expect
    .poll(() => agree.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))), {
      timeout: 15_000,
    })
    .toBe(true);
  await agree.click();
}
