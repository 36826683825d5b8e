import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, createUser, screenshot, useBrowser, useToken, withDatabase } from './support';

// The company's projects and details through the real UI (QA findings 3, 6, 7 and 9): adding a project sends
// once on a double click, a name the company already has is refused at the field, Escape leaves a rename,
// deleting asks first; an edit of the details is not lost silently when another tab is opened.

const { baseUrl, databaseUrl, openPage } = useBrowser();

async function companyAdmin() {
  const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Bertil' });
  const companyId = await withDatabase(databaseUrl, async (client) => {
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, address)
       VALUES ('Projektbolaget AB', 'limited_company', '556677-8899', 'Storgatan 1') RETURNING id`,
    );
    const id = company.rows[0]!.id;
    await client.query(
      `INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')`,
      [id, admin.userId],
    );
    return id;
  });
  return { admin, companyId };
}

const projectNames = (companyId: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'SELECT name FROM projects WHERE company_id = $1 ORDER BY name',
      [companyId],
    );
    return rows.map((row) => row.name);
  });

function countRequests(page: Page, method: string, pattern: RegExp) {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && pattern.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

describe('company projects', () => {
  it('adds once on a double click, refuses a name in use at the field, Escape leaves a rename, deleting asks first', async () => {
    const { admin, companyId } = await companyAdmin();
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const creates = countRequests(page, 'POST', /\/projects$/);
    const renames = countRequests(page, 'PUT', /\/projects\/[^/]+$/);
    const deletes = countRequests(page, 'DELETE', /\/projects\/[^/]+$/);
    await page.goto('/sv/app/company/projects');
    const form = page.getByTestId('project-create-form');
    const nameInput = form.getByLabel('Projektnamn');

    await nameInput.fill('Kundportalen');
    await form.getByRole('button', { name: 'Lägg till projekt' }).dblclick();
    const rows = page.getByTestId('project');
    await rows.filter({ hasText: 'Kundportalen' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(creates()).toBe(1);
    expect(await projectNames(companyId)).toEqual(['Kundportalen']);

    // The same name in other case and spaces: refused at the field, in Swedish.
    await nameInput.fill('  kundportalen ');
    await form.getByRole('button', { name: 'Lägg till projekt' }).click();
    await form.getByText('Företaget har redan ett projekt med det här namnet').waitFor();
    expect(await nameInput.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('app-alert').count()).toBe(0);
    await nameInput.fill('Intranätet');
    expect(await form.getByText('Företaget har redan ett projekt med det här namnet').count()).toBe(0);
    await form.getByRole('button', { name: 'Lägg till projekt' }).click();
    await rows.filter({ hasText: 'Intranätet' }).waitFor();

    // Renaming: Escape leaves it unchanged, focus back on the rename button.
    const renameButton = page.getByRole('button', { name: 'Byt namn på Intranätet' });
    await renameButton.click();
    const renameForm = page.getByTestId('project-rename-form');
    await renameForm.getByLabel('Nytt namn').fill('Kundportalen');
    await page.keyboard.press('Escape');
    await renameForm.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Byt namn på Intranätet');
    expect(renames()).toBe(0);
    // A rename to a name in use is refused at the field too.
    await renameButton.click();
    await renameForm.getByLabel('Nytt namn').fill('KUNDPORTALEN');
    await renameForm.getByRole('button', { name: 'Byt namn' }).click();
    await renameForm.getByText('Företaget har redan ett projekt med det här namnet').waitFor();
    await renameForm.getByRole('button', { name: 'Avbryt' }).click();
    expect(await projectNames(companyId)).toEqual(['Intranätet', 'Kundportalen']);

    // Deleting asks first: cancelling keeps the project, confirming deletes it.
    await page.getByRole('button', { name: 'Ta bort Intranätet' }).click();
    const question = page.getByRole('dialog', { name: 'Ta bort projektet ”Intranätet”?' });
    await question.waitFor();
    expect(await question.textContent()).toContain('Dess avtal och uppdrag finns kvar, utan projekt.');
    expect(await axeViolations(page, 'delete project question')).toEqual([]);
    await screenshot(page, 'company-project-delete-question-sv');
    await question.getByRole('button', { name: 'Avbryt' }).click();
    await question.waitFor({ state: 'detached' });
    expect(deletes()).toBe(0);
    expect(await projectNames(companyId)).toEqual(['Intranätet', 'Kundportalen']);
    await page.getByRole('button', { name: 'Ta bort Intranätet' }).click();
    await question.getByRole('button', { name: 'Ta bort projektet' }).click();
    await rows.filter({ hasText: 'Intranätet' }).waitFor({ state: 'detached' });
    expect(deletes()).toBe(1);
    expect(await projectNames(companyId)).toEqual(['Kundportalen']);
    // Said, and focus on the row now in its place rather than dropped to the page (QA5 F13).
    await expect
      .poll(() => page.getByTestId('app-alert').textContent())
      .toBe('Projektet ”Intranätet” har tagits bort');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Byt namn på Kundportalen');
    // A rename is confirmed too.
    await page.getByRole('button', { name: 'Byt namn på Kundportalen' }).click();
    await renameForm.getByLabel('Nytt namn').fill('Kundwebben');
    await renameForm.getByRole('button', { name: 'Byt namn' }).click();
    await expect
      .poll(() => page.getByTestId('app-alert').textContent())
      .toBe('Projektet har fått namnet ”Kundwebben”');
    expect(await projectNames(companyId)).toEqual(['Kundwebben']);
    await context.close();
  });
});

describe('company details', () => {
  it('asks before an unsaved edit is left for another tab; staying keeps it, a saved one is not asked about, leaving drops it', async () => {
    const { admin } = await companyAdmin();
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/en/app/company/details');
    const address = page.getByLabel('Address', { exact: true });
    await address.fill('Lilla torget 3, Göteborg');

    await page.getByRole('tab', { name: 'Projects' }).click();
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/en/app/company/details');
    expect(await address.inputValue()).toBe('Lilla torget 3, Göteborg');

    // Saved, it is not asked about.
    await page.getByRole('button', { name: 'Save the details' }).click();
    await page.getByTestId('app-alert').waitFor();
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL('**/en/app/company/members');
    expect(await question.count()).toBe(0);

    // Changed again and left: the change is dropped.
    await page.getByRole('tab', { name: 'Details' }).click();
    await address.fill('Somewhere else');
    await page.getByRole('tab', { name: 'Projects' }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/en/app/company/projects');
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect.poll(() => address.inputValue()).toBe('Lilla torget 3, Göteborg');
    await context.close();
  });

  it('keeps what is typed while a save is on its way', async () => {
    const { admin } = await companyAdmin();
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/en/app/company/details');
    const address = page.getByLabel('Address', { exact: true });
    const website = page.getByLabel('Website', { exact: true });
    await address.fill('Lilla torget 3, Göteborg');

    // The save is held until more has been typed, so its answer (and the refetch after it) lands mid-edit.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saveSeen!: () => void;
    const saving = new Promise<void>((resolve) => (saveSeen = resolve));
    await page.route(/\/api\/company\/[^/]+\/update$/, async (route) => {
      saveSeen();
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save the details' }).click();
    await saving;
    await website.fill('https://projektbolaget.example');
    release();
    await page.getByTestId('app-alert').waitFor();
    await page.unroute(/\/api\/company\/[^/]+\/update$/);

    // The typed website is still there and still unsaved; the saved address stays.
    expect(await website.inputValue()).toBe('https://projektbolaget.example');
    expect(await address.inputValue()).toBe('Lilla torget 3, Göteborg');
    await page.getByRole('tab', { name: 'Projects' }).click();
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await website.inputValue()).toBe('https://projektbolaget.example');
    await context.close();
  });
});
