import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, isoWeekOf, mondayOf, monthOf } from '@mp/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderFirstPageToPng } from './pdf-render';
import {
  artifactsDir,
  axeViolations,
  callApi,
  createUser,
  screenshot,
  screenshotDir,
  useBrowser,
  useToken,
  withDatabase,
} from './support';

// Time reporting to invoice through the real UI (issue 16): a consultant reports last week (all of its days
// have come) on a 375 px phone and submits the month; the approver returns it with a comment; the consultant
// fixes the day and submits again; the approver approves, and the bill appears with its PDF, whose first
// page is rendered to PNG and kept under test-artifacts/bills/. The hiring itself (company, signed contract)
// is set up in the database and through the API: signing has its own journey
// (journeys/company-contract.e2e.test.ts).

const { baseUrl, databaseUrl, openPage } = useBrowser();
const billsDir = path.join(artifactsDir, 'bills');

const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
/** Monday of last week: every day of it has come, so all of it can be reported. */
const lastMonday = () => addDays(mondayOf(todayInSweden()), -7);

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, { body, language: 'sv' });

/** A buyer company whose premium admin (the approver) hired the consultant under a signed contract. */
async function hireConsultant(startDate: string) {
  const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Łukasz' });
  const approver = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const { companyId } = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = $1', [approver.userId]);
    await client.query("UPDATE users SET last_name = 'Żółć-Öberg' WHERE id = $1", [consultant.userId]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
       VALUES ('Köparbolaget Ängsö AB', 'limited_company', '556677-8899', 'SE556677889901',
               'Storgatan 1, 411 38 Göteborg') RETURNING id`,
    );
    const id = company.rows[0]!.id;
    await client.query(
      "INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')",
      [id, approver.userId],
    );
    const project = await client.query<{ id: string }>(
      "INSERT INTO projects (company_id, name) VALUES ($1, 'Ärendeportalen') RETURNING id",
      [id],
    );
    const contract = await client.query<{ id: string }>(
      `INSERT INTO contracts (company_id, project_id, name, status, signer_user_id, delegate_user_id, sent_at,
         signed_at) VALUES ($1, $2, 'Konsultavtal', 'signed', $3, $4, now(), now()) RETURNING id`,
      [id, project.rows[0]!.id, consultant.userId, approver.userId],
    );
    return { companyId: id, contractId: contract.rows[0]!.id };
  }).then(async ({ companyId: id, contractId }) => {
    await api(approver.token, 'POST', `/company/${id}/assignments`, {
      contractId,
      approverUserId: approver.userId,
      hourlyFee: 1150,
      overtimeFee: 1725.5,
      startDate,
    });
    return { companyId: id };
  });
  return { consultant, approver, companyId };
}

/** axe-core's violations on the page once its network is quiet, one line per element. */
async function quietPageViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return axeViolations(page);
}

/** Types the week's hours (and overtime) into the week view's rows. */
async function fillDay(page: Page, date: string, hours: string, overtime = '') {
  const inputs = page.getByTestId(`day-${date}`).getByRole('textbox');
  await inputs.nth(0).fill(hours);
  await inputs.nth(1).fill(overtime);
}

/** The week form on last week, whose days have all come (the page opens on this week). */
async function openLastWeek(page: Page) {
  await page.getByTestId('week-entry').waitFor();
  await page.getByRole('button', { name: 'Föregående vecka' }).click();
  await page
    .getByTestId('week-label')
    .filter({ hasText: `Vecka ${isoWeekOf(lastMonday()).week},` })
    .waitFor();
}

async function saveWeek(page: Page) {
  await page.getByRole('button', { name: 'Spara veckan' }).click();
  await page.getByText('Veckan har sparats').waitFor();
}

describe('time reporting to invoice', () => {
  it('report a week on a phone, submit, return with a comment, fix, approve; the bill and its PDF appear', async () => {
    const monday = lastMonday();
    const month = monthOf(monday);
    const days = Array.from({ length: 5 }, (_, index) => addDays(monday, index));
    // Days of the week that fall in the next month stay open; Monday's month is the one submitted and billed.
    const billed = days.filter((day) => monthOf(day) === month);
    const { consultant, approver } = await hireConsultant(monday);

    // The consultant, on a 375 px phone.
    const phone = await openPage(375);
    await useToken(phone.context, consultant.token);
    await phone.page.goto('/sv/app/time');
    await openLastWeek(phone.page);
    const hours = ['8', '7,5', '8', '8', '6'];
    for (const [index, day] of days.entries())
      await fillDay(phone.page, day, hours[index]!, index === 1 ? '1,5' : '');
    // Nothing on the page is wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveWeek(phone.page);
    await screenshot(phone.page, 'time-week-375');
    expect(await quietPageViolations(phone.page)).toEqual([]);
    const monthPanel = phone.page.getByTestId(`month-${month}`);
    await monthPanel.getByRole('button', { name: /^Skicka in/ }).click();
    await monthPanel.locator('[data-status="submitted"]').waitFor();
    // Submitted: the month's days are locked.
    expect(await phone.page.getByTestId(`day-${billed[0]}`).getByRole('textbox').first().isDisabled()).toBe(
      true,
    );

    // The approver returns it with a comment.
    const desk = await openPage(1280);
    await useToken(desk.context, approver.token);
    await desk.page.goto('/sv/app/time');
    const approval = desk.page.locator(`[data-testid="approval"][data-month="${month}"]`);
    await approval.waitFor();
    expect(await approval.textContent()).toContain('Łukasz Żółć-Öberg');
    // The approver reads the days before deciding: one row per reported day of the month.
    await approval.getByTestId('approval-days-toggle').click();
    const dayRows = approval.getByTestId('approval-days').getByRole('row');
    await expect.poll(() => dayRows.count()).toBe(billed.length);
    expect(await approval.getByTestId('approval-days').textContent()).toContain('Måndag');
    expect(await quietPageViolations(desk.page)).toEqual([]);
    await approval.getByRole('button', { name: 'Skicka tillbaka' }).click();
    // On two lines: the consultant sees it on two lines (innerText follows the rendering, textContent not).
    const comment = 'Fredagen ska vara 8 timmar, inte 6.\nRätta den och skicka in igen.';
    await desk.page.getByRole('dialog').getByLabel('Kommentar').fill(comment);
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Skicka tillbaka' }).click();
    await desk.page.getByText('Månaden har skickats tillbaka till konsulten').waitFor();
    await approval.waitFor({ state: 'detached' });

    // The consultant's time page says the month came back, whatever week it opens on; its button opens the
    // week of the month's first reported day, with the comment under the form.
    await phone.page.reload();
    const notice = phone.page.getByTestId('returned-month');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(comment);
    await notice.getByRole('button', { name: 'Visa månaden' }).click();
    await phone.page
      .getByTestId('week-label')
      .filter({ hasText: `Vecka ${isoWeekOf(mondayOf(billed[0]!)).week},` })
      .waitFor();
    await monthPanel.getByTestId('returned-comment').waitFor();

    // The consultant fixes the day and submits again; the notice goes.
    await phone.page.reload();
    await openLastWeek(phone.page);
    await phone.page.getByTestId('returned-comment').waitFor();
    expect(await phone.page.getByTestId('returned-comment').innerText()).toContain(comment);
    await screenshot(phone.page, 'time-returned-375');
    const friday = days[4]!;
    await fillDay(phone.page, friday, '8');
    await saveWeek(phone.page);
    await monthPanel.getByRole('button', { name: /^Skicka in/ }).click();
    await monthPanel.locator('[data-status="submitted"]').waitFor();
    await notice.waitFor({ state: 'detached' });

    // The approver approves: the bill is issued.
    await desk.page.reload();
    await approval.waitFor();
    await approval.getByRole('button', { name: 'Godkänn' }).click();
    await desk.page
      .getByRole('dialog', { name: /^Godkänna / })
      .getByRole('button', { name: 'Godkänn och skapa fakturan' })
      .click();
    await desk.page.getByText('Månaden har godkänts och fakturan skapats').waitFor();
    await approval.waitFor({ state: 'detached' });

    // The bill appears for the consultant too, with its lines and totals.
    await phone.page.reload();
    await openLastWeek(phone.page);
    await monthPanel.locator('[data-status="approved"]').waitFor();
    await monthPanel.getByRole('link', { name: 'Visa fakturan' }).click();
    await phone.page.getByTestId('bill-detail').waitFor();
    const detail = (await phone.page.getByTestId('bill-detail').textContent()) ?? '';
    for (const expected of [
      'Köparbolaget Ängsö AB',
      'Org.nr 556677-8899',
      'Momsreg.nr SE556677889901',
      'Att betala',
      // The assignment as the time page and the mails name it, not its project alone.
      'Uppdrag: Konsultavtal (Ärendeportalen) – Köparbolaget Ängsö AB',
    ]) {
      expect(detail).toContain(expected);
    }
    expect(detail).not.toContain('Projekt:');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'bill-375');
    expect(await quietPageViolations(phone.page)).toEqual([]);

    await desk.page.goto('/sv/app/user/billing');
    await desk.page.getByTestId('bill').first().waitFor();
    const { bills } = await api<{
      bills: { id: string; invoiceNumber: number; totalOre: number; status: string }[];
    }>(approver.token, 'GET', '/user/billing');
    expect(bills).toHaveLength(1);
    expect(bills[0]!.status).toBe('open');

    // The PDF: first page to PNG, kept as an artifact.
    const pdfResponse = await fetch(`${baseUrl}/api/user/billing/${bills[0]!.id}/pdf`, {
      headers: { authorization: approver.token, 'accept-language': 'sv' },
    });
    expect(pdfResponse.status).toBe(200);
    const pdf = new Uint8Array(await pdfResponse.arrayBuffer());
    const png = await renderFirstPageToPng(pdf);
    mkdirSync(billsDir, { recursive: true });
    writeFileSync(path.join(billsDir, `journey-bill-${bills[0]!.invoiceNumber}.png`), png);
    writeFileSync(path.join(billsDir, 'journey-bill-latest.png'), png);
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // The economy charts on the phone, as a picture of the chart area.
    await phone.page.goto('/sv/app/time');
    const economy = phone.page.getByTestId('economy');
    await economy.locator('svg').first().waitFor();
    mkdirSync(screenshotDir, { recursive: true });
    await economy.screenshot({ path: path.join(screenshotDir, 'economy-charts-375.png') });
    await economy.getByRole('button', { name: 'Visa som tabell' }).click();
    await phone.page.getByTestId('economy-revenue-table').waitFor();
    expect(await phone.page.getByTestId('economy-revenue-table').textContent()).toContain('kr');
    expect(await quietPageViolations(phone.page)).toEqual([]);
    // The dashboard's time-and-invoice card shows the same charts.
    await phone.page.goto('/sv/app/dashboard');
    const card = phone.page.getByTestId('dashboard-card-time');
    await card.getByTestId('economy').locator('svg').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await card.screenshot({ path: path.join(screenshotDir, 'dashboard-time-card-375.png') });
    // Labelled with whose figures they are, as on the time page: the consultant's own, the approver's company's.
    expect(await card.getByTestId('economy-scope').textContent()).toBe(
      'Dina egna siffror: timmarna du har rapporterat och vad dina uppdrag har fakturerats.',
    );
    await desk.page.goto('/sv/app/dashboard');
    const deskScope = desk.page.getByTestId('dashboard-card-time').getByTestId('economy-scope');
    await deskScope.waitFor();
    expect(await deskScope.textContent()).toMatch(/^Ert företags inhyrda konsulter, inte dina egna siffror/);
    await phone.context.close();
    await desk.context.close();
  });
});
