import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pickSuggestion, putProfile } from './profile-fixtures';
import {
  axeViolations,
  callApi,
  createUser,
  pathOf,
  useBrowser,
  useToken,
  waitForPath,
  withDatabase,
} from './support';

// The profile editor and changes it has not saved, or that were saved elsewhere: a tab opened before another
// tab's save cannot overwrite it (its save is refused with the reason, and what was typed stays), and a link
// inside the app asks before unsaved changes are left behind.

const { baseUrl, databaseUrl, openPage } = useBrowser();

const status = (page: Page) => page.getByTestId('save-status');

interface OwnProfile {
  shortDescription: string | null;
  skills: { name: string }[];
  experiences: { company: string; approvedReferences: { approvedCount: number } }[];
}

/**
 * Waits for a dialog to finish fading in (MUI animates its opacity), so axe measures the colours it ends with:
 * a button half faded in fails the contrast rule.
 */
async function waitUntilOpaque(dialog: Locator): Promise<void> {
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
        }
        return opacity;
      }),
    )
    .toBe(1);
}

async function openEditor(token: string, path: string): Promise<Page> {
  const { context, page } = await openPage();
  await useToken(context, token);
  await page.goto(path);
  await page.getByTestId('edit-profile').waitFor();
  return page;
}

describe('profile: unsaved changes', () => {
  it("refuses a stale tab's save with the reason, keeping what was typed and what the other tab saved", async () => {
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Sigrid' });
    const saved = await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Systemutvecklare'],
      shortDescription: 'Backend in Go.',
      skills: [{ name: 'Go', yearsOfExperience: 5 }],
      experiences: [
        {
          company: 'Saab',
          jobTitle: 'Developer',
          startYear: 2019,
          endYear: 2023,
          employmentForm: 'consultant',
        },
      ],
    });
    // An approval its referee gave through a link that works once: it must never be lost.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `INSERT INTO experience_references
           (experience_id, first_name, last_name, email, token_hash, status, rating, review, requested_at, responded_at)
         VALUES ($1, 'Per', 'Holm', 'per@example.com', $2, 'approved', 5, 'Very good', now(), now())`,
        [saved.experiences[0]!.id, `e2e-${randomUUID()}`],
      ),
    );
    const tabA = await openEditor(consultant.token, '/en/app/edit-profile');
    const tabB = await openEditor(consultant.token, '/en/app/edit-profile');

    // Tab B adds an experience (saved at once), then the skill Rust (saved with the form).
    await tabB.getByTestId('experience-add').click();
    await tabB.getByTestId('experience-company').fill('Volvo Cars');
    await tabB.getByTestId('experience-title').fill('Architect');
    await tabB.getByTestId('experience-start').fill('2024');
    await tabB.getByTestId('experience-ongoing').check();
    await tabB.getByTestId('employment-consultant').check();
    await tabB.getByTestId('experience-save').click();
    await expect.poll(() => tabB.getByTestId('experience-item').count()).toBe(2);
    await pickSuggestion(tabB, 'skill-picker', 'Rus', 'Rust');
    await tabB.getByTestId('profile-save').click();
    await expect.poll(() => status(tabB).textContent(), { timeout: 15_000 }).toBe('All changes are saved');

    // Tab A, opened before, changes the description: its save is refused and what was typed stays.
    await tabA.getByTestId('profile-description').fill('Backend in Go and Rust.');
    await tabA.getByTestId('profile-save').click();
    const changed = tabA.getByTestId('profile-changed');
    await changed.waitFor();
    expect(await changed.textContent()).toContain(
      'Your profile was changed in another tab or on another device. Reload the page to see the latest ' +
        'version; what you typed here is kept until then.',
    );
    expect(await status(tabA).textContent()).toBe('You have unsaved changes');
    expect(await tabA.getByTestId('profile-description').inputValue()).toBe('Backend in Go and Rust.');
    expect(await axeViolations(tabA, 'profile changed elsewhere')).toEqual([]);
    const kept = await callApi<OwnProfile>(baseUrl, consultant.token, 'GET', '/profile');
    expect(kept.shortDescription).toBe('Backend in Go.');
    expect(kept.skills.map((skill) => skill.name)).toEqual(['Go', 'Rust']);
    expect(kept.experiences.map((experience) => experience.company)).toEqual(['Saab', 'Volvo Cars']);
    expect(kept.experiences[0]!.approvedReferences.approvedCount).toBe(1);

    // Reloaded, tab A shows tab B's changes; its own saves then go through, twice in a row.
    await tabA.getByTestId('profile-reload').click();
    await changed.waitFor({ state: 'detached' });
    await expect.poll(() => tabA.getByTestId('skill-row').count()).toBe(2);
    expect(await tabA.getByTestId('experience-item').count()).toBe(2);
    expect(await tabA.getByTestId('profile-description').inputValue()).toBe('Backend in Go.');
    for (const description of ['Backend in Go and Rust.', 'Backend in Go and Rust, on Linux.']) {
      await tabA.getByTestId('profile-description').fill(description);
      await tabA.getByTestId('profile-save').click();
      await expect.poll(() => status(tabA).textContent(), { timeout: 15_000 }).toBe('All changes are saved');
    }
    await tabA.reload();
    await tabA.getByTestId('edit-profile').waitFor();
    expect(await tabA.getByTestId('profile-description').inputValue()).toBe(
      'Backend in Go and Rust, on Linux.',
    );
    const skills = await tabA.getByTestId('skill-row').allTextContents();
    expect(skills).toHaveLength(2);
    expect(skills.join(' ')).toContain('Rust');
    const experiences = await tabA.getByTestId('experience-item').allTextContents();
    expect(experiences.join(' ')).toContain('Saab');
    expect(experiences.join(' ')).toContain('Volvo Cars');
    const after = await callApi<OwnProfile>(baseUrl, consultant.token, 'GET', '/profile');
    expect(after.experiences[0]!.approvedReferences.approvedCount).toBe(1);
    await tabA.context().close();
    await tabB.context().close();
  });

  it('asks before a link leaves unsaved changes: Stay keeps them, Leave goes; the language switch keeps them', async () => {
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Gustav' });
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Testledare'],
      shortDescription: 'Testar manuellt.',
    });
    const page = await openEditor(consultant.token, '/sv/app/edit-profile');
    const description = page.getByTestId('profile-description');
    await description.fill('Testar automatiskt.');

    // The side menu's Overview: the dialog asks, and Stay keeps the page as it was.
    await page.getByRole('link', { name: 'Översikt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lämna utan att spara?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Dina ändringar i profilen är inte sparade.');
    await waitUntilOpaque(dialog);
    expect(await axeViolations(page, 'leave dialog (sv)')).toEqual([]);
    await dialog.getByRole('button', { name: 'Stanna kvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/sv/app/edit-profile');
    expect(await description.inputValue()).toBe('Testar automatiskt.');
    expect(await status(page).textContent()).toBe('Du har osparade ändringar');

    // The same page in English is not leaving: nothing asks and the text stays.
    await page.getByTestId('language-picker').click();
    await waitForPath(page, '/en/app/edit-profile');
    await expect.poll(() => status(page).textContent()).toBe('You have unsaved changes');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await description.inputValue()).toBe('Testar automatiskt.');

    // "View my profile": Leave goes there, and nothing was saved.
    await page.getByTestId('view-own-profile').click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await waitUntilOpaque(leave);
    expect(await axeViolations(page, 'leave dialog (en)')).toEqual([]);
    await leave.getByRole('button', { name: 'Leave', exact: true }).click();
    await waitForPath(page, `/en/app/profile/${consultant.userId}`);
    await page.getByTestId('profile-view').waitFor();
    const own = await callApi<OwnProfile>(baseUrl, consultant.token, 'GET', '/profile');
    expect(own.shortDescription).toBe('Testar manuellt.');

    // Logging out is not held: the form could not be saved without the session anyway.
    await page.goto('/en/app/edit-profile');
    await page.getByTestId('edit-profile').waitFor();
    await description.fill('Testar automatiskt.');
    await expect.poll(() => status(page).textContent()).toBe('You have unsaved changes');
    await page.getByTestId('nav-logout').click();
    await waitForPath(page, '/en/home');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
