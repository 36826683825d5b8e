import { addDays, mondayOf, monthOf, swedishDayOf } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  callApi,
  createUser,
  screenshot,
  useBrowser,
  useToken,
  withDatabase,
} from './support';

// An assignment whose approver leaves the company (docs/time-and-billing.md): the consultant's submitted month
// waits with nobody to approve it. The company admin, who manages its contracts, is told on the dashboard and
// the time page, picks a new approver on the contracts page (the former one is not offered), and the new
// approver approves the waiting month. Then the admin ends the assignment, after its confirmation, which first
// refuses a last day before the reported one. The company and the hire are set up in the database and through
// the API, as in the time-to-invoice journey (time-billing.e2e.test.ts).

const { baseUrl, databaseUrl, openPage } = useBrowser();

const today = () => swedishDayOf(new Date());
/** Monday of last week: every day of it has come, so it can be reported. */
const lastMonday = () => addDays(mondayOf(today()), -7);
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, { body, language: 'en' });

/**
 * A company whose admin (Bertil) hired the consultant two weeks ago with Åsa, a member, approving; Cecilia is
 * another member. The consultant has reported last Monday and submitted its month.
 */
async function submittedMonthWithApprover() {
  const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Łukasz' });
  const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Bertil' });
  const approver = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const successor = await createUser(baseUrl, databaseUrl, { firstName: 'Cecilia' });
  const { companyId, contractId } = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = ANY($1)', [
      [admin.userId, approver.userId, successor.userId],
    ]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
       VALUES ('Godkännarbolaget AB', 'limited_company', '556677-8899', 'SE556677889901', 'Storgatan 1, Göteborg')
       RETURNING id`,
    );
    const id = company.rows[0]!.id;
    await client.query(
      `INSERT INTO company_memberships (company_id, user_id, role)
       VALUES ($1, $2, 'admin'), ($1, $3, 'member'), ($1, $4, 'member')`,
      [id, admin.userId, approver.userId, successor.userId],
    );
    const project = await client.query<{ id: string }>(
      "INSERT INTO projects (company_id, name) VALUES ($1, 'Ärendeportalen') RETURNING id",
      [id],
    );
    const contract = await client.query<{ id: string }>(
      `INSERT INTO contracts (company_id, project_id, name, status, signer_user_id, delegate_user_id, sent_at,
         signed_at) VALUES ($1, $2, 'Konsultavtal', 'signed', $3, $4, now(), now()) RETURNING id`,
      [id, project.rows[0]!.id, consultant.userId, admin.userId],
    );
    return { companyId: id, contractId: contract.rows[0]!.id };
  });
  const startDate = addDays(lastMonday(), -7);
  const { assignment } = await api<{ assignment: { id: string } }>(
    admin.token,
    'POST',
    `/company/${companyId}/assignments`,
    { contractId, approverUserId: approver.userId, hourlyFee: 1150, overtimeFee: 1500, startDate },
  );
  await api(consultant.token, 'POST', '/time-reports', {
    assignmentId: assignment.id,
    date: lastMonday(),
    hours: 8,
    overtimeHours: 0,
  });
  const month = monthOf(lastMonday());
  await api(consultant.token, 'POST', `/assignments/${assignment.id}/months/${month}/submit`);
  return { consultant, admin, approver, successor, companyId, contractId, startDate, month };
}

describe('an assignment whose approver leaves', () => {
  it('a contract manager picks a new approver, who approves the waiting month; then ends the assignment', async () => {
    const { consultant, admin, approver, successor, companyId, contractId, startDate, month } =
      await submittedMonthWithApprover();

    // The approver leaves the company.
    await api(approver.token, 'DELETE', `/company/${companyId}/users/${approver.userId}`);

    // The consultant is told that nobody approves the assignment's time for now.
    const phone = await openPage(375);
    await useToken(phone.context, consultant.token);
    await phone.page.goto('/en/app/time');
    const consultantNotice = phone.page.getByTestId('assignment-no-approver');
    await consultantNotice.waitFor();
    expect(await consultantNotice.textContent()).toContain('is no longer a member of Godkännarbolaget AB');
    await phone.context.close();

    // The admin's dashboard and time page say so, and lead to the contracts page.
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/en/app/time');
    const timeNotice = page.getByTestId('assignments-without-approver');
    await timeNotice.waitFor();
    expect(await timeNotice.textContent()).toContain(
      'Łukasz Lindqvist · Konsultavtal (Ärendeportalen) – Godkännarbolaget AB',
    );
    await page.goto('/en/app/dashboard');
    const dashboardNotice = page.getByTestId('dashboard-no-approver');
    await dashboardNotice.waitFor();
    expect(await dashboardNotice.textContent()).toContain(
      "Nobody can approve the time on one of your company's assignments",
    );
    await dashboardNotice.getByRole('link', { name: 'Choose an approver' }).click();

    // On the contract's card: no approver, and the choice of a new one.
    const card = page.locator(`[data-testid="contract"][data-contract-id="${contractId}"]`);
    const line = card.getByTestId('contract-assignment');
    await line.waitFor();
    expect(await line.textContent()).toBe(`Hired from ${longDate(startDate)} · nobody approves the time`);
    await card.getByTestId('assignment-no-approver').waitFor();
    await screenshot(page, 'assignment-no-approver-en');
    await card.getByRole('button', { name: 'Choose an approver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Who approves the time?' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Approves the time' }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    // Current members only: the former approver is not offered.
    expect((await options.allTextContents()).sort()).toEqual(['Bertil Lindqvist', 'Cecilia Lindqvist']);
    await page.getByRole('option', { name: 'Cecilia Lindqvist' }).click();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, 'approver dialog')).toEqual([]);
    await screenshot(page, 'assignment-approver-dialog-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Cecilia Lindqvist now approves the time.').waitFor();
    await expect
      .poll(() => line.textContent())
      .toBe(`Hired from ${longDate(startDate)} · time approved by Cecilia Lindqvist`);
    expect(await card.getByTestId('assignment-no-approver').count()).toBe(0);

    // The new approver finds the waiting month in their inbox and approves it: the bill is issued.
    const desk = await openPage(1280);
    await useToken(desk.context, successor.token);
    await desk.page.goto('/en/app/time');
    const approval = desk.page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await approval.waitFor();
    expect(await approval.textContent()).toContain('Łukasz Lindqvist');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await desk.page
      .getByRole('dialog', { name: /^Approve / })
      .getByRole('button', { name: 'Approve and issue the bill' })
      .click();
    await desk.page.getByText('The month was approved and the bill issued').waitFor();
    await approval.waitFor({ state: 'detached' });
    await desk.context.close();

    // Ending the assignment asks first, and refuses a last day before a reported one, inside the dialog.
    await card.getByRole('button', { name: 'End the assignment' }).click();
    const ending = page.getByRole('dialog', { name: "End Łukasz Lindqvist's assignment?" });
    await ending.waitFor();
    expect(await ending.textContent()).toContain('What is already reported stays');
    const lastDay = ending.getByLabel('Last day');
    expect(await lastDay.inputValue()).toBe(today());
    await lastDay.fill(addDays(lastMonday(), -1));
    await ending.getByRole('button', { name: 'End the assignment' }).click();
    const refusal = ending.getByTestId('end-assignment-error').filter({
      hasText: `Time is reported up to ${longDate(lastMonday())}. The assignment cannot end before that day`,
    });
    await refusal.waitFor();
    // A new day: the refusal of the old one goes, and the dialog's own check speaks alone.
    await lastDay.fill(addDays(startDate, -1));
    await refusal.waitFor({ state: 'detached' });
    await ending.getByRole('button', { name: 'End the assignment' }).click();
    await ending.getByText('The end date cannot be before the start date').waitFor();
    expect(await ending.getByTestId('end-assignment-error').count()).toBe(0);
    await lastDay.fill(today());
    await ending.getByRole('button', { name: 'End the assignment' }).click();
    await ending.waitFor({ state: 'detached' });
    await page.getByText(`The assignment's last day is ${longDate(today())}.`).waitFor();
    await expect
      .poll(() => line.textContent())
      .toBe(`Hired ${longDate(startDate)} – ${longDate(today())} · time approved by Cecilia Lindqvist`);
    expect(await card.getByRole('button', { name: 'End the assignment' }).count()).toBe(0);
    await context.close();
  });

  it('warns a contract manager without premium who can only pick themselves that they cannot approve yet (QA7 H2)', async () => {
    const { approver, successor, companyId, contractId } = await submittedMonthWithApprover();
    await api(approver.token, 'DELETE', `/company/${companyId}/users/${approver.userId}`);
    // Cecilia manages contracts but not members, and has no premium.
    await withDatabase(databaseUrl, async (client) => {
      await client.query('UPDATE users SET is_premium = false WHERE id = $1', [successor.userId]);
      await client.query(
        "UPDATE company_memberships SET permissions = '{manage_contracts}' WHERE company_id = $1 AND user_id = $2",
        [companyId, successor.userId],
      );
    });
    const { context, page } = await openPage(375);
    await useToken(context, successor.token);
    await page.goto('/en/app/contracts');
    const card = page.locator(`[data-testid="contract"][data-contract-id="${contractId}"]`);
    await card.getByRole('button', { name: 'Choose an approver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Who approves the time?' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Approves the time' }).click();
    await page.getByRole('option', { name: 'Cecilia Lindqvist' }).click();
    await dialog
      .getByText('You have no premium account yet: you can approve the time once you have one.')
      .waitFor();
    await context.close();
  });
});
