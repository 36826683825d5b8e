import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContractPdf } from '@mp/test-support/contract-fixtures';
import { axeViolations, createUser, screenshot, useBrowser, useToken, withDatabase } from './support';

// The contract upload dialog and the contract card through the real UI (QA findings 3, 5, 6 and 7): a double
// click uploads, sends and cancels once; the name follows the chosen file until the user types one, a name
// over 200 characters and the API's refusals show at their inputs; a contract is filed under a project of the
// company; cancelling asks first, under a label that cannot be taken for a dialog's Cancel.

const { baseUrl, databaseUrl, openPage } = useBrowser();
let pdf: Buffer;

beforeAll(async () => {
  pdf = await createContractPdf('Konsultavtal');
});

/** A company whose premium admin uploads, a member who signs, and two projects. */
async function companyWithProjects() {
  const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const signer = await createUser(baseUrl, databaseUrl, { firstName: 'Łukasz' });
  const companyId = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = $1', [admin.userId]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number)
       VALUES ($1, 'limited_company', '556677-8899') RETURNING id`,
      [`Avtalsbolaget ${Date.now().toString(36)} AB`],
    );
    const id = company.rows[0]!.id;
    await client.query(
      `INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $3, 'member')`,
      [id, admin.userId, signer.userId],
    );
    await client.query(
      "INSERT INTO projects (company_id, name) VALUES ($1, 'Kundportalen'), ($1, 'Intranätet')",
      [id],
    );
    return id;
  });
  return { admin, signer, companyId };
}

const contractsOf = (companyId: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; name: string; status: string; project: string | null }>(
      `SELECT k.id, k.name, k.status, p.name AS project
       FROM contracts k LEFT JOIN projects p ON p.id = k.project_id
       WHERE k.company_id = $1 ORDER BY k.created_at`,
      [companyId],
    );
    return rows;
  });

/** Counts the page's POST requests whose path matches `pattern`. */
function countPosts(page: Page, pattern: RegExp) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && pattern.test(new URL(request.url()).pathname))
      seen.push(request.url());
  });
  return () => seen.length;
}

const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdf });

describe('uploading a contract', () => {
  it('uploads once on a double click, under a chosen project; names follow the file until typed; refusals show at the field', async () => {
    const { admin, companyId } = await companyWithProjects();
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const uploads = countPosts(page, new RegExp(`^/api/company/${companyId}/contracts$`));
    await page.goto('/en/app/contracts');
    await page.getByRole('button', { name: 'Upload a contract' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a contract' });
    await dialog.waitFor();
    const name = dialog.getByLabel('Name', { exact: true });
    const chooseFile = dialog.getByTestId('contract-file');

    // The name follows the chosen file, a second one too, until the user types a name of their own.
    await chooseFile.setInputFiles(file('first-draft.pdf'));
    await expect.poll(() => name.inputValue()).toBe('first-draft');
    await chooseFile.setInputFiles(file('Konsultavtal Łukasz.pdf'));
    await expect.poll(() => name.inputValue()).toBe('Konsultavtal Łukasz');
    await name.fill('Ramavtal 2027');
    await chooseFile.setInputFiles(file('ramavtal-final.pdf'));
    expect(await dialog.getByTestId('contract-file-status').textContent()).toBe('ramavtal-final.pdf');
    expect(await name.inputValue()).toBe('Ramavtal 2027');

    // Over 200 characters: said at the field as it is typed, with the limit, and nothing is sent.
    await name.fill('Å'.repeat(201));
    await dialog.getByText('Cannot be longer than 200 characters').waitFor();
    await dialog.getByRole('combobox', { name: 'Signer' }).click();
    await page.getByRole('option', { name: 'Łukasz Lindqvist' }).click();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('Å'.repeat(200));
    await dialog.getByText("200/200 characters. Empty: the file's name").waitFor();

    // The API's refusal of an input shows at that input: a control character the browser's check lets by.
    await name.fill('Ramavtal\u0007 2027');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('The text contains characters that are not allowed').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    // A project deleted while the dialog was open is refused at the project.
    await name.fill('Ramavtal 2027');
    await dialog.getByRole('combobox', { name: 'Project' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'No project',
      'Intranätet',
      'Kundportalen',
    ]);
    await page.getByRole('option', { name: 'Intranätet' }).click();
    await withDatabase(databaseUrl, (client) =>
      client.query("DELETE FROM projects WHERE company_id = $1 AND name = 'Intranätet'", [companyId]),
    );
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('The project was not found').waitFor();
    expect(await page.getByTestId('app-alert').count()).toBe(0);
    expect(await contractsOf(companyId)).toEqual([]);
    expect(await axeViolations(page, 'upload dialog with a refusal')).toEqual([]);
    await screenshot(page, 'contract-upload-refused-en');

    // A double click on Upload makes one contract, under the chosen project.
    await dialog.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Kundportalen' }).click();
    const sentBefore = uploads();
    await dialog.getByRole('button', { name: 'Upload' }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('contract').filter({ hasText: 'Ramavtal 2027' });
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    expect(uploads() - sentBefore).toBe(1);
    expect(await contractsOf(companyId)).toEqual([
      expect.objectContaining({ name: 'Ramavtal 2027', status: 'draft', project: 'Kundportalen' }),
    ]);
    // The card names the project.
    expect(await card.getByTestId('contract-project').textContent()).toBe('Kundportalen');
    await context.close();
  });
});

describe('editing a draft (QA5 F3)', () => {
  it("changes a draft's name, project and signer until it is sent; members are listed by name with their address", async () => {
    const { admin, signer, companyId } = await companyWithProjects();
    const signerEmail = `lukasz.${Date.now().toString(36)}@example.se`;
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET email = $2 WHERE id = $1', [signer.userId, signerEmail]),
    );
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const edits = countPosts(page, /\/contracts\/[^/]+\/update$/);
    await page.goto('/sv/app/contracts');
    await page.getByRole('button', { name: 'Ladda upp ett avtal' }).click();
    const upload = page.getByRole('dialog', { name: 'Ladda upp ett avtal' });
    await upload.getByTestId('contract-file').setInputFiles(file('Fel avtal.pdf'));
    await upload.getByRole('combobox', { name: 'Undertecknare' }).click();
    // The name first, the address under it.
    const option = page.getByRole('option', { name: 'Łukasz Lindqvist' });
    expect(await option.textContent()).toBe(`Łukasz Lindqvist${signerEmail}`);
    await page.getByRole('option', { name: 'Åsa Lindqvist' }).click();
    await upload.getByRole('button', { name: 'Ladda upp' }).click();
    await upload.waitFor({ state: 'detached' });
    const card = page.getByTestId('contract').filter({ hasText: 'Fel avtal' });
    await card.locator('[data-status="draft"]').waitFor();

    // The wrong signer, name and project are put right before sending.
    await card.getByRole('button', { name: 'Ändra utkastet' }).click();
    const edit = page.getByRole('dialog', { name: 'Ändra utkastet' });
    await edit.waitFor();
    const name = edit.getByLabel('Namn', { exact: true });
    expect(await name.inputValue()).toBe('Fel avtal');
    expect(await edit.getByRole('combobox', { name: 'Undertecknare' }).textContent()).toBe('Åsa Lindqvist');
    await name.fill('Ramavtal 2027');
    await edit.getByRole('combobox', { name: 'Projekt' }).click();
    await page.getByRole('option', { name: 'Kundportalen' }).click();
    await edit.getByRole('combobox', { name: 'Undertecknare' }).click();
    await page.getByRole('option', { name: 'Łukasz Lindqvist' }).click();
    expect(await axeViolations(page, 'edit draft dialog')).toEqual([]);
    await edit.getByRole('button', { name: 'Spara' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('app-alert').textContent()).toBe('Avtalet har sparats');
    const edited = page.getByTestId('contract').filter({ hasText: 'Ramavtal 2027' });
    await edited.waitFor();
    expect(await edited.getByTestId('contract-project').textContent()).toBe('Kundportalen');
    expect(await edited.textContent()).toContain('Łukasz Lindqvist');
    expect(edits()).toBe(1);
    expect(await contractsOf(companyId)).toEqual([
      expect.objectContaining({ name: 'Ramavtal 2027', status: 'draft', project: 'Kundportalen' }),
    ]);

    // Sent, it is no longer a draft to edit.
    await edited.getByRole('button', { name: 'Skicka för underskrift' }).click();
    await edited.locator('[data-status="sent"]').waitFor();
    expect(await edited.getByRole('button', { name: 'Ändra utkastet' }).count()).toBe(0);
    await context.close();
  });
});

describe('the contract card', () => {
  it('sends once on a double click; cancelling asks first, by keyboard too, and keeping it changes nothing', async () => {
    const { admin, companyId } = await companyWithProjects();
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const sends = countPosts(page, /\/contracts\/[^/]+\/send$/);
    const cancels = countPosts(page, /\/contracts\/[^/]+\/cancel$/);
    await page.goto('/sv/app/contracts');
    await page.getByRole('button', { name: 'Ladda upp ett avtal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ladda upp ett avtal' });
    await dialog.getByTestId('contract-file').setInputFiles(file('Uppdragsavtal.pdf'));
    await dialog.getByRole('combobox', { name: 'Undertecknare' }).click();
    await page.getByRole('option', { name: 'Łukasz Lindqvist' }).click();
    await dialog.getByRole('button', { name: 'Ladda upp' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('contract').filter({ hasText: 'Uppdragsavtal' });
    await card.locator('[data-status="draft"]').waitFor();

    // A double click sends it once, with no error after the success.
    await card.getByRole('button', { name: 'Skicka för underskrift' }).dblclick();
    await card.locator('[data-status="sent"]').waitFor();
    // The button is gone: focus goes to what the card now says, not to the page (QA10 finding 4).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null))
      .toBe('contract-waiting-for');
    await page.waitForLoadState('networkidle');
    expect(sends()).toBe(1);
    await expect
      .poll(() => page.getByTestId('app-alert').first().textContent())
      .toBe('Avtalet har skickats för underskrift');
    // No 409 after the success ('Avtalet har skickats för underskrift och kan inte längre skickas').
    expect(await page.getByTestId('app-alert').filter({ hasText: 'kan inte längre' }).count()).toBe(0);

    // Cancelling asks first. The action says what it cancels; the way out keeps the contract.
    const cancel = card.getByRole('button', { name: 'Avbryt avtalet' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Avbryta avtalet ”Uppdragsavtal”?' });
    await question.waitFor();
    expect(await question.textContent()).toContain(
      'Underskriften dras tillbaka: Łukasz Lindqvist kan inte längre skriva under ”Uppdragsavtal”.',
    );
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    expect(await axeViolations(page, 'cancel contract question')).toEqual([]);
    await screenshot(page, 'contract-cancel-question-sv');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Avbryt avtalet');
    await cancel.click();
    await question.getByRole('button', { name: 'Behåll avtalet' }).click();
    await question.waitFor({ state: 'detached' });
    expect(cancels()).toBe(0);
    expect((await contractsOf(companyId))[0]?.status).toBe('sent');

    // Confirmed (twice, quickly): cancelled once, and the signer's order is withdrawn.
    await cancel.click();
    await question.getByRole('button', { name: 'Avbryt avtalet' }).dblclick();
    await card.locator('[data-status="cancelled"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(cancels()).toBe(1);
    expect((await contractsOf(companyId))[0]?.status).toBe('cancelled');
    expect(await page.getByTestId('app-alert').filter({ hasText: 'kan inte längre' }).count()).toBe(0);

    // Sent again without uploading it again (QA12 F5): a new draft of it, focused, the cancelled one kept.
    const copies = countPosts(page, /\/contracts\/[^/]+\/copy$/);
    await card.getByRole('button', { name: 'Kopiera till nytt utkast' }).dblclick();
    const copy = page
      .getByTestId('contract')
      .filter({ hasText: 'Uppdragsavtal' })
      .filter({ has: page.locator('[data-status="draft"]') });
    await copy.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active?.getAttribute('data-testid') === 'contract-name'
            ? (active
                .closest('[data-testid="contract"]')
                ?.querySelector('[data-status]')
                ?.getAttribute('data-status') ?? null)
            : null;
        }),
      )
      .toBe('draft');
    await page.waitForLoadState('networkidle');
    expect(copies()).toBe(1);
    await expect
      .poll(() => page.getByTestId('app-alert').first().textContent())
      .toBe('Ett nytt utkast av avtalet har skapats: kontrollera undertecknaren och skicka det');
    expect((await contractsOf(companyId)).map((row) => [row.name, row.status])).toEqual([
      ['Uppdragsavtal', 'cancelled'],
      ['Uppdragsavtal', 'draft'],
    ]);
    expect(await copy.getByRole('button', { name: 'Skicka för underskrift' }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Kopiera till nytt utkast' }).count()).toBe(1);
    await context.close();
  });
});
