import { addDays, addMonths, isoWeekOf, mondayOf, monthOf, swedishDayOf } from '@mp/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, callApi, createUser, useBrowser, useToken, withDatabase } from './support';

// The week form on app/time (issue 16): hours and overtime are checked together per day before saving, days
// that have not come cannot be filled in, a refused save keeps what was typed and says why at the day, and
// the revenue chart's axis is wide enough for its English labels. Nothing typed is lost: another week asks
// first (save, discard, stay), submitting a month saves the changed days first, and leaving the page asks.

const { baseUrl, databaseUrl, openPage } = useBrowser();

const today = () => swedishDayOf(new Date());
/** Monday of last week: every day of it has come. */
const lastMonday = () => addDays(mondayOf(today()), -7);

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, { body, language: 'sv' });

/**
 * A consultant hired from two weeks ago (or `startDate`, the contracts signed that day) on `count` assignments of
 * one buyer, whose admin approves.
 */
async function hireConsultant(count: number, hourlyFee = 950, startDate = addDays(mondayOf(today()), -14)) {
  const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Karin' });
  const approver = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const contracts = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = $1', [approver.userId]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
       VALUES ('Veckobolaget AB', 'limited_company', '556677-8899', 'SE556677889901', 'Storgatan 1, Göteborg')
       RETURNING id`,
    );
    const companyId = company.rows[0]!.id;
    await client.query(
      "INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')",
      [companyId, approver.userId],
    );
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const project = await client.query<{ id: string }>(
        'INSERT INTO projects (company_id, name) VALUES ($1, $2) RETURNING id',
        [companyId, `Projekt ${index + 1}`],
      );
      const contract = await client.query<{ id: string }>(
        `INSERT INTO contracts (company_id, project_id, name, status, signer_user_id, delegate_user_id, sent_at,
           signed_at) VALUES ($1, $2, 'Konsultavtal', 'signed', $3, $4, $5, $5) RETURNING id`,
        [
          companyId,
          project.rows[0]!.id,
          consultant.userId,
          approver.userId,
          new Date(Math.min(Date.now(), Date.parse(`${startDate}T12:00:00Z`))),
        ],
      );
      ids.push(contract.rows[0]!.id);
    }
    return { companyId, ids };
  });
  for (const contractId of contracts.ids) {
    await api(approver.token, 'POST', `/company/${contracts.companyId}/assignments`, {
      contractId,
      approverUserId: approver.userId,
      hourlyFee,
      overtimeFee: 1400,
      startDate,
    });
  }
  const { assignments } = await api<{ assignments: { id: string }[] }>(
    consultant.token,
    'GET',
    '/assignments',
  );
  return { consultant, approver, assignmentIds: assignments.map((assignment) => assignment.id) };
}

const dayInputs = (page: Page, date: string) => page.getByTestId(`day-${date}`).getByRole('textbox');

async function fillDay(page: Page, date: string, hours: string, overtime = '') {
  await dayInputs(page, date).nth(0).fill(hours);
  await dayInputs(page, date).nth(1).fill(overtime);
}

async function openLastWeek(page: Page, previous: string) {
  await page.getByTestId('week-entry').waitFor();
  await page.getByRole('button', { name: previous }).click();
  await page.getByTestId(`day-${lastMonday()}`).getByRole('textbox').first().waitFor();
}

describe('the week form', () => {
  it('offers no day that has not come', async () => {
    const { consultant } = await hireConsultant(1);
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);

    await page.goto('/en/app/time');
    await page.getByTestId('week-entry').waitFor();
    // This week: the days after today are shown but cannot be filled in, and there is no next week to go to.
    for (let index = 0; index < 7; index += 1) {
      const date = addDays(mondayOf(today()), index);
      const disabled = await dayInputs(page, date).first().isDisabled();
      expect(disabled, date).toBe(date > today());
      if (date > today()) {
        expect(await page.getByTestId(`day-${date}`).textContent()).toContain(
          'Can be reported once the day has come',
        );
      }
    }
    expect(await page.getByRole('button', { name: 'Next week' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('checks hours and overtime together per day, in both languages', async () => {
    const { consultant } = await hireConsultant(1);
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    const monday = lastMonday();

    await page.goto('/en/app/time');
    await openLastWeek(page, 'Previous week');
    const save = page.getByRole('button', { name: 'Save the week' });
    await fillDay(page, monday, '20', '5');
    const message = page.getByTestId(`day-message-${monday}`);
    await message.waitFor();
    expect(await message.textContent()).toBe('Cannot report more than 24 hours per day');
    expect(await dayInputs(page, monday).first().getAttribute('aria-invalid')).toBe('true');
    expect(await save.isDisabled()).toBe(true);
    await fillDay(page, monday, '20', '4');
    await message.waitFor({ state: 'detached' });
    expect(await save.isDisabled()).toBe(false);

    await page.goto('/sv/app/time');
    await openLastWeek(page, 'Föregående vecka');
    await fillDay(page, monday, '12,5', '11,75');
    await message.waitFor();
    expect(await message.textContent()).toBe('Det går inte att rapportera mer än 24 timmar per dag');
    expect(await page.getByRole('button', { name: 'Spara veckan' }).isDisabled()).toBe(true);

    // One field over 24 says the same at its day; a field that is no number says so at its day, naming the
    // field; and the week's total is not given while a field is left out of it.
    const tuesday = addDays(monday, 1);
    await fillDay(page, monday, '25', '');
    await fillDay(page, tuesday, '-2', '');
    await message.waitFor();
    expect(await message.textContent()).toBe('Det går inte att rapportera mer än 24 timmar per dag');
    const cell = page.getByTestId(`cell-message-${tuesday}-hours`);
    expect(await cell.textContent()).toBe('Timmar: ange ett tal mellan 0 och 24, t.ex. 7,5');
    const describedBy = (await dayInputs(page, tuesday).first().getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await cell.getAttribute('id'));
    expect(await page.getByTestId('week-total').textContent()).toBe(
      'Summa veckan: rätta först fälten som är markerade med rött',
    );
    await fillDay(page, tuesday, '2', '');
    await cell.waitFor({ state: 'detached' });
    expect(await page.getByTestId('week-total').textContent()).toBe('Summa veckan: 27 tim, varav 0 övertid');
    await context.close();
  });

  it('says a third decimal is one too many, and after saving puts focus above the days (QA12 F7, F8)', async () => {
    const { consultant } = await hireConsultant(1);
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    const monday = lastMonday();

    await page.goto('/sv/app/time');
    await openLastWeek(page, 'Föregående vecka');
    await fillDay(page, monday, '1,255', '');
    const cell = page.getByTestId(`cell-message-${monday}-hours`);
    await cell.waitFor();
    expect(await cell.textContent()).toBe('Timmar: använd högst två decimaler');
    // A day over the cap marks the cells that count towards it, not the empty overtime beside them.
    await fillDay(page, monday, '25', '');
    await page.getByTestId(`day-message-${monday}`).waitFor();
    expect(await dayInputs(page, monday).nth(0).getAttribute('aria-invalid')).toBe('true');
    expect(await dayInputs(page, monday).nth(1).getAttribute('aria-invalid')).toBe('false');

    await fillDay(page, monday, '7,5', '');
    await page.getByRole('button', { name: 'Spara veckan' }).click();
    await page.getByText('Veckan har sparats').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('week-label');
    // Saving again with nothing changed sends nothing and says so, not 'saved' (QA13 F8).
    await page.getByRole('button', { name: 'Spara veckan' }).click();
    await page.getByText('Inget att spara: veckan är redan sparad').waitFor();
    await context.close();
  });

  it('keeps what was typed when the server refuses a day, says why at the day, and saves once fixed', async () => {
    const { consultant, assignmentIds } = await hireConsultant(2);
    const [shown, other] = assignmentIds as [string, string];
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    const [monday, tuesday, wednesday] = [0, 1, 2].map((index) => addDays(lastMonday(), index)) as [
      string,
      string,
      string,
    ];

    await page.goto('/sv/app/time');
    await openLastWeek(page, 'Föregående vecka');
    // Meanwhile, elsewhere: 20 hours on Tuesday on the other assignment, which this page has not seen.
    await api(consultant.token, 'POST', '/time-reports', {
      assignmentId: other,
      date: tuesday,
      hours: 20,
      overtimeHours: 0,
    });
    await fillDay(page, monday, '8');
    await fillDay(page, tuesday, '8');
    await fillDay(page, wednesday, '6', '1,5');
    await page.getByRole('button', { name: 'Spara veckan' }).click();

    const message = page.getByTestId(`day-message-${tuesday}`);
    await message.waitFor();
    expect(await message.textContent()).toBe('Det går inte att rapportera mer än 24 timmar per dag');
    // Nothing typed is lost: Monday was saved, Tuesday and Wednesday are still as typed.
    await expect.poll(() => dayInputs(page, monday).first().inputValue()).toBe('8');
    expect(await dayInputs(page, tuesday).first().inputValue()).toBe('8');
    expect(await dayInputs(page, wednesday).first().inputValue()).toBe('6');
    expect(await dayInputs(page, wednesday).nth(1).inputValue()).toBe('1,5');
    expect(await page.getByTestId(`day-message-${monday}`).count()).toBe(0);

    await fillDay(page, tuesday, '4');
    await message.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Spara veckan' }).click();
    await page.getByText('Veckan har sparats').waitFor();
    const { reports } = await api<{
      reports: { assignmentId: string; date: string; hours: number; overtimeHours: number }[];
    }>(consultant.token, 'GET', `/time-reports?from=${monday}&to=${addDays(monday, 6)}`);
    expect(
      reports
        .filter((report) => report.assignmentId === shown)
        .map(({ date, hours, overtimeHours }) => ({ date, hours, overtimeHours })),
    ).toEqual([
      { date: monday, hours: 8, overtimeHours: 0 },
      { date: tuesday, hours: 4, overtimeHours: 0 },
      { date: wednesday, hours: 6, overtimeHours: 1.5 },
    ]);
    await context.close();
  });
});

describe('nothing typed is lost', () => {
  const weekLabel = (page: Page, monday: string) =>
    page.getByTestId('week-label').filter({ hasText: `Week ${isoWeekOf(monday).week},` });
  const reportsOf = async (token: string, monday: string) =>
    (
      await api<{ reports: { date: string; hours: number; overtimeHours: number }[] }>(
        token,
        'GET',
        `/time-reports?from=${monday}&to=${addDays(monday, 6)}`,
      )
    ).reports.map(({ date, hours, overtimeHours }) => ({ date, hours, overtimeHours }));

  it('another week asks first: stay keeps the hours, discard drops them, save saves them and goes on', async () => {
    const { consultant } = await hireConsultant(1);
    const { context, page } = await openPage(1280);
    await useToken(context, consultant.token);
    const monday = lastMonday();
    const thisMonday = mondayOf(today());

    await page.goto('/en/app/time');
    await openLastWeek(page, 'Previous week');
    const dialog = page.getByRole('dialog', { name: 'Unsaved hours' });
    await fillDay(page, monday, '7.5');

    // Stay (and Escape): the week and what was typed remain.
    await page.getByRole('button', { name: 'Next week' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('The hours you typed in this week are not saved yet');
    expect(await axeViolations(page, 'unsaved week dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Previous week' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await weekLabel(page, monday).waitFor();
    expect(await dayInputs(page, monday).first().inputValue()).toBe('7.5');

    // Discard: the other week, and nothing saved.
    await page.getByRole('button', { name: 'Next week' }).click();
    await dialog.getByRole('button', { name: 'Discard the hours' }).click();
    await weekLabel(page, thisMonday).waitFor();
    expect(await reportsOf(consultant.token, monday)).toEqual([]);

    // Save and go on: saved, then the other week.
    await page.getByRole('button', { name: 'Previous week' }).click();
    await weekLabel(page, monday).waitFor();
    await page.getByTestId(`day-${monday}`).getByRole('textbox').first().waitFor();
    expect(await dayInputs(page, monday).first().inputValue()).toBe('');
    await fillDay(page, monday, '6', '1.5');
    await page.getByRole('button', { name: 'Next week' }).click();
    await dialog.getByRole('button', { name: 'Save and go on' }).click();
    await weekLabel(page, thisMonday).waitFor();
    await page.getByText('The week was saved').waitFor();
    expect(await reportsOf(consultant.token, monday)).toEqual([
      { date: monday, hours: 6, overtimeHours: 1.5 },
    ]);

    // Leaving the page asks too; staying keeps what was typed.
    await fillDay(page, thisMonday, '3');
    await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'Dashboard' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/en/app/time');
    expect(await dayInputs(page, thisMonday).first().inputValue()).toBe('3');
    await context.close();
  });

  it('submitting a month saves the changed hours first, and a double click submits it once', async () => {
    const { consultant, assignmentIds } = await hireConsultant(1);
    const [assignmentId] = assignmentIds as [string];
    const monday = lastMonday();
    const month = monthOf(monday);
    await api(consultant.token, 'POST', '/time-reports', { assignmentId, date: monday, hours: 8 });
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/months/${month}/submit`))
        submits.push(request.url());
    });

    await page.goto('/en/app/time');
    await openLastWeek(page, 'Previous week');
    await expect.poll(() => dayInputs(page, monday).first().inputValue()).toBe('8');
    // 8 becomes 5, and the month is submitted without pressing Save.
    await fillDay(page, monday, '5');
    const panel = page.getByTestId(`month-${month}`);
    await panel.getByRole('button', { name: /^Submit / }).dblclick();
    await panel.locator('[data-status="submitted"]').waitFor();
    await page.getByText('The month was submitted for approval').waitFor();

    expect(await dayInputs(page, monday).first().inputValue()).toBe('5');
    expect(await reportsOf(consultant.token, monday)).toEqual([{ date: monday, hours: 5, overtimeHours: 0 }]);
    const { month: submitted } = await api<{ month: { status: string; hours: number } }>(
      consultant.token,
      'GET',
      `/assignments/${assignmentId}/months/${month}`,
    );
    expect(submitted).toMatchObject({ status: 'submitted', hours: 5 });
    // One request for the double click, and no error ("already submitted") after it.
    expect(submits).toHaveLength(1);
    expect(await page.locator('[data-testid="app-alert"].MuiAlert-filledError').count()).toBe(0);
    await context.close();
  });
});

