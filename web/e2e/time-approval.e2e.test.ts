import { addDays, addMonths, mondayOf, monthOf, swedishDayOf } from '@mp/domain';
import { extractLink, waitForMails } from '@mp/test-support/mail-sink';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, callApi, createUser, useBrowser, useToken, withDatabase } from './support';

// The approver's inbox on app/time (docs/time-and-billing.md): approving locks the month for good and issues
// the bill, so it is asked first, and a double click on the confirmation approves once; a page left open in a
// second tab, whose month was decided meanwhile, closes its return dialog on the refusal and shows the month
// as it now stands. Approving and returning need premium: an approver without it is told so up front (QA7 H2).
// The company and the hire are set up in the database and through the API.

const { baseUrl, databaseUrl, openPage } = useBrowser();

const today = () => swedishDayOf(new Date());
/** Monday of last week: every day of it has come. */
const lastMonday = () => addDays(mondayOf(today()), -7);

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, { body, language: 'sv' });

/**
 * A consultant hired two weeks ago who reported 7.5 h last Monday and submitted its month to Åsa; or hired from
 * `startDate` (the contract signed that day) with 7.5 h on `reportDate`.
 */
async function submittedMonth({
  startDate = addDays(lastMonday(), -7),
  reportDate = lastMonday(),
}: { startDate?: string; reportDate?: string } = {}) {
  const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Karin' });
  const approver = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const { companyId, contractId } = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = $1', [approver.userId]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
       VALUES ('Attestbolaget AB', 'limited_company', '556677-8899', 'SE556677889901', 'Storgatan 1, Göteborg')
       RETURNING id`,
    );
    const id = company.rows[0]!.id;
    await client.query(
      "INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')",
      [id, approver.userId],
    );
    const contract = await client.query<{ id: string }>(
      `INSERT INTO contracts (company_id, name, status, signer_user_id, delegate_user_id, sent_at, signed_at)
       VALUES ($1, 'Konsultavtal', 'signed', $2, $3, LEAST(now(), $4::date), LEAST(now(), $4::date))
       RETURNING id`,
      [id, consultant.userId, approver.userId, startDate],
    );
    return { companyId: id, contractId: contract.rows[0]!.id };
  });
  const { assignment } = await api<{ assignment: { id: string } }>(
    approver.token,
    'POST',
    `/company/${companyId}/assignments`,
    {
      contractId,
      approverUserId: approver.userId,
      hourlyFee: 1000,
      overtimeFee: 1500,
      startDate,
    },
  );
  const month = monthOf(reportDate);
  await api(consultant.token, 'POST', '/time-reports', {
    assignmentId: assignment.id,
    date: reportDate,
    hours: 7.5,
  });
  const monthUrl = `/assignments/${assignment.id}/months/${month}`;
  await api(consultant.token, 'POST', `${monthUrl}/submit`);
  return { consultant, approver, month, monthUrl };
}

const monthStatus = async (token: string, monthUrl: string) =>
  (await api<{ month: { status: string } }>(token, 'GET', monthUrl)).month.status;

const errorAlerts = (page: Page) => page.locator('[data-testid="app-alert"].MuiAlert-filledError');

describe('approving a month', () => {
  it('asks first, saying the month locks and a bill is issued; a double click approves once', async () => {
    const { approver, month, monthUrl } = await submittedMonth();
    const { context, page } = await openPage(1280);
    await useToken(context, approver.token);
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/months/${month}/approve`))
        approvals.push(request.url());
    });

    await page.goto('/sv/app/time');
    const card = page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await card.waitFor();
    const approve = card.getByRole('button', { name: 'Godkänn', exact: true });
    const dialog = page.getByTestId('approve-dialog');

    // By keyboard: the question, and Escape leaves the month as it was.
    await approve.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: /^Godkänna / }).waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Du godkänner 7,5 tim och 0 tim övertid som Karin Lindqvist har rapporterat');
    expect(text).toContain('Månaden låses då för gott, och fakturan till Attestbolaget AB skapas direkt.');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    expect(await axeViolations(page, 'approve dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(approvals).toHaveLength(0);
    expect(await monthStatus(approver.token, monthUrl)).toBe('submitted');

    // Approving, hastily: one request, the bill, and no "already approved" after it.
    await approve.click();
    await dialog.getByRole('button', { name: 'Godkänn och skapa fakturan' }).dblclick();
    await page.getByText('Månaden har godkänts och fakturan skapats').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(approvals).toHaveLength(1);
    expect(await errorAlerts(page).count()).toBe(0);
    expect(await monthStatus(approver.token, monthUrl)).toBe('approved');
    const { bills } = await api<{ bills: unknown[] }>(approver.token, 'GET', '/user/billing');
    expect(bills).toHaveLength(1);
    await context.close();
  });

  it('after a return, focus goes to the heading of the list the card left (QA12 F7)', async () => {
    const { approver, month } = await submittedMonth();
    const { context, page } = await openPage(1280);
    await useToken(context, approver.token);
    await page.goto('/en/app/time');
    const card = page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await card.getByRole('button', { name: 'Return', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Check Monday');
    await dialog.getByRole('button', { name: 'Return', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('approvals-heading');
    await context.close();
  });

  it('tells an approver without premium up front, with the way to get it, and offers no buttons that can only fail (QA7 H2)', async () => {
    const { approver, month, monthUrl } = await submittedMonth();
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET is_premium = false WHERE id = $1', [approver.userId]),
    );
    const { context, page } = await openPage(375);
    await useToken(context, approver.token);
    await page.goto('/sv/app/time');
    const card = page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await card.waitFor();
    const notice = page.getByTestId('approvals').getByTestId('premium-required');
    await notice.waitFor();
    // The contracts page's wording and link, for time.
    expect(await notice.textContent()).toBe(
      'För att godkänna eller skicka tillbaka tid behövs ett premiumkonto. Lås upp premium',
    );
    expect(await notice.getByRole('link', { name: 'Lås upp premium' }).getAttribute('href')).toMatch(
      /^\/sv\/app\//,
    );
    const approve = card.getByRole('button', { name: 'Godkänn', exact: true });
    const giveBack = card.getByRole('button', { name: 'Skicka tillbaka' });
    expect(await approve.isDisabled()).toBe(true);
    expect(await giveBack.isDisabled()).toBe(true);
    expect(await approve.getAttribute('aria-describedby')).toBe('approvals-premium');
    // What is waiting can still be looked at.
    await card.getByTestId('approval-days-toggle').click();
    await card.getByTestId('approval-days').waitFor();
    expect(await axeViolations(page, 'approvals without premium')).toEqual([]);
    expect(await monthStatus(approver.token, monthUrl)).toBe('submitted');
    await context.close();
  });

  it('closes the dialog on a refusal for want of premium and moves focus to the notice (QA7 H2)', async () => {
    const { approver, month, monthUrl } = await submittedMonth();
    const { context, page } = await openPage(375);
    await useToken(context, approver.token);
    await page.goto('/sv/app/time');
    const card = page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await card.getByRole('button', { name: 'Godkänn', exact: true }).click();
    const dialog = page.getByTestId('approve-dialog');
    await dialog.getByRole('heading', { name: /^Godkänna / }).waitFor();
    // Meanwhile the premium account ends: the API refuses.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET is_premium = false WHERE id = $1', [approver.userId]),
    );
    await dialog.getByRole('button', { name: 'Godkänn och skapa fakturan' }).click();
    await dialog.waitFor({ state: 'detached' });
    const notice = page.getByTestId('approvals').getByTestId('premium-required');
    await notice.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('premium-required');
    expect(await card.getByRole('button', { name: 'Godkänn', exact: true }).isDisabled()).toBe(true);
    expect(await monthStatus(approver.token, monthUrl)).toBe('submitted');
    await context.close();
  });

  it('in a stale tab, returning a month approved meanwhile closes the dialog and the card goes', async () => {
    const { approver, month, monthUrl } = await submittedMonth();
    const { context, page } = await openPage(1280);
    await useToken(context, approver.token);

    await page.goto('/sv/app/time');
    const card = page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await card.getByRole('button', { name: 'Skicka tillbaka' }).click();
    const dialog = page.getByTestId('return-dialog');
    await dialog.getByLabel('Kommentar').fill('Måndagen ska vara 8 timmar.');
    // Meanwhile, in another tab, the month is approved.
    await api(approver.token, 'POST', `${monthUrl}/approve`);

    await dialog.getByRole('button', { name: 'Skicka tillbaka' }).click();
    await page
      .getByTestId('app-alert')
      .filter({ hasText: 'Månaden är godkänd och kan inte längre ändras' })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    await page.getByText('Inga månader väntar på ditt godkännande.').waitFor();
    expect(await monthStatus(approver.token, monthUrl)).toBe('approved');
    await context.close();
  });

  it("mails the consultant a returned month, and the mail's link opens that month with the comment", async () => {
    const { consultant, approver, month, monthUrl } = await submittedMonth();
    const email = `karin-${consultant.userId}@example.com`;
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET email = $2 WHERE id = $1', [consultant.userId, email]),
    );
    const { context, page } = await openPage(1280);
    await useToken(context, approver.token);
    await page.goto('/sv/app/time');
    const card = page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await card.getByRole('button', { name: 'Skicka tillbaka' }).click();
    const dialog = page.getByTestId('return-dialog');
    await dialog.getByLabel('Kommentar').fill('Måndagen ska vara 8 timmar.');
    await dialog.getByRole('button', { name: 'Skicka tillbaka' }).click();
    await card.waitFor({ state: 'detached' });
    await context.close();
    expect(await monthStatus(approver.token, monthUrl)).toBe('returned');

    const [mail] = await waitForMails(email, 1);
    expect(mail!.Subject).toMatch(/ har skickats tillbaka för rättning$/);
    const { url } = extractLink(mail!, '/sv/app/time');
    const consultantPage = await openPage(1280);
    await useToken(consultantPage.context, consultant.token);
    await consultantPage.page.goto(url);
    // The week of the month's reported day, with the approver's comment under the form.
    await consultantPage.page.getByTestId(`day-${lastMonday()}`).waitFor();
    await consultantPage.page
      .getByTestId('returned-comment')
      .filter({ hasText: 'Måndagen ska vara 8 timmar.' })
      .waitFor();
    await consultantPage.context.close();
  });

  it('opens a returned month of an assignment starting mid-week on its reported week, listing no month before it', async () => {
    // The latest month before this one that begins on a Wednesday: its first week has two days of the month
    // before, outside the assignment, which starts on the 1st. The time is reported a week later.
    let month = addMonths(monthOf(today()), -1);
    while (new Date(`${month}-01T00:00:00Z`).getUTCDay() !== 3) month = addMonths(month, -1);
    const startDate = `${month}-01`;
    const reportDate = addDays(startDate, 7);
    const { consultant, approver, monthUrl } = await submittedMonth({ startDate, reportDate });
    const email = `karin-${consultant.userId}@example.com`;
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET email = $2 WHERE id = $1', [consultant.userId, email]),
    );
    await api(approver.token, 'POST', `${monthUrl}/return`, { comment: 'Onsdagen saknar övertid.' });

    const [mail] = await waitForMails(email, 1);
    const { url } = extractLink(mail!, '/sv/app/time');
    expect(url).toContain(`month=${month}`);
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    await page.goto(url);
    // Not the month's first calendar week: the week with the reported day, and the month under it.
    const reported = page.getByTestId(`day-${reportDate}`);
    await reported.waitFor();
    expect(await reported.getByRole('textbox').first().inputValue()).toBe('7,5');
    expect(await page.getByTestId(`day-${mondayOf(startDate)}`).count()).toBe(0);
    await page.getByTestId(`month-${month}`).waitFor();

    // The week of the 1st: Monday and Tuesday are outside the assignment, and their month is not listed.
    await page.getByRole('button', { name: 'Föregående vecka' }).click();
    await page.getByTestId(`day-${startDate}`).waitFor();
    expect(await page.getByTestId(`day-${mondayOf(startDate)}`).textContent()).toContain('Utanför uppdraget');
    await page.getByTestId(`month-${month}`).waitFor();
    expect(await page.getByTestId(`month-${addMonths(month, -1)}`).count()).toBe(0);
    await context.close();
  });
});
