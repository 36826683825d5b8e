import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support';

// The first render of the app must never suspend. It used to: the router's loading placeholder (PageSpinner,
// `hydrateFallbackElement`) translated its label with a suspending `useTranslation()` while i18next was not
// yet initialised (initialisation waited for the lazily loaded `messages` catalogue). With nothing above it to
// catch the suspension, React parked the whole first render with RouterProvider's `useState(router.state)`
// snapshot taken before the language loader had finished. RouterProvider subscribes to the router only in a
// layout effect after that render commits, so when the loader finished first (public pages: its only wait is
// the same catalogue), the router's one "initialized" update went to nobody and the page showed the spinner
// for ever: the 30 s stalls of the browser suite (login, session-expired and reference pages).

const { openPage } = useBrowser();

/** The built chunk of the domain's message catalogue: chunk files are named by hash only, the manifest names them. */
function messagesChunk(): string {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >;
  const chunk = Object.values(manifest).find((entry) => entry.name === 'messages');
  if (!chunk) throw new Error('the build manifest has no messages chunk');
  return `/${chunk.file}`;
}

describe('page load', () => {
  it('renders the loading placeholder while the message catalogue is on its way, then the page', async () => {
    const catalogue = messagesChunk();
    // Pages the browser renders (the server-rendered public pages, login among them, arrive with their content).
    for (const [address, testId] of [
      ['/en/session-expired', 'session-expired'],
      ['/sv/verify/reference/not-a-token', 'reference-access-restricted'],
    ] as const) {
      const { context, page } = await openPage();
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      // Hold the domain's message catalogue (the `messages` namespace) until the placeholder is on screen.
      await page.route(
        (url) => url.pathname === catalogue,
        async (route) => {
          held += 1;
          await released;
          await route.continue();
        },
      );
      // `commit`: the load event itself waits for the held module.
      await page.goto(address, { waitUntil: 'commit' });
      await page.getByRole('progressbar').waitFor({ timeout: 10_000 });
      expect(held, address).toBeGreaterThan(0);
      release();
      await page.getByTestId(testId).waitFor({ timeout: 10_000 });
      await context.close();
    }
  });
});
