import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken, withDatabase } from './support';

// A company keeps at least one admin (docs/company-permissions.md): the API refuses to demote or let go of
// the only one. The members page says so up front: for the only admin, 'Make member' and 'Leave the company'
// are off, with a hint saying why and what to do; once another member is an admin, both are on again.

const { baseUrl, databaseUrl, openPage } = useBrowser();

async function companyWithOneAdmin(name: string) {
  const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Gunilla' });
  const member = await createUser(baseUrl, databaseUrl, { firstName: 'Örjan' });
  await withDatabase(databaseUrl, async (client) => {
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number)
       VALUES ($1, 'limited_company', '556677-8899') RETURNING id`,
      [name],
    );
    await client.query(
      `INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $3, 'member')`,
      [company.rows[0]!.id, admin.userId, member.userId],
    );
  });
  return { admin, member };
}

describe('the only admin of a company', () => {
  it('cannot leave or become a member, is told why, and can once another member is an admin', async () => {
    const { admin } = await companyWithOneAdmin('Ensamadminbolaget AB');
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/sv/app/company/members');
    const own = page.getByTestId('member').filter({ hasText: 'Gunilla Lindqvist' });
    const other = page.getByTestId('member').filter({ hasText: 'Örjan Lindqvist' });
    await own.waitFor();

    const demote = own.getByRole('button', { name: 'Gör till medlem' });
    const leave = own.getByRole('button', { name: 'Lämna företaget' });
    expect(await demote.isDisabled()).toBe(true);
    expect(await leave.isDisabled()).toBe(true);
    const hint = own.getByTestId('sole-admin-hint');
    expect(await hint.textContent()).toBe(
      'Du är företagets enda administratör och kan därför inte lämna företaget eller bli medlem. ' +
        'Gör först någon annan till administratör.',
    );
    // The hint is read with the buttons it explains.
    const hintId = await hint.getAttribute('id');
    expect(await demote.getAttribute('aria-describedby')).toBe(hintId);
    expect(await leave.getAttribute('aria-describedby')).toBe(hintId);
    // The other member's row has no such hint.
    expect(await other.getByTestId('sole-admin-hint').count()).toBe(0);

    // A second admin: both buttons work again and the hint is gone.
    await other.getByRole('button', { name: 'Gör till administratör' }).click();
    await other.getByRole('button', { name: 'Gör till medlem' }).waitFor();
    await hint.waitFor({ state: 'detached' });
    expect(await demote.isDisabled()).toBe(false);
    expect(await leave.isDisabled()).toBe(false);
    await context.close();
  });

  it('is told in English on the English page', async () => {
    const { admin } = await companyWithOneAdmin('Lone Admin Ltd');
    const { context, page } = await openPage(375);
    await useToken(context, admin.token);
    await page.goto('/en/app/company/members');
    const own = page.getByTestId('member').filter({ hasText: 'Gunilla Lindqvist' });
    await own.waitFor();
    expect(await own.getByRole('button', { name: 'Make member' }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: 'Leave the company' }).isDisabled()).toBe(true);
    expect(await own.getByTestId('sole-admin-hint').textContent()).toBe(
      "You are the company's only administrator, so you cannot leave the company or become a member. " +
        'Make someone else an administrator first.',
    );
    await context.close();
  });
});

describe('the members list', () => {
  it("names the member in each row's buttons, in Swedish and English (QA7 H6)", async () => {
    await companyWithOneAdmin('Knappnamnbolaget AB');
    const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Henrik' });
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `INSERT INTO company_memberships (company_id, user_id, role)
         SELECT id, $1, 'admin' FROM companies WHERE business_name = 'Knappnamnbolaget AB'`,
        [admin.userId],
      ),
    );
    const { context, page } = await openPage(375);
    await useToken(context, admin.token);
    await page.goto('/sv/app/company/members');
    await page.getByTestId('member').filter({ hasText: 'Örjan Lindqvist' }).waitFor();
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    // Every row has the same buttons: each is named with its member, so a list of buttons says whose it is.
    expect(await button('Ta bort Örjan Lindqvist').count()).toBe(1);
    expect(await button('Ta bort Gunilla Lindqvist').count()).toBe(1);
    expect(await button('Spara behörigheter för Örjan Lindqvist').count()).toBe(1);
    expect(await button('Gör till administratör – Örjan Lindqvist').count()).toBe(1);
    expect(await button('Gör till medlem – Gunilla Lindqvist').count()).toBe(1);
    expect(await button('Ta bort').count()).toBe(0);
    // Your own row keeps 'Leave the company': it says whom it acts on already.
    expect(await button('Lämna företaget').count()).toBe(1);

    await page.goto('/en/app/company/members');
    await page.getByTestId('member').filter({ hasText: 'Örjan Lindqvist' }).waitFor();
    expect(await button('Remove Örjan Lindqvist').count()).toBe(1);
    expect(await button('Save permissions for Örjan Lindqvist').count()).toBe(1);
    expect(await button('Make admin – Örjan Lindqvist').count()).toBe(1);
    expect(await button('Make member – Gunilla Lindqvist').count()).toBe(1);
    await context.close();
  });
});
