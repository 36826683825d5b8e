import { describe, expect, inject, it } from 'vitest';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import { callApi, createUser, useBrowser, useToken } from './support';

// The profile editor's term inputs and text limits (QA11 F5, F8): Enter in a skill input takes the suggestion
// shown, as the language input does, not the half-typed word; a text over its limit is refused at its field with
// the API's message instead of being cut to the limit without a word; and a long unbroken job title wraps on
// the search card instead of pushing the availability chip off it.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');

async function openEditor(width = 1280) {
  const user = await createUser(baseUrl, databaseUrl, { firstName: 'Märta' });
  const { context, page } = await openPage(width);
  await useToken(context, user.token);
  await page.goto('/en/app/edit-profile');
  await page.getByTestId('edit-profile').waitFor();
  return { user, context, page };
}

describe('profile term inputs', () => {
  it('Enter in "Add a skill" and "Skills used" takes the suggestion shown; own words are a choice of their own', async () => {
    const { context, page } = await openEditor();
    const picker = page.getByTestId('skill-picker');
    await picker.fill('TypeSc');
    await page.getByRole('option', { name: 'TypeScript', exact: true }).waitFor();
    await page.getByRole('option', { name: 'Add “TypeSc”', exact: true }).waitFor();
    await picker.press('Enter');
    // The row starts with the skill's name (its inputs' labels follow).
    const names = () =>
      page
        .getByTestId('skill-row')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent));
    await expect.poll(names).toEqual(['TypeScript']);

    // The typed word, when it is what the user wants, is chosen as such.
    await picker.fill('Kotl');
    await page.getByRole('option', { name: 'Kotlin', exact: true }).waitFor();
    await page.getByRole('option', { name: 'Add “Kotl”', exact: true }).click();
    await expect.poll(names).toEqual(['TypeScript', 'Kotl']);

    // The experience dialog's skills behave alike.
    await page.getByTestId('experience-add').click();
    const dialog = page.getByRole('dialog');
    const skills = page.getByTestId('experience-skills');
    await skills.fill('Postgr');
    await page.getByRole('option', { name: 'PostgreSQL', exact: true }).waitFor();
    await skills.press('Enter');
    await expect.poll(() => dialog.locator('.MuiChip-label').allTextContents()).toEqual(['PostgreSQL']);
    // With nothing suggested (yet), Enter adds the words as typed.
    await skills.fill('Mobbprogrammering');
    await skills.press('Enter');
    await expect
      .poll(() => dialog.locator('.MuiChip-label').allTextContents())
      .toEqual(['PostgreSQL', 'Mobbprogrammering']);
    await context.close();
  });
});

describe('profile text limits', () => {
  it('refuses an over-long job title and description at their fields instead of cutting them', async () => {
    const { user, context, page } = await openEditor(375);
    await page.getByTestId('profile-job-titles').fill('T'.repeat(10_000));
    await page.getByTestId('profile-job-titles').press('Enter');
    // Said as it is added, with its chip marked, before any save (QA13 F9).
    await page.getByText('Cannot be longer than 100 characters').waitFor();
    await page.locator('.MuiChip-colorError').waitFor();
    await page.getByTestId('profile-description').fill('D'.repeat(2100));
    await page.getByTestId('profile-save').click();
    await page.getByText('Cannot be longer than 100 characters').waitFor();
    await page.getByText('Cannot be longer than 2000 characters').waitFor();
    expect(await page.getByTestId('profile-description').inputValue()).toHaveLength(2100);
    const saved = await callApi<{ jobTitles: string[]; shortDescription: string | null }>(
      baseUrl,
      user.token,
      'GET',
      '/profile',
    );
    expect(saved.jobTitles).toEqual([]);
    expect(saved.shortDescription ?? '').toBe('');
    await context.close();
  });

  it('wraps a long unbroken job title on the search card, the availability chip whole and inside the card', async () => {
    const keyword = uniqueKeyword();
    await seedConsultants({ databaseUrl, searchAlias }, keyword, [
      {
        jobTitles: ['W'.repeat(100)],
        availability: { kind: 'available_now', date: null, withinDays: null },
      },
    ]);
    const { context, page } = await openPage(375);
    await context.addInitScript(() => window.localStorage.setItem('km.cookieConsent', 'e2e'));
    await page.goto(`/en/search?keywords=${keyword}`);
    const card = page.getByTestId('result-card').first();
    await card.getByTestId('availability-chip').waitFor();
    const measure = await card.evaluate((element) => {
      const right = (selector: string) =>
        element.querySelector(selector)?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
      const label = element.querySelector('[data-testid="availability-chip"] .chip-label');
      return {
        card: element.getBoundingClientRect().right,
        chip: right('[data-testid="availability-chip"]'),
        titles: right('[data-testid="result-job-titles"]'),
        chipCut: label ? label.scrollWidth > label.clientWidth : true,
      };
    });
    expect(measure.chip).toBeLessThanOrEqual(measure.card);
    expect(measure.titles).toBeLessThanOrEqual(measure.card);
    expect(measure.chipCut).toBe(false);
    await context.close();
  });
});
