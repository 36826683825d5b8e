import { readFile } from 'node:fs/promises';
import { extractPdfText } from '@mp/test-support/pdf-text';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, screenshot, useBrowser, useToken, waitForPath, withDatabase } from './support';

// app/assessment without a card on file: the page knows the purchase cannot go through, so it says "Add a card
// first" and does not send the purchase (which would answer 400 and log a console error). With a card, the
// purchase's receipt is under Billing, where it downloads as a PDF with the seller, the VAT and the total.

const { baseUrl, databaseUrl, openPage } = useBrowser();

/** A card through the payment provider's hosted form, back on the Swedish assessment page. */
async function addCard(page: Page) {
  await page.getByTestId('add-card').click();
  await page.getByTestId('card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('737');
  await page.getByTestId('card-submit').click();
  await waitForPath(page, '/sv/app/assessment');
  await page.getByTestId('card-summary').waitFor();
}

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

describe('the assessment receipt under Billing (QA7 H7)', () => {
  it('downloads as a PDF with the seller, the VAT and the total, in the page language', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Dina' });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/sv/app/assessment');
    // A card from the provider's hosted form, then the purchase.
    await addCard(page);
    await page.getByTestId('buy-assessment').click();
    await page.getByTestId('assessment-question').waitFor();

    await page.goto('/sv/app/user/billing');
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    const number = /Kvitto (R\d{8}-[0-9A-F]+)/.exec((await receipt.textContent()) ?? '')?.[1];
    expect(number).toBeDefined();
    const button = receipt.getByTestId('receipt-download');
    expect(await button.getAttribute('aria-label')).toBe(`Ladda ner kvitto ${number} (PDF)`);
    await screenshot(page, 'billing-receipt-download-1280');
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`kvitto-${number}.pdf`);
    const text = (await extractPdfText(await readFile(await file.path()))).replace(/\s+/g, ' ');
    for (const expected of [
      `Kvittonummer ${number}`,
      'Konsultmarknaden AB',
      'Org.nr 559401-2311',
      'Momsreg.nr SE559401231101',
      'Dina',
      'Moms 25 %',
      'Summa exkl. moms',
      'Totalt',
      'Kort Visa som slutar på 4242',
    ]) {
      expect(text).toContain(expected);
    }

    // In English, the English receipt.
    await page.goto('/en/app/user/billing');
    await receipt.getByTestId('receipt-download').waitFor();
    expect(await receipt.getByTestId('receipt-download').textContent()).toBe('Download receipt (PDF)');
    const english = page.waitForEvent('download');
    await receipt.getByTestId('receipt-download').click();
    const englishFile = await english;
    expect(englishFile.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const englishText = (await extractPdfText(await readFile(await englishFile.path()))).replace(/\s+/g, ' ');
    expect(englishText).toContain('VAT No. SE559401231101');
    expect(englishText).toContain('Subtotal excl. VAT');
    await context.close();
  });
});

describe('taking the assessment with the keyboard', () => {
  it('moves focus to the new question after buying, Next and Back (QA7 H3)', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Tove' });
    const { context, page } = await openPage(375);
    await useToken(context, user.token);
    await page.goto('/sv/app/assessment');
    // A card through the payment provider's form, then back to the page.
    await addCard(page);

    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return `${element?.getAttribute('data-testid')}: ${element?.textContent}`;
      });
    // The buy button gives way to the first question: focus goes there, not to the page.
    await page.getByTestId('buy-assessment').press('Enter');
    await page.locator('[data-testid="assessment-question"][data-number="1"]').waitFor();
    await expect.poll(focused).toBe('assessment-progress: Fråga 1 av 36');

    // Next: the new question is read out ('Fråga 2 av 36'), and one Tab reaches its answers.
    await page.getByTestId('answer-3').check();
    await page.getByTestId('next-question').press('Enter');
    await page.locator('[data-testid="assessment-question"][data-number="2"]').waitFor();
    await expect.poll(focused).toBe('assessment-progress: Fråga 2 av 36');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('answer-1');

    // Back does the same.
    await page.getByRole('button', { name: 'Tillbaka' }).press('Enter');
    await expect.poll(focused).toBe('assessment-progress: Fråga 1 av 36');
    await context.close();
  });

  it('moves focus to what the page says after sending the answers, not to the page (QA11 F3)', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Tyra' });
    const { context, page } = await openPage(375);
    await useToken(context, user.token);
    await page.goto('/sv/app/assessment');
    await addCard(page);
    await page.getByTestId('buy-assessment').press('Enter');
    await page.locator('[data-testid="assessment-question"][data-number="1"]').waitFor();
    // The first 35 answers as saved before; the page resumes at the last question.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `INSERT INTO assessment_answers (order_id, question, answer)
         SELECT o.id, n, '{"value": 3}'::jsonb FROM assessment_orders o, generate_series(1, 35) n
         WHERE o.user_id = $1 AND o.status = 'purchased'`,
        [user.userId],
      ),
    );
    await page.reload();
    await page.locator('[data-testid="assessment-question"][data-number="36"]').waitFor();
    await page.getByTestId('answer-3').check();
    const submit = page.getByTestId('submit-assessment');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.press('Enter');
    // The notice that the answers are in (or the result, if it is already there) has the focus.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid')),
      )
      .toMatch(/^(assessment-taken|result-type)$/);
    await context.close();
  });
});
