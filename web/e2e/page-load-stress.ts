/**
 * Reproduction of the page-load stalls (issue 12): opens the pages where the browser suite used to stall, in
 * fresh browser contexts, several at a time, and reports every load whose page did not appear within 10 s,
 * with its requests, console and what the page showed. Before the fix about one load in twenty stalled on
 * the router's spinner on this machine; see web/e2e/page-load.e2e.test.ts for the cause.
 *
 *   npm run build:web && npm start            # or any running API serving web/dist
 *   BASE=http://127.0.0.1:3000 ROUNDS=240 PARALLEL=3 npx tsx web/e2e/page-load-stress.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { artifactsDir, launchBrowser } from './support';

const base = process.env.BASE ?? 'http://127.0.0.1:3000';
const rounds = Number(process.env.ROUNDS ?? 120);
const parallel = Number(process.env.PARALLEL ?? 3);
const PAGES: [string, string][] = [
  ['/sv/login', 'nin-input'],
  ['/sv/session-expired', 'session-expired'],
  ['/sv/verify/reference/not-a-token', 'reference-access-restricted'],
  ['/en/login', 'nin-input'],
];

const browser = await launchBrowser();
const outDir = path.join(artifactsDir, 'page-load-stress');
mkdirSync(outDir, { recursive: true });
const times: number[] = [];
let stalls = 0;

async function load(round: number): Promise<void> {
  const [pagePath, testId] = PAGES[round % PAGES.length]!;
  const context = await browser.newContext({ baseURL: base, locale: 'sv-SE' });
  const page = await context.newPage();
  const started = Date.now();
  const open = new Map<Request, number>();
  const events: string[] = [];
  const at = () => `${Date.now() - started} ms`;
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => {
    open.delete(request);
    events.push(`${at()} failed ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('console', (message) => events.push(`${at()} console.${message.type()} ${message.text()}`));
  page.on('pageerror', (error) => events.push(`${at()} page error ${error.message}`));
  try {
    await page.goto(pagePath);
    await page.getByTestId(testId).waitFor({ timeout: 10_000 });
    times.push(Date.now() - started);
  } catch {
    stalls += 1;
    const pending = [...open].map(([request, since]) => `${Date.now() - since} ms open: ${request.url()}`);
    const shown = await page.evaluate(() => document.body.innerHTML.slice(0, 300)).catch(() => '');
    console.log(
      [`stall on ${pagePath} (load ${round})`, ...pending, ...events, `page: ${shown}`].join('\n  '),
    );
    await page.screenshot({ path: path.join(outDir, `stall-${round}.png`) }).catch(() => undefined);
  } finally {
    await context.close();
  }
}

const began = Date.now();
for (let round = 0; round < rounds; round += parallel) {
  await Promise.all(Array.from({ length: Math.min(parallel, rounds - round) }, (_, k) => load(round + k)));
}
await browser.close();
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    loads: rounds,
    stalls,
    seconds: Math.round((Date.now() - began) / 1000),
    medianMs: times[Math.floor(times.length / 2)] ?? null,
    maxMs: times.at(-1) ?? null,
  }),
);
process.exitCode = stalls > 0 ? 1 : 0;
