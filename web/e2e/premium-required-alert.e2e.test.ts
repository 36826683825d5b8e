import { describe, expect, it } from 'vitest';
import { putProfile } from './profile-fixtures';
import { createUser, useBrowser, useToken, withDatabase } from './support';

// A premium feature refused for want of premium (403 PREMIUM_REQUIRED) is told in the global alert, which
// links to the subscription page where premium is bought. Here the buyer's premium ends while the consultant's
// profile is open: the anonymised CV's download is refused, and the alert's link leads on to the plans.

const { baseUrl, databaseUrl, openPage } = useBrowser();

async function setPremium(userId: string, premium: boolean) {
  await withDatabase(databaseUrl, (client) =>
    client.query('UPDATE users SET is_premium = $2 WHERE id = $1', [userId, premium]),
  );
}

describe('the premium-required alert', () => {
  it.each([
    {
      language: 'sv',
      text: 'Den här funktionen kräver ett premiumkonto',
      link: 'Lås upp premium',
      width: 375,
    },
    { language: 'en', text: 'This feature requires a premium account', link: 'Unlock premium', width: 1280 },
  ])('links to the subscription page ($language)', async ({ language, text, link, width }) => {
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Sigrid' });
    await putProfile(baseUrl, consultant.token, { jobTitles: ['Projektledare'] });
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Harald' });
    await setPremium(buyer.userId, true);

    const { context, page } = await openPage(width);
    await useToken(context, buyer.token);
    await page.goto(`/${language}/app/profile/${consultant.userId}`);
    const download = page.getByTestId(`anonymised-cv-${language}`);
    await download.waitFor();

    // Premium ends (a refund) with the page open: the download is refused.
    await setPremium(buyer.userId, false);
    await download.click();
    const alert = page.getByTestId('app-alert');
    const premiumLink = alert.getByTestId('premium-alert-link');
    await premiumLink.waitFor();
    expect(await alert.textContent()).toContain(text);
    expect(await premiumLink.textContent()).toBe(link);
    expect(await premiumLink.getAttribute('href')).toBe(`/${language}/app/subscription`);
    // The alert keeps its close button beside the link.
    expect(await alert.getByRole('button').count()).toBe(1);

    await premiumLink.click();
    await page.waitForURL(`**/${language}/app/subscription`);
    await alert.waitFor({ state: 'detached' });
    await context.close();
  });
});
