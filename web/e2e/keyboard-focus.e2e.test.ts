import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { useBrowser } from './support';

// QA11 (a keyboard-only run on a phone): focus must show on every control, stay out from under the cookie
// banner, and not fall to the page when the banner goes.

const { databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
const keyword = uniqueKeyword();

beforeAll(async () => {
  await seedConsultants(
    { databaseUrl, searchAlias },
    keyword,
    Array.from({ length: 8 }, (_, index) => ({ firstName: `Fokus${index + 1}` })),
  );
}, 120_000);

/** The relative luminance of an `rgb(…)` colour (WCAG 2). */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Focuses the control as the keyboard does (a key pressed first) and reads its focus outline. */
async function focusRing(page: Page, control: Locator) {
  await page.keyboard.press('Shift');
  await control.focus();
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focused: document.activeElement === element,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      color: style.outlineColor,
    };
  });
}

async function expectVisibleRing(page: Page, control: Locator, against = 'rgb(255, 255, 255)') {
  const ring = await focusRing(page, control);
  expect(ring.focused).toBe(true);
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, against)).toBeGreaterThanOrEqual(3);
  return ring;
}

describe('keyboard focus (QA11)', () => {
  it('shows a clear focus ring on buttons, the filters header and the result cards (F1)', async () => {
    const { context, page } = await openPage(375);
    await page.goto(`/en/search?keywords=${keyword}`);
    await page.getByTestId('result-card').first().waitFor();
    // Wait for the app to own the page (the banner's button is React's once hydrated).
    const agree = page.getByTestId('cookie-agree');
    await expect
      .poll(() => agree.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))))
      .toBe(true);
    // A contained button.
    await expectVisibleRing(page, agree);
    // The filters header: inside a panel that clips, so the ring is drawn inside it.
    const toggle = await expectVisibleRing(page, page.getByTestId('filters-toggle'));
    expect(toggle.offset).toBeLessThan(0);
    // A result card (CardActionArea): not only MUI's faint overlay.
    await expectVisibleRing(page, page.getByTestId('result-card').first().locator('.MuiCardActionArea-root'));
    await context.close();
  });

  it('keeps the focused control above the cookie banner, and the results bar off its buttons (F2)', async () => {
    const { context, page } = await openPage(375);
    await page.goto(`/en/search?keywords=${keyword}`);
    const banner = page.getByTestId('cookie-banner');
    await page.getByTestId('result-card').nth(2).waitFor();
    const agree = page.getByTestId('cookie-agree');
    await expect
      .poll(() => agree.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.scrollPaddingBottom))
      .not.toBe('');
    const bannerTop = await banner.evaluate((element) => element.getBoundingClientRect().top);
    // A card scrolled so that it lies under the banner, then focused.
    const card = page.getByTestId('result-card').nth(2).locator('.MuiCardActionArea-root');
    await card.evaluate((element, top) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, box.top - top - 10);
    }, bannerTop);
    expect(await card.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
      bannerTop - 20,
    );
    await page.keyboard.press('Shift');
    await card.focus();
    const cardBottom = await card.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(cardBottom).toBeLessThanOrEqual(bannerTop);

    // The filters unfolded push the results down: the results bar shows, above the banner, not over its buttons.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('filters-toggle').click();
    const snackbar = page.getByTestId('results-snackbar');
    await snackbar.waitFor();
    const snackbarBottom = await snackbar.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(snackbarBottom).toBeLessThanOrEqual(bannerTop);
    for (const button of [agree, banner.getByRole('link', { name: 'Read more about cookies' })]) {
      expect(
        await button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        }),
      ).toBe(true);
    }
    await context.close();
  });

  it('does not drop focus to the page when the cookie banner is agreed to by keyboard (F3)', async () => {
    const { context, page } = await openPage(375);
    await page.goto(`/en/search?keywords=${keyword}`);
    const agree = page.getByTestId('cookie-agree');
    await expect
      .poll(() => agree.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))))
      .toBe(true);
    await agree.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    // Without the banner, the page keeps no space for it.
    expect(await page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe('');
    await context.close();
  });

  it('puts focus where it can be seen after the cookie banner is agreed to from the footer (QA13 F5)', async () => {
    const { context, page } = await openPage(375);
    await page.goto(`/en/search?keywords=${keyword}`);
    const agree = page.getByTestId('cookie-agree');
    await expect
      .poll(() => agree.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))))
      .toBe(true);
    // The banner comes last in the tab order: the control before it is the footer's last link, far below the
    // top of the results (kept out of view here, as more results push it down on a phone).
    await page.evaluate(() => {
      const links = document.querySelectorAll<HTMLElement>('footer a');
      links[links.length - 1]!.focus({ preventScroll: true });
    });
    await agree.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    const focused = await page.evaluate(() => {
      const element = document.activeElement!;
      const box = element.getBoundingClientRect();
      return { tag: element.tagName, inView: box.bottom > 0 && box.top < window.innerHeight };
    });
    expect(focused).toEqual({ tag: 'MAIN', inView: true });
    await context.close();
  });
});
