import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { openPasswordForm } from './journeys/steps';
import { useBrowser } from './support';

// Issue 20: no layout shift when a server-rendered public page comes alive. The browser's own record of layout
// shifts (the Layout Instability API's `layout-shift` entries, what Lighthouse's CLS sums) is read from the
// first byte until the page has hydrated and its lazy parts (the search's filters and cards) have rendered.
// A phone once saw the search's cards jump by half a screen (CLS 0.54): the server rendered the filters
// unfolded, and the browser folded them after hydration. Parts a visitor opens open in place.

const { databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
/** Well below what a person notices; Lighthouse counts a page as good up to a sum of 0.1. */
const MAX_SHIFT = 0.005;

let profileId: string;

interface Shift {
  value: number;
  sources: string[];
}

beforeAll(async () => {
  const keyword = uniqueKeyword();
  // Enough cards to fill a phone's screen below the filters, with chips that wrap.
  const ids = await seedConsultants(
    { databaseUrl, searchAlias },
    keyword,
    Array.from({ length: 8 }, (_, index) => ({
      jobTitles: [`Layouttestare ${index + 1}`, 'Systemutvecklare'],
    })),
  );
  profileId = ids[0]!;
});

/** Records every layout shift of the page from its first byte (the observer is installed before any script). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node as Element | null | undefined;
            if (!node) return '(a removed node)';
            const testId = node.getAttribute?.('data-testid');
            const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
            const moved = `${rect(source.previousRect)} -> ${rect(source.currentRect)}`;
            return `${node.nodeName}${testId ? `[data-testid=${testId}]` : ''} "${(node.textContent ?? '').slice(0, 40)}" ${moved}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** True once React owns the node the selector finds (hydrated, or rendered by the browser). */
function ownedByReact(page: Page, selector: string) {
  return page.evaluate((css) => {
    const node = document.querySelector(css);
    return Boolean(node && Object.keys(node).some((key) => key.startsWith('__react')));
  }, selector);
}

/** The shifts recorded so far, after two frames (entries of the last frame are delivered by then). */
function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { layoutShifts: Shift[] }).layoutShifts)),
        );
      }),
  );
}

describe('layout shift while a public page hydrates', () => {
  for (const width of [375, 1280]) {
    it(`the search at ${width} px keeps its server-rendered cards where they are`, async () => {
      const { context, page } = await openPage(width);
      await recordShifts(page);
      await page.goto('/sv/search');
      // Hydrated, the virtualised list has taken over the cards, and the lazy filters panel has rendered.
      await expect.poll(() => ownedByReact(page, 'h1'), { timeout: 15_000 }).toBe(true);
      await expect
        .poll(() => ownedByReact(page, '[data-testid="filters-panel"]'), { timeout: 15_000 })
        .toBe(true);
      await expect
        .poll(() =>
          page.locator('[data-testid="results-list"] > li[data-index]').first().getAttribute('style'),
        )
        .toContain('translateY');
      await page.waitForLoadState('networkidle');
      const shifts = await shiftsSoFar(page);
      expect(shifts.filter((shift) => shift.value > MAX_SHIFT)).toEqual([]);
      await context.close();
    });
  }

  it('a public profile on a phone does not move as it hydrates', async () => {
    const { context, page } = await openPage(375);
    await recordShifts(page);
    await page.goto(`/sv/profile/${profileId}`);
    await expect.poll(() => ownedByReact(page, 'h1'), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const shifts = await shiftsSoFar(page);
    expect(shifts.filter((shift) => shift.value > MAX_SHIFT)).toEqual([]);
    await context.close();
  });
});

describe('layout shift when a visitor opens part of a page', () => {
  it('the login card opens its e-mail fallback in place', async () => {
    // The toggle and the links under it stay where the click found them: they once moved up by 24 px as the
    // fallback opened (MUI drops the top margin of an expanded accordion that is the first of its type).
    const { context, page } = await openPage(1280);
    await page.goto('/en/login');
    await page.locator('[data-testid="bankid-start"]:not([disabled])').waitFor();
    const toggle = page.getByTestId('password-fallback-toggle');
    const before = await toggle.boundingBox();
    // Clicks the toggle and returns once the fallback has opened to its full height.
    await openPasswordForm(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const after = await toggle.boundingBox();
    expect(after?.y).toBe(before?.y);
    await context.close();
  });
});
