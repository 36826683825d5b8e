import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { useBrowser } from './support';

// A buyer's priorities on the search screen (issue 19): Java with at least 5 years used within 2 years as a
// must, English and Stockholm as nice-to-haves, and the order of importance changing which card comes first.

const { databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
let keyword: string;
const thisYear = new Date().getFullYear();

const java = (years: number, lastUsedYear: number) => [
  { name: 'Java', yearsOfExperience: years, lastUsedYear, starred: false },
];

beforeAll(async () => {
  keyword = uniqueKeyword();
  await seedConsultants({ databaseUrl, searchAlias }, keyword, [
    // English, in Göteborg.
    { jobTitles: ['Javautvecklare'], skills: java(5, thisYear), locations: ['goteborg'] },
    // Swedish only, in Stockholm, a year more of Java.
    {
      jobTitles: ['Backendutvecklare'],
      skills: java(6, thisYear),
      locations: ['stockholm'],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
    },
    // Too few years; not used for four years.
    { skills: java(3, thisYear), locations: ['stockholm'] },
    { skills: java(10, thisYear - 4), locations: ['stockholm'] },
  ]);
}, 180_000);

async function expectCount(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('results-count').textContent(), { timeout: 15_000 }).toBe(text);
}

const firstReason = (page: Page) => page.getByTestId('result-card').first().getByTestId('match-reason');

async function expectFirstReason(page: Page, text: string): Promise<void> {
  await expect.poll(() => firstReason(page).textContent(), { timeout: 15_000 }).toContain(text);
}

describe('the buyer’s priorities', () => {
  it('filters by years and recent use, ranks by nice-to-haves and follows the order of importance', async () => {
    const { context, page } = await openPage();
    const sent: unknown[] = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/api/search/v3') && request.method() === 'POST') {
        sent.push(request.postDataJSON());
      }
    });
    await page.goto(`/sv/search?keywords=${keyword}`);
    await expectCount(page, '4 konsulter hittades');

    // Java, at least 5 years, used within 2 years.
    await page.getByTestId('skills-input').fill('Java');
    await page.getByRole('option', { name: /^Java( \(\d+\))?$/ }).click();
    await page.keyboard.press('Escape');
    await expectCount(page, '4 konsulter hittades');
    await page.getByTestId('min-years-java').fill('5');
    await expectCount(page, '3 konsulter hittades');
    await page.getByTestId('used-within-java').fill('2');
    await expectCount(page, '2 konsulter hittades');

    // English as a must leaves one; as a nice-to-have both again, the English speaker first.
    await page.locator('[data-testid="language-chip"][data-value="en"]').click();
    await expectCount(page, '1 konsult hittades');
    await page.getByTestId('nice-languages-en').click();
    await expectCount(page, '2 konsulter hittades');
    await expectFirstReason(page, 'Meriterande: Engelska');
    expect(await firstReason(page).textContent()).toContain(`Java · 5 år, senast ${thisYear}`);

    // Stockholm as a nice-to-have too: English still weighs more (languages come before locations).
    await page.getByTestId('locations-input').click();
    await page.getByRole('option', { name: /^Stockholm/ }).click();
    await page.keyboard.press('Escape');
    await expectCount(page, '1 konsult hittades');
    await page.getByTestId('nice-locations-stockholm').click();
    await expectCount(page, '2 konsulter hittades');
    await expectFirstReason(page, 'Meriterande: Engelska');

    // Move the location to the top with the keyboard: the Stockholm consultant comes first.
    await page.getByTestId('importance-up-locations').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('importance-up-locations').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('importance-announcement').textContent())
      .toBe('Ort är nu nummer 1');
    await expectFirstReason(page, 'Meriterande: Stockholm');
    expect(await firstReason(page).textContent()).toContain(`Java · 6 år, senast ${thisYear}`);
    const last = sent[sent.length - 1] as {
      orderOfImportance: { name: string }[];
      skillRequirements: unknown;
      niceToHave: Record<string, string[]>;
    };
    expect(last.orderOfImportance.map((entry) => entry.name)).toEqual(['locations', 'skills', 'languages']);
    expect(last.skillRequirements).toEqual([{ skill: 'java', minYears: 5, usedWithinYears: 2 }]);
    expect(last.niceToHave).toMatchObject({ languages: ['en'], locations: ['stockholm'] });

    // Drag the languages back to the top: the English speaker first again.
    await page.getByTestId('importance-item-languages').dragTo(page.getByTestId('importance-item-locations'));
    await expectFirstReason(page, 'Meriterande: Engelska');
    await context.close();
  });
});