describe('the revenue chart', () => {
  it('shows its English axis labels whole', async () => {
    // 8 hours at 10,875 SEK and the 2,995 SEK buyer fee: a month of about SEK 90k.
    const { consultant, approver, assignmentIds } = await hireConsultant(1, 10_875);
    const [assignmentId] = assignmentIds as [string];
    const day = lastMonday();
    await api(consultant.token, 'POST', '/time-reports', {
      assignmentId,
      date: day,
      hours: 8,
      overtimeHours: 0,
    });
    const month = `/assignments/${assignmentId}/months/${monthOf(day)}`;
    await api(consultant.token, 'POST', `${month}/submit`);
    await api(approver.token, 'POST', `${month}/approve`);

    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    // The English heading of the figures is the one the English pages use for them ("finance"), no "Economy".
    await page.goto('/en/app/time');
    await expect
      .poll(() => page.locator('#economy-heading').textContent(), { timeout: 30_000 })
      .toBe('Finances');
    for (const [path, scope] of [
      ['/en/app/time', page.getByTestId('economy')],
      ['/en/app/dashboard', page.getByTestId('dashboard-card-time').getByTestId('economy')],
    ] as const) {
      await page.goto(path);
      const revenue = scope.locator('figure').nth(1);
      const labels = revenue.locator('.MuiChartsAxis-left .MuiChartsAxis-tickLabel');
      await expect.poll(() => labels.count(), { timeout: 30_000 }).toBeGreaterThan(1);
      const texts = await labels.allTextContents();
      expect(
        texts.filter((text) => text.includes('…')),
        path,
      ).toEqual([]);
      expect(
        texts.some((text) => text.startsWith('SEK ') && text.endsWith('k')),
        path,
      ).toBe(true);
      // Every label lies inside the chart, none cut at its left edge.
      const chartLeft = (await revenue.locator('svg').first().boundingBox())!.x;
      for (const box of await labels.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().x),
      )) {
        expect(box, path).toBeGreaterThanOrEqual(chartLeft);
      }
    }
    await context.close();
  });

  it("lists the assignment's earlier months still to submit, with a way there; the dashboard says so", async () => {
    // Hired from the first day of the month before last: that month can never be in the week on screen.
    const earlier = addMonths(monthOf(today()), -2);
    const { consultant, approver, assignmentIds } = await hireConsultant(1, 950, `${earlier}-01`);
    const [assignmentId] = assignmentIds as [string];
    await api(consultant.token, 'POST', '/time-reports', {
      assignmentId,
      date: `${earlier}-03`,
      hours: 8,
      overtimeHours: 0,
    });
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);
    await page.goto('/sv/app/time');
    await page.getByTestId('week-entry').waitFor();
    const card = page.getByTestId(`month-${earlier}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('8 tim');
    await card.getByRole('button', { name: /^Visa / }).click();
    await expect
      .poll(() => page.getByTestId('week-label').textContent())
      .toContain(`Vecka ${isoWeekOf(mondayOf(`${earlier}-03`)).week},`);
    expect(await dayInputs(page, `${earlier}-03`).first().inputValue()).toBe('8');

    // The dashboard tells of the month not submitted and goes to it.
    await page.goto('/sv/app/dashboard');
    const notice = page.getByTestId('dashboard-unsubmitted-month');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /är inte inskickad \(Konsultavtal \(Projekt 1\) – Veckobolaget AB\)/,
    );
    await notice.getByRole('link', { name: 'Visa månaden' }).click();
    await page.getByTestId(`day-${earlier}-03`).waitFor();
    expect(await dayInputs(page, `${earlier}-03`).first().inputValue()).toBe('8');

    // Submitted and returned by the approver: the dashboard says it was returned for correction, as the time
    // page does, not that it was never submitted; in Swedish and English.
    const monthUrl = `/assignments/${assignmentId}/months/${earlier}`;
    await api(consultant.token, 'POST', `${monthUrl}/submit`);
    await api(approver.token, 'POST', `${monthUrl}/return`, { comment: 'Fel antal timmar.' });
    for (const [language, text] of [
      [
        'sv',
        /^\S+ \d{4} har skickats tillbaka för rättning \(Konsultavtal \(Projekt 1\) – Veckobolaget AB\)\./,
      ],
      ['en', /^\S+ \d{4} was returned for correction \(Konsultavtal \(Projekt 1\) – Veckobolaget AB\)\./],
    ] as const) {
      await page.goto(`/${language}/app/dashboard`);
      await expect.poll(() => notice.textContent()).toMatch(text);
      expect(await notice.count()).toBe(1);
    }
    await notice.getByRole('link', { name: 'Show the month' }).click();
    await page.getByTestId(`day-${earlier}-03`).waitFor();
    expect(await page.getByTestId('returned-month').textContent()).toContain('Fel antal timmar.');

    await context.close();
  });

  it("shows a buyer company's admin the approvals, empty, and not the consultant's empty state", async () => {
    const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
    await withDatabase(databaseUrl, async (client) => {
      const company = await client.query<{ id: string }>(
        `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
         VALUES ('Köparen AB', 'limited_company', '556677-8899', 'SE556677889901', 'Storgatan 1, Göteborg')
         RETURNING id`,
      );
      await client.query(
        "INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')",
        [company.rows[0]!.id, admin.userId],
      );
    });
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    await page.goto('/sv/app/time');
    const approvals = page.getByTestId('approvals');
    await approvals.waitFor();
    expect(await approvals.textContent()).toContain('Inga månader väntar på ditt godkännande.');
    expect(
      await page.getByText('Du har inga uppdrag att rapportera tid på ännu', { exact: false }).count(),
    ).toBe(0);
    await context.close();
  });
});
