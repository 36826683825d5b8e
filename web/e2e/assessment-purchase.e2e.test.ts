import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken } from './support';

// app/assessment without a card on file: the page knows the purchase cannot go through, so it says "Add a card
// first" and does not send the purchase (which would answer 400 and log a console error).

const { baseUrl, databaseUrl, openPage } = useBrowser();

describe('buying the assessment without a card', () => {
  it('says "Add a card first" and sends no purchase', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Kerstin' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    const purchases: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/assessment/purchase')) purchases.push(request.method());
    });
    await page.goto('/en/app/assessment');
    await page.getByText('Add a card first').waitFor();
    const buy = page.getByTestId('buy-assessment');
    expect(await buy.isDisabled()).toBe(true);
    expect(await buy.getAttribute('aria-describedby')).toBe('buy-assessment-card-first');
    await page.goto('/sv/app/assessment');
    await page.getByText('Lägg till ett kort först').waitFor();
    expect(purchases).toEqual([]);
    await context.close();
  });
});
