import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken } from './support';

// Tab rows wider than a 375 px phone (Settings: 'Account and security | Notifications | Privacy') show scroll
// arrows, so the clipped last tab is visibly there and reachable, in both languages.

const { baseUrl, databaseUrl, openPage } = useBrowser();

describe('tab rows at 375 px', () => {
  it.each([
    { language: 'en', privacy: 'Privacy' },
    { language: 'sv', privacy: 'Integritet' },
  ])(
    'the settings tabs show an arrow that brings the last tab into view ($language)',
    async ({ language, privacy }) => {
      const user = await createUser(baseUrl, databaseUrl, { firstName: 'Tova' });
      const { context, page } = await openPage(375);
      await useToken(context, user.token);
      await page.goto(`/${language}/app/settings`);
      const tabs = page.getByRole('tablist');
      const last = tabs.getByRole('tab', { name: privacy });
      await last.waitFor();
      const forward = tabs.locator('xpath=../..').locator('.MuiTabs-scrollButtons').last();
      await forward.waitFor();
      expect(await forward.isVisible()).toBe(true);
      expect(await forward.getAttribute('class')).not.toContain('Mui-disabled');
      await forward.click();
      // Scrolled to the end: the last tab is in view.
      await tabs.locator('xpath=..').evaluate(
        (scroller) =>
          new Promise<void>((resolve) => {
            const atEnd = () => scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
            if (atEnd()) resolve();
            else scroller.addEventListener('scroll', () => atEnd() && resolve());
          }),
      );
      expect(await last.isVisible()).toBe(true);
      await context.close();
    },
  );
});
