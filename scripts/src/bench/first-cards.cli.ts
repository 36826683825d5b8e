/// <reference lib="dom" />
/**
 * `npm run bench:first-cards -- [--url URL] [--runs N] [--width PX]`: how long after navigation the search's
 * first six cards are on screen, in headless Chromium (Debian's, /usr/bin/chromium), against a running app
 * (`npm start` / `npm run demo`; default its PUBLIC_URL). Each run is a fresh browser context (empty cache, no
 * session), like a first visit. Prints per-run and median: first contentful paint, the six cards in the DOM
 * and painted, and hydration (the server's heading owned by React).
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '5' },
    width: { type: 'string', default: '375' },
    language: { type: 'string', default: 'sv' },
  },
});

// This CLI is a client of a running app: its address is the one input it needs, so it reads it here.
const base = (values.url ?? process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const runs = Number(values.runs);
const width = Number(values.width);

interface Run {
  firstContentfulPaintMs: number | null;
  sixCardsMs: number;
  hydratedMs: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const results: Run[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width, height: 812 } });
      const page = await context.newPage();
      await page.goto(`${base}/${values.language}/search`, { waitUntil: 'commit' });
      // Times are the page's own clock: milliseconds since navigation start.
      const sixCardsMs = await page
        .waitForFunction(
          // Polled once per animation frame: the frame that first has them is the one that paints them.
          () =>
            document.querySelectorAll('[data-testid="result-card"]').length >= 6 ? performance.now() : false,
          undefined,
          { polling: 'raf', timeout: 30_000 },
        )
        .then(async (handle) => Number(await handle.jsonValue()));
      const hydratedMs = await page
        .waitForFunction(
          () => {
            const heading = document.querySelector('h1');
            return heading && Object.keys(heading).some((key) => key.startsWith('__react'))
              ? performance.now()
              : false;
          },
          undefined,
          { polling: 'raf', timeout: 30_000 },
        )
        .then(async (handle) => Number(await handle.jsonValue()));
      const firstContentfulPaintMs = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      );
      results.push({ firstContentfulPaintMs, sixCardsMs, hydratedMs });
      console.log(
        `run ${run + 1}: first paint ${firstContentfulPaintMs?.toFixed(0) ?? '-'} ms, six cards ${sixCardsMs.toFixed(0)} ms, hydrated ${hydratedMs.toFixed(0)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(
    `median over ${runs} runs at ${width} px (${base}): six cards visible ${median(results.map((r) => r.sixCardsMs)).toFixed(0)} ms after navigation, ` +
      `first paint ${median(results.map((r) => r.firstContentfulPaintMs ?? Number.NaN)).toFixed(0)} ms, hydrated ${median(results.map((r) => r.hydratedMs)).toFixed(0)} ms`,
  );
}

await main();
