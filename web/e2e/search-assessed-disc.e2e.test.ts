import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '@mp/migrations/db';
import { editOwnProfile } from '@mp/api/features/profiles/profile-edit.service';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { screenshot, useBrowser } from './support';

// Self-assessed versus verified DISC types in the search (issue 17): three consultants with a type picked by
// hand, then one of them gets the type from the assessment (the profile service, as the result job does, and
// the run's indexer through the outbox). The cards tell them apart, and the assessed-only box keeps the one.

const { databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
const keyword = uniqueKeyword('qd');
let verifiedId: string;

beforeAll(async () => {
  const ids = await seedConsultants({ databaseUrl, searchAlias }, keyword, [
    { discType: 'relater' },
    { discType: 'relater' },
    { discType: 'analyser' },
  ]);
  verifiedId = ids[0]!;
  const db = createDatabase(databaseUrl, { maxConnections: 1 });
  try {
    await editOwnProfile(db, verifiedId, 'sv', async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ disc_source: 'assessment' })
        .where('id', '=', profileId)
        .execute();
    });
  } finally {
    await db.destroy();
  }
});

async function expectCount(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('results-count').textContent(), { timeout: 15_000 }).toBe(text);
}

const sourcesOnCards = (page: Page) =>
  page
    .getByTestId('personality-source')
    .evaluateAll((chips) =>
      chips.map((chip) => `${chip.getAttribute('data-source')}:${chip.textContent}`).sort(),
    );

describe('search: self-assessed and verified DISC types', () => {
  it('badges each card and keeps only verified types with the assessed-only box', async () => {
    const { context, page } = await openPage();
    await page.goto(`/sv/search?keywords=${keyword}`);
    await expectCount(page, '3 konsulter hittades');
    // The indexer brings the assessment's change in through the outbox.
    await expect
      .poll(() => sourcesOnCards(page), { timeout: 15_000 })
      .toEqual(['assessment:Verifierad genom test', 'self:Självskattad', 'self:Självskattad']);
    const box = page.getByTestId('assessed-personality');
    await page.reload();
    await expect
      .poll(() => page.getByText(/^Bara verifierad genom testet \(\d+\)$/).textContent(), { timeout: 15_000 })
      .toBe('Bara verifierad genom testet (1)');
    await box.check();
    await expectCount(page, '1 konsult hittades');
    expect(await sourcesOnCards(page)).toEqual(['assessment:Verifierad genom test']);
    await screenshot(page, 'search-assessed-disc-1280');

    // The public profile says the same.
    await page.goto(`/en/profile/${verifiedId}`);
    await page.getByTestId('disc-source').waitFor();
    expect(await page.getByTestId('disc-source').textContent()).toBe('Verified by assessment');
    await context.close();
  });
});
