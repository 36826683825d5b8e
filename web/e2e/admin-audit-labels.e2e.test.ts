import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { putProfile } from './profile-fixtures';
import { axeViolations, createUser, screenshot, useBrowser, useToken } from './support';

// The god area speaks to the admin in words: the audit log names each action (its code in the tooltip, for
// support), says who did it and, when there is one, what it was about, an admin's profile edit lists only the parts the admin changed, and the dashboard's most used
// filters read "Location: Gothenburg" rather than `locations:goteborg`.

const { baseUrl, databaseUrl, openPage } = useBrowser();

/** A full page load once the current page has settled (a load during the user refetch would log out). */
async function go(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(path);
}

describe('the audit log and the dashboard for an admin', () => {
  it("name actions in words with their codes, list the parts an admin's edit changed, and label filters", async () => {
    const tag = randomUUID().slice(0, 8);
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Greta' });
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Systemutvecklare'],
      shortDescription: `Utvecklare ${tag}.`,
      locations: ['goteborg', 'stockholm'],
      skills: [
        { name: 'TypeScript', yearsOfExperience: 6, lastUsedYear: 2026, starred: true },
        { name: 'React', yearsOfExperience: 4, lastUsedYear: 2025, starred: false },
      ],
      languages: [
        { code: 'sv', level: 'native_or_bilingual' },
        { code: 'en', level: 'full_professional' },
      ],
      educations: [{ level: 'masters', fieldOfStudy: 'Datavetenskap', school: 'KTH', startYear: 2010 }],
    });
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Ada' });
    const { context, page } = await openPage();
    await useToken(context, admin.token);

    // The admin changes the description only, in the profile editor, and saves.
    await go(page, `/en/god/user/${consultant.userId}`);
    await page.getByTestId('profile-description').fill(`Redigerad av supporten ${tag}.`);
    await page.getByTestId('profile-save').click();
    await page.getByText('The user’s profile was saved').waitFor();

    // The user's page: the entry in words, what was changed, and the code only in the tooltip.
    await go(page, `/en/god/users/${consultant.userId}`);
    const entry = page.getByTestId('audit-entry').first();
    await entry.waitFor();
    expect(await entry.getByTestId('audit-action').textContent()).toBe('Profile edited by an admin');
    expect(await entry.getByTestId('audit-parts').textContent()).toBe('Changed: description');
    expect(await entry.getByTestId('audit-action').getAttribute('title')).toBe('admin.profile.edit');
    expect(await entry.getByTestId('audit-by').textContent()).toBe(
      `By Ada Lindqvist · about user ${consultant.userId}`,
    );
    expect(await entry.textContent()).not.toContain('admin.profile.edit');
    // The consultant's own login: in words, by them, about nothing (no "about –"), with no code or id in the text.
    const ownLogin = page
      .getByTestId('audit-entry')
      .filter({ has: page.locator('[data-code="auth.login"]') })
      .first();
    expect(await ownLogin.getByTestId('audit-action').textContent()).toBe('Logged in');
    expect(await ownLogin.getByTestId('audit-by').textContent()).toBe('By Greta Lindqvist');
    expect(await ownLogin.getByTestId('audit-by').getAttribute('title')).toBe(consultant.userId);
    expect(await ownLogin.textContent()).not.toMatch(/auth\.login|–|Actor id/);

    // The audit log, searched by the user's id: the same words, and the consultant's own login in words too.
    await go(page, '/en/god/audit');
    await page.getByLabel('Action, subject id, or the actor’s name, e-mail or id').fill(consultant.userId);
    await page.getByRole('button', { name: 'Search' }).click();
    // Until the search answers, the log's newest entries of anyone show: these are the user's.
    const ofUser = page
      .getByTestId('audit-entry')
      .filter({ has: page.locator(`[title="${consultant.userId}"]`) })
      .or(page.getByTestId('audit-entry').filter({ hasText: consultant.userId }));
    const edit = ofUser.filter({ has: page.locator('[data-code="admin.profile.edit"]') });
    await edit.getByText('Profile edited by an admin').waitFor();
    expect(await edit.getByTestId('audit-parts').textContent()).toBe('Changed: description');
    const login = ofUser.filter({ has: page.locator('[data-code="auth.login"]') }).first();
    expect(await login.getByTestId('audit-action').textContent()).toBe('Logged in');
    expect(await axeViolations(page, 'god/audit')).toEqual([]);
    await screenshot(page, 'admin-audit-1280');

    // A search with filters is recorded (anonymously) for the dashboard; its filters show in words there.
    const searched = await fetch(`${baseUrl}/api/search/v3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locations: ['goteborg'], educationLevel: 'masters', availableAt: null }),
    });
    expect(searched.status).toBe(200);
    await go(page, '/en/god/dashboard');
    const topFilters = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Most used filters' }) });
    const readRows = () =>
      topFilters.locator('tbody tr td:first-child').evaluateAll((cells) =>
        cells.map((cell) => ({
          label: cell.firstChild?.textContent ?? '',
          code: cell.querySelector('[data-testid="count-code"]')?.textContent ?? null,
        })),
      );
    await expect
      .poll(async () => {
        await page.reload();
        await topFilters.waitFor();
        return (await readRows()).length;
      })
      .toBeGreaterThan(0);
    const rows = await readRows();
    for (const row of rows) {
      // Each filter in words, with its recorded code beside it.
      expect(row.code).toMatch(/^[a-zA-Z]+(:.+)?$/);
      expect(row.label).not.toBe(row.code);
      expect(row.label).not.toMatch(/^[a-zA-Z]+:\S+$/);
    }
    const gothenburg = rows.find((row) => row.code === 'locations:goteborg');
    if (gothenburg) expect(gothenburg.label).toBe('Location: Gothenburg');
    await screenshot(page, 'admin-dashboard-filters-1280');
    await context.close();
  });
});
