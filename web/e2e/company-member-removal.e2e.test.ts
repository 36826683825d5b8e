import { swedishDayOf } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { createUser, useBrowser, useToken, withDatabase } from './support';

// Removing a member on the company members page asks first, naming the person and saying what removal means
// (docs/company-permissions.md: access ends, and assignments they approve are left without an approver).
// Cancelling keeps the member; confirming removes them, and the company's invite link no longer lets them back
// in (QA7 H1): the join page says so, until an admin invites their e-mail address.

const { baseUrl, databaseUrl, openPage } = useBrowser();

describe('removing a company member', () => {
  it('asks first, naming the person and what it means; cancel keeps them, confirming removes them', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Bertil' });
    const member = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
    const link = `removal-e2e-${member.userId}`;
    await withDatabase(databaseUrl, async (client) => {
      const company = await client.query<{ id: string }>(
        `INSERT INTO companies (business_name, business_type, organisation_number)
         VALUES ('Borttagningsbolaget AB', 'limited_company', '556677-8899') RETURNING id`,
      );
      await client.query(
        `INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $3, 'member')`,
        [company.rows[0]!.id, admin.userId, member.userId],
      );
      await client.query(
        `INSERT INTO company_invite_links (company_id, token, created_by_user_id, expires_at)
         VALUES ($1, $2, $3, now() + interval '14 days')`,
        [company.rows[0]!.id, link, admin.userId],
      );
    });

    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/en/app/company/members');
    const row = page.getByTestId('member').filter({ hasText: 'Åsa Lindqvist' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Åsa Lindqvist from Borttagningsbolaget AB?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Åsa Lindqvist loses access to Borttagningsbolaget AB and its projects at once. On assignments where ' +
        'Åsa Lindqvist approves the time, nobody approves it until someone who manages the company',
    );
    // The admin is told that the link will not let them back in, and how to let them back in (QA7 H1).
    expect(await dialog.textContent()).toContain(
      'The invite link will not let Åsa Lindqvist back in either. To let Åsa Lindqvist back in later, invite ' +
        'their e-mail address under “Invite by e-mail”.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing was removed: the member is still listed after a reload.
    await page.reload();
    await row.waitFor();

    // Each permission box names its member: every row has the same four (QA5 F17).
    expect(await page.getByRole('checkbox', { name: 'Manage members – Åsa Lindqvist' }).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Manage members – Bertil Lindqvist' }).count()).toBe(1);

    await row.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    // Said, and focus on the list's heading rather than dropped to the page with the row (QA5 F13).
    await expect
      .poll(() => page.getByTestId('app-alert').textContent())
      .toBe('Åsa Lindqvist was removed from Borttagningsbolaget AB');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('members-heading');
    const left = await withDatabase(databaseUrl, (client) =>
      client.query('SELECT 1 FROM company_memberships WHERE user_id = $1', [member.userId]),
    );
    expect(left.rowCount).toBe(0);
    await context.close();

    // The removed member opens the link they joined with: no join button, but why and what to do (QA7 H1).
    const removed = await openPage(375);
    await useToken(removed.context, member.token);
    await removed.page.goto(`/sv/join/${link}`);
    const problem = removed.page.getByTestId('invite-problem');
    await problem.waitFor();
    expect(await problem.getAttribute('data-code')).toBe('REMOVED_FROM_COMPANY');
    expect(await problem.textContent()).toBe(
      'Du har tagits bort från företaget, så inbjudningslänken släpper inte in dig igen. Be en administratör på ' +
        'företaget att bjuda in dig via e-post',
    );
    expect(await removed.page.getByRole('button', { name: /Gå med/ }).count()).toBe(0);
    const rejoined = await withDatabase(databaseUrl, (client) =>
      client.query('SELECT 1 FROM company_memberships WHERE user_id = $1', [member.userId]),
    );
    expect(rejoined.rowCount).toBe(0);
    await removed.context.close();
  });

  it('names the assignments a removal ends (QA12 F6); one who joins is told so, with focus on it (QA12 F7)', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Bertil' });
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Quinn' });
    const link = `join-e2e-${consultant.userId}`;
    const companyId = await withDatabase(databaseUrl, async (client) => {
      const company = await client.query<{ id: string }>(
        `INSERT INTO companies (business_name, business_type, organisation_number)
         VALUES ('Uppdragsbolaget AB', 'limited_company', '556677-8899') RETURNING id`,
      );
      const id = company.rows[0]!.id;
      await client.query(
        `INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')`,
        [id, admin.userId],
      );
      await client.query(
        `INSERT INTO company_invite_links (company_id, token, created_by_user_id, expires_at)
         VALUES ($1, $2, $3, now() + interval '14 days')`,
        [id, link, admin.userId],
      );
      const contract = await client.query<{ id: string }>(
        `INSERT INTO contracts (company_id, name, status, signer_user_id, delegate_user_id, sent_at, signed_at)
         VALUES ($1, 'Konsultavtal Quinn', 'signed', $2, $3, now(), now()) RETURNING id`,
        [id, consultant.userId, admin.userId],
      );
      await client.query(
        `INSERT INTO assignments (company_id, contract_id, consultant_user_id, approver_user_id, hourly_fee_ore,
           overtime_fee_ore, start_date) VALUES ($1, $2, $3, $4, 90000, 120000, current_date - 10)`,
        [id, contract.rows[0]!.id, consultant.userId, admin.userId],
      );
      return id;
    });

    // The consultant joins through the invite link: the company page says so, and focus is on that notice.
    const joining = await openPage(1280);
    await useToken(joining.context, consultant.token);
    await joining.page.goto(`/en/join/${link}`);
    await joining.page.getByRole('button', { name: 'Join Uppdragsbolaget AB' }).click();
    const joined = joining.page.getByTestId('joined-company');
    await joined.waitFor();
    expect(await joined.textContent()).toBe('You joined Uppdragsbolaget AB.');
    await expect
      .poll(() => joining.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('joined-company');
    await joining.context.close();

    // The admin's removal dialog names the assignment that the removal ends today.
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/en/app/company/members');
    const row = page.getByTestId('member').filter({ hasText: 'Quinn Lindqvist' });
    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Quinn Lindqvist from Uppdragsbolaget AB?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Quinn Lindqvist is the consultant on assignments of Uppdragsbolaget AB that have not ended: ' +
        'Konsultavtal Quinn. They end today',
    );
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    const ended = await withDatabase(databaseUrl, (client) =>
      client.query<{ end: string }>('SELECT end_date::text AS end FROM assignments WHERE company_id = $1', [
        companyId,
      ]),
    );
    expect(ended.rows).toEqual([{ end: swedishDayOf(new Date()) }]);
    await context.close();
  });
});
