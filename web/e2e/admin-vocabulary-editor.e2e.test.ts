import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, callApi, createUser, useBrowser, useToken, withDatabase } from './support';

// god/vocabulary in English (QA findings): after a deletion focus goes to the row now in its place, the delete
// dialog and its message name the entry in the page's language, the new-entry dialog is a form (Enter saves)
// whose labels count their 120 characters and show a refusal at the field it concerns.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const created: string[] = [];

afterAll(async () => {
  // Other suites share the vocabulary.
  await withDatabase(databaseUrl, (client) =>
    client.query("DELETE FROM vocabulary_entries WHERE kind = 'skills' AND id = ANY($1)", [created]),
  );
});

/** Only letters: the id is a slug of the English label. */
const letters = (text: string) => text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

describe('the vocabulary editor', () => {
  it('names the deleted entry in English and moves focus to the row in its place, then the one before, then "New entry"', async () => {
    const tag = letters(randomUUID().slice(0, 8));
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Dag' });
    const add = async (label: string) => {
      const { entry } = await callApi<{ entry: { id: string } }>(
        baseUrl,
        admin.token,
        'POST',
        '/admin/vocabularies/skills',
        { body: { sv: `${label}svensk`, en: label, aliases: [] } },
      );
      created.push(entry.id);
      return entry.id;
    };
    const first = await add(`Qfirst${tag}`);
    const middle = await add(`Qmiddle${tag}`);
    const last = await add(`Qlast${tag}`);

    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await page.goto('/en/god/vocabulary/skills');
    await page.getByTestId('vocabulary-search').fill(tag);
    await page.getByTestId(`vocabulary-entry-${last}`).waitFor();

    const deleteByKeyboard = async (id: string, label: string) => {
      await page.getByTestId(`vocabulary-delete-${id}`).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Delete “${label}”?` });
      await dialog.waitFor();
      await dialog.getByTestId('vocabulary-confirm-delete').press('Enter');
      await page.getByText(`“${label}” was deleted from the vocabulary`).waitFor();
      await page.getByTestId(`vocabulary-entry-${id}`).waitFor({ state: 'detached' });
    };

    // The row now in the deleted one's place.
    await deleteByKeyboard(middle, `Qmiddle${tag}`);
    await expect.poll(() => focusedTestId(page)).toBe(`vocabulary-edit-${last}`);
    // The last row: the one before it.
    await deleteByKeyboard(last, `Qlast${tag}`);
    await expect.poll(() => focusedTestId(page)).toBe(`vocabulary-edit-${first}`);
    // The list is empty: "New entry".
    await deleteByKeyboard(first, `Qfirst${tag}`);
    await page.getByText('No entries match.').waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('vocabulary-new');
    await context.close();
  });

  it('saves a new entry with Enter, counts the 120 characters of a label and shows a refusal at its field', async () => {
    const tag = letters(randomUUID().slice(0, 8));
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Nora' });
    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await page.goto('/en/god/vocabulary/skills');
    await page.getByTestId('vocabulary-new').click();
    const dialog = page.getByRole('dialog', { name: 'A new entry' });
    await dialog.waitFor();
    const sv = dialog.getByTestId('vocabulary-label-sv');
    const en = dialog.getByTestId('vocabulary-label-en');
    await dialog.getByText('0/120 characters').first().waitFor();

    // The label stops at its limit, and says so under the field.
    await sv.fill('x'.repeat(130));
    expect((await sv.inputValue()).length).toBe(120);
    await dialog.getByText('120/120 characters').waitFor();

    // Labels with no letter a-z or digit give no id: the refusal shows at the label, not above the fields.
    const noId =
      "Write a letter a-z or a digit in the English or the Swedish label: the entry's id is made from it";
    await sv.fill('🚀✨');
    await en.fill('פיתוח אתרים');
    await en.press('Enter');
    await expect.poll(() => en.getAttribute('aria-invalid')).toBe('true');
    expect(await sv.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText(noId).count()).toBe(2);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page, 'vocabulary new-entry dialog with refusals')).toEqual([]);

    // Changing the label takes its refusal away; Enter saves.
    await en.fill(`Qform${tag}`);
    expect(await en.getAttribute('aria-invalid')).toBe('false');
    created.push(`qform${tag}`);
    await en.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="vocabulary-reindex"][data-done="true"]').waitFor();
    await page.getByTestId('vocabulary-search').fill(tag);
    await page.getByTestId(`vocabulary-entry-qform${tag}`).waitFor();
    await context.close();
  });
});
