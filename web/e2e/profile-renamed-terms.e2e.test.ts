import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken } from './support';

// A job title typed as one of the vocabulary's other names ("Tech lead", the English label and so an alias on a
// Swedish page) is stored as the entry and comes back with its Swedish label: the editor says so after saving.

const { baseUrl, databaseUrl, openPage } = useBrowser();

describe('profile editor: a typed name stored under the vocabulary’s label', () => {
  it('tells the user "Tech lead" is saved as "Teknisk ledare"', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Tove' });
    const { context, page } = await openPage();
    await context.addInitScript(() => window.localStorage.setItem('km.cookieConsent', 'e2e'));
    await useToken(context, user.token);
    await page.goto('/sv/app/edit-profile');
    await page.getByTestId('edit-profile').waitFor();
    await page.getByTestId('profile-job-titles').fill('Tech lead');
    await page.keyboard.press('Enter');
    await page.getByTestId('profile-save').click();
    const notice = page.getByTestId('renamed-terms');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      '”Tech lead” sparas som ”Teknisk ledare”, ordlistans namn för samma sak.',
    );
    await context.close();
  });
});
