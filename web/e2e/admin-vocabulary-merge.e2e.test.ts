import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, createUser, useBrowser, useToken, withDatabase } from './support';

// god/vocabulary: the entry a merge keeps is picked by its label from suggestions (QA pass 3 had to type its
// exact, case-sensitive id), and the dialogs name entries by label, not by id.

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

describe('merging a vocabulary entry', () => {
  it('picks the entry to keep by label, whatever its case, and names entries by label', async () => {
    const tag = letters(randomUUID().slice(0, 8));
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Ada' });
    const add = async (label: string) => {
      const { entry } = await callApi<{ entry: { id: string } }>(
        baseUrl,
        admin.token,
        'POST',
        '/admin/vocabularies/skills',
        { body: { sv: `${label}sv`, en: label, aliases: [] } },
      );
      created.push(entry.id);
      return entry.id;
    };
    const mergedId = await add(`Qmerge${tag}`);
    const keptId = await add(`Qkeep${tag}`);

    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await page.goto('/en/god/vocabulary/skills');
    await page.getByTestId('vocabulary-search').fill(tag);
    await page.getByTestId(`vocabulary-entry-${keptId}`).waitFor();

    // Rename names the entry by its label in the page's language.
    await page.getByTestId(`vocabulary-edit-${keptId}`).click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: `Rename “Qkeep${tag}”` })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Merge: typing the label in another case offers the entry; the merged one is not offered.
    await page.getByTestId(`vocabulary-merge-${mergedId}`).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('vocabulary-confirm-merge').isDisabled()).toBe(true);
    await dialog.getByTestId('vocabulary-merge-into').fill(`qKEEP${tag}`);
    await page.getByTestId(`vocabulary-merge-option-${keptId}`).click();
    expect(await page.getByTestId(`vocabulary-merge-option-${mergedId}`).count()).toBe(0);
    await dialog.getByTestId('vocabulary-confirm-merge').click();
    await page.locator('[data-testid="vocabulary-reindex"][data-done="true"]').waitFor();
    await expect.poll(() => page.getByTestId(`vocabulary-entry-${mergedId}`).count()).toBe(0);
    await page.getByTestId(`vocabulary-entry-${keptId}`).waitFor();
    await context.close();
  });
});
