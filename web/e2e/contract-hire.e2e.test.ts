import { addDays, addMonths, addYears, firstDayOfMonth, monthOf, swedishDayOf } from '@mp/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  controlSimulatedOrder,
  createContractPdf,
  findSimulatedOrder,
} from '@mp/test-support/contract-fixtures';
import {
  axeViolations,
  callApi,
  createUser,
  screenshot,
  useBrowser,
  useToken,
  withDatabase,
} from './support';

// Hiring the signer of a signed contract through the real UI (issue 16): the company's premium admin opens
// "Hire" on the signed contract's card, meets the dialog's checks (the API's messages), a refusal from the
// API inside the dialog with the input kept, then hires; the card says the consultant is hired, and the
// consultant finds the assignment on the time page. The company and its members are set up in the database;
// the contract is uploaded and sent through the API and signed in the signing simulator.

const { baseUrl, databaseUrl, openPage } = useBrowser();

const api = <T>(token: string, method: string, url: string, body?: object | FormData) =>
  callApi<T>(baseUrl, token, method, url, { body, language: 'en' });

/**
 * A company whose premium admin has a contract signed by a member, the consultant, on a project; with
 * `sign: false` the contract is only sent, waiting for the consultant's signature.
 */
async function signedContract({ sign = true } = {}) {
  const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Łukasz' });
  const colleague = await createUser(baseUrl, databaseUrl, { firstName: 'Bertil' });
  const companyName = `Köparbolaget ${Date.now().toString(36)} AB`;
  const { companyId, projectId } = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = $1', [admin.userId]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
       VALUES ($1, 'limited_company', '556677-8899', 'SE556677889901', 'Storgatan 1, 411 38 Göteborg')
       RETURNING id`,
      [companyName],
    );
    const id = company.rows[0]!.id;
    await client.query(
      `INSERT INTO company_memberships (company_id, user_id, role)
       VALUES ($1, $2, 'admin'), ($1, $3, 'member'), ($1, $4, 'member')`,
      [id, admin.userId, consultant.userId, colleague.userId],
    );
    const project = await client.query<{ id: string }>(
      "INSERT INTO projects (company_id, name) VALUES ($1, 'Ärendeportalen') RETURNING id",
      [id],
    );
    return { companyId: id, projectId: project.rows[0]!.id };
  });

  const form = new FormData();
  form.append('name', 'Konsultavtal Łukasz');
  form.append('signerUserId', consultant.userId);
  form.append('projectId', projectId);
  form.append(
    'file',
    new Blob([new Uint8Array(await createContractPdf('Konsultavtal Łukasz'))], { type: 'application/pdf' }),
    'konsultavtal.pdf',
  );
  const { contract } = await api<{ contract: { id: string } }>(
    admin.token,
    'POST',
    `/company/${companyId}/contracts`,
    form,
  );
  await api(admin.token, 'POST', `/company/${companyId}/contracts/${contract.id}/send`);
  if (sign) await signAtProvider(contract.id);
  return { admin, consultant, colleague, companyId, companyName, contractId: contract.id };
}

/** The consultant signs in the digital mailbox (the simulator), which calls the webhook. */
async function signAtProvider(contractId: string) {
  const order = await findSimulatedOrder(contractId);
  const { delivery } = await controlSimulatedOrder(order.id, 'sign');
  expect(delivery.httpStatus).toBe(200);
}

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const focusIsInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

describe('hiring the signer of a signed contract', () => {
  it('hires through the dialog (checks, a refusal kept in the dialog), and the consultant can report time', async () => {
    const { admin, consultant, colleague, companyName, contractId } = await signedContract();

    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const hireRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/assignments'))
        hireRequests.push(request.url());
    });
    const card = page.locator(`[data-testid="contract"][data-contract-id="${contractId}"]`);
    const setPremium = (premium: boolean) =>
      withDatabase(databaseUrl, (client) =>
        client.query('UPDATE users SET is_premium = $2 WHERE id = $1', [admin.userId, premium]),
      );

    // Without premium: the page's premium hint, with the way to premium, and no hire to fail.
    await setPremium(false);
    await page.goto('/en/app/contracts');
    await card.locator('[data-status="signed"]').waitFor();
    const hint = page.getByRole('alert').filter({ hasText: 'hiring their signers need a premium account' });
    await hint.getByRole('link', { name: 'Unlock premium' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await card.getByRole('button', { name: 'Hire', exact: true }).count()).toBe(0);

    await setPremium(true);
    await page.reload();
    await card.locator('[data-status="signed"]').waitFor();

    // By keyboard: Enter opens the dialog with focus inside, Escape closes it and focus returns to the button.
    const hire = card.getByRole('button', { name: 'Hire', exact: true });
    await hire.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Hire Łukasz Lindqvist' });
    await dialog.waitFor();
    expect(await focusIsInDialog(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, 'hire dialog')).toEqual([]);
    // The approver is the one hiring unless another member is chosen.
    expect(await dialog.getByRole('combobox', { name: 'Approves the time' }).textContent()).toBe(
      'Åsa Lindqvist',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Hire');

    // The dialog's checks say what the API would.
    await hire.click();
    await dialog.getByLabel('Hourly fee (SEK)').fill('150000');
    await dialog.getByLabel('Overtime fee (SEK)').fill('250000');
    await dialog.getByLabel('Start date').fill('2026-12-01');
    await dialog.getByLabel('End date (optional)').fill('2026-11-30');
    await dialog.getByRole('button', { name: 'Hire', exact: true }).click();
    await dialog.getByText('Fee cannot be more than 100,000 SEK per hour').waitFor();
    await dialog.getByText('Overtime fee cannot be more than 200,000 SEK per hour').waitFor();
    await dialog.getByText('The end date cannot be before the start date').waitFor();
    expect(await axeViolations(page, 'hire dialog with errors')).toEqual([]);
    await screenshot(page, 'contract-hire-dialog-errors-en');

    // No start long before the contract was signed (the QA pass hired from the year 1026, and a bill followed),
    // none more than a year ahead, no end more than three: said at the field, dates written out.
    const today = swedishDayOf(new Date());
    const earliest = firstDayOfMonth(addMonths(monthOf(today), -1));
    await dialog.getByLabel('Hourly fee (SEK)').fill('1150');
    await dialog.getByLabel('Overtime fee (SEK)').fill('1725');
    await dialog.getByLabel('Start date').fill('1026-11-02');
    await dialog.getByLabel('End date (optional)').fill('');
    await dialog
      .getByText(
        `The assignment cannot start before ${longDate(earliest)}: the contract was signed on ${longDate(today)}`,
      )
      .waitFor();
    await dialog.getByLabel('Start date').fill(addDays(addYears(today, 1), 1));
    await dialog.getByLabel('End date (optional)').fill('2999-12-31');
    await dialog
      .getByText(`The assignment must start on ${longDate(addYears(today, 1))} at the latest`)
      .waitFor();
    await dialog.getByText(`The last day can be ${longDate(addYears(today, 3))} at the latest`).waitFor();
    // Nothing was sent while the dialog found something.
    expect(hireRequests).toHaveLength(0);
    await dialog.getByLabel('Start date').fill('2026-12-01');
    await dialog.getByLabel('End date (optional)').fill('2026-11-30');

    // A refusal from the API shows in the dialog, and what was typed stays.
    await dialog.getByLabel('Hourly fee (SEK)').fill('1150');
    await dialog.getByLabel('Overtime fee (SEK)').fill('1725,50');
    await dialog.getByLabel('End date (optional)').fill('');
    await dialog.getByRole('combobox', { name: 'Approves the time' }).click();
    // Łukasz, the one hired, is a member too but is not offered: nobody approves their own time.
    await page.getByRole('option', { name: 'Bertil Lindqvist' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Åsa Lindqvist', 'Bertil Lindqvist']);
    await page.getByRole('option', { name: 'Bertil Lindqvist' }).click();
    // Bertil has no premium, which approving time needs: the dialog says so before the hire.
    await dialog
      .getByText('Bertil Lindqvist has no premium account yet: they can approve the time once they have one.')
      .waitFor();
    // Meanwhile Bertil leaves the company.
    await withDatabase(databaseUrl, (client) =>
      client.query('DELETE FROM company_memberships WHERE user_id = $1', [colleague.userId]),
    );
    await dialog.getByRole('button', { name: 'Hire', exact: true }).click();
    await dialog.getByText('The approver must be a member of the company').waitFor();
    expect(await dialog.getByLabel('Hourly fee (SEK)').inputValue()).toBe('1150');
    expect(await dialog.getByLabel('Overtime fee (SEK)').inputValue()).toBe('1725,50');
    expect(await dialog.getByLabel('Start date').inputValue()).toBe('2026-12-01');

    // Another approver, and the hire goes through: once, however hastily the button is pressed.
    await dialog.getByRole('combobox', { name: 'Approves the time' }).click();
    await page.getByRole('option', { name: 'Åsa Lindqvist' }).click();
    expect(await dialog.getByText('The approver must be a member of the company').count()).toBe(0);
    hireRequests.length = 0;
    await dialog.getByRole('button', { name: 'Hire', exact: true }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    // The first alert of the page is the success: the refusal was not also sent to the global alert.
    await expect
      .poll(() => page.getByTestId('app-alert').textContent())
      .toBe('Łukasz Lindqvist is hired. The assignment is now on the time page.');
    expect(hireRequests).toHaveLength(1);
    expect(await page.getByTestId('app-alert').count()).toBe(1);

    // The card says so, in British English dates, and offers no second hire while the assignment runs.
    const hired = card.getByTestId('contract-assignment');
    await hired.waitFor();
    expect(await hired.textContent()).toBe('Hired from 1 December 2026 · time approved by Åsa Lindqvist');
    expect(await card.getByRole('button', { name: 'Hire', exact: true }).count()).toBe(0);
    const { assignments } = await api<{
      assignments: { contractId: string; hourlyFeeOre: number; overtimeFeeOre: number; endDate: null }[];
    }>(admin.token, 'GET', '/assignments');
    expect(assignments).toEqual([
      expect.objectContaining({ contractId, hourlyFeeOre: 115_000, overtimeFeeOre: 172_550, endDate: null }),
    ]);
    expect(await axeViolations(page, 'contracts after hiring')).toEqual([]);
    await screenshot(page, 'contract-hired-en');
    await context.close();

    // The consultant finds the assignment on the time page.
    const phone = await openPage(375);
    await useToken(phone.context, consultant.token);
    await phone.page.goto('/en/app/time');
    await phone.page.getByTestId('week-entry').waitFor();
    // Named by its contract, with the project (docs/time-and-billing.md).
    expect(await phone.page.getByTestId('week-entry').textContent()).toContain(
      `Konsultavtal Łukasz (Ärendeportalen) – ${companyName}`,
    );
    await phone.context.close();
  });
});

describe('the hire dialog at 375 px (QA5 F19)', () => {
  it("wraps a signer's long e-mail address in the title instead of running off the screen", async () => {
    const { admin, consultant } = await signedContract();
    const email = `qa5.member.${Date.now()}.with.a.long.address@example.se`;
    // A signer who registered with e-mail and password and has no name: the address stands in for it.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET first_name = NULL, last_name = NULL, email = $2 WHERE id = $1', [
        consultant.userId,
        email,
      ]),
    );
    const { context, page } = await openPage(375);
    await useToken(context, admin.token);
    await page.goto('/en/app/contracts');
    await page.getByRole('button', { name: 'Hire', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Hire ${email}` });
    await dialog.waitFor();
    const title = dialog.locator('h2');
    const fits = await title.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const paper = element.closest('.MuiDialog-paper')!.getBoundingClientRect();
      return {
        overflows: element.scrollWidth > element.clientWidth,
        inside: box.right <= paper.right + 0.5 && paper.right <= window.innerWidth,
      };
    });
    expect(fits).toEqual({ overflows: false, inside: true });
    await context.close();
  });
});

describe('the signer and the agreed fees (QA: contracts)', () => {
  it('asks the signer to sign and says how, tells the company whom it waits for, and shows both the fees', async () => {
    const { admin, consultant, companyId, companyName, contractId } = await signedContract({ sign: false });
    const cardOn = (page: Page) => page.locator(`[data-testid="contract"][data-contract-id="${contractId}"]`);

    // The signer (a member who logged in with BankID): a call to action saying where and how to sign.
    const signer = await openPage(375);
    await useToken(signer.context, consultant.token);
    await signer.page.goto('/sv/app/contracts');
    const cta = cardOn(signer.page).getByTestId('contract-sign-cta');
    await cta.waitFor();
    expect(await cta.textContent()).toBe(
      `Signera${companyName} väntar på din underskrift. Avtalet finns i din digitala brevlåda hos ` +
        'signeringstjänsten: öppna det där och signera med BankID.',
    );
    expect(await axeViolations(signer.page, 'contracts, the signer asked to sign')).toEqual([]);
    await screenshot(signer.page, 'contract-sign-cta-sv');

    // The company side sees whom it waits for, and no call to action of its own.
    const company = await openPage(1280);
    await useToken(company.context, admin.token);
    await company.page.goto('/en/app/contracts');
    const waiting = cardOn(company.page).getByTestId('contract-waiting-for');
    await waiting.waitFor();
    expect(await waiting.textContent()).toBe(
      'Waiting for Łukasz Lindqvist to sign (in their digital mailbox, with BankID)',
    );
    expect(await cardOn(company.page).getByTestId('contract-sign-cta').count()).toBe(0);

    // Signed and hired: both see the agreed fees, formatted for their language.
    await signAtProvider(contractId);
    await api(admin.token, 'POST', `/company/${companyId}/assignments`, {
      contractId,
      approverUserId: admin.userId,
      hourlyFee: 1150,
      overtimeFee: 1725.5,
      startDate: swedishDayOf(new Date()),
    });
    await company.page.reload();
    const companyFees = cardOn(company.page).getByTestId('assignment-fees');
    await companyFees.waitFor();
    expect(await companyFees.textContent()).toBe(
      'Fees: SEK\u00a01,150 per hour, overtime SEK\u00a01,725.50 per hour (excl. VAT)',
    );
    await company.context.close();

    await signer.page.reload();
    const signerFees = cardOn(signer.page).getByTestId('assignment-fees');
    await signerFees.waitFor();
    expect(await signerFees.textContent()).toBe(
      'Arvode: 1\u00a0150\u00a0kr per timme, övertid 1\u00a0725,50\u00a0kr per timme (exkl. moms)',
    );
    expect(await cardOn(signer.page).getByTestId('contract-sign-cta').count()).toBe(0);
    await signer.page.goto('/sv/app/time');
    const timeFees = signer.page.getByTestId('week-entry').getByTestId('assignment-fees');
    await timeFees.waitFor();
    expect(await timeFees.textContent()).toBe(
      'Arvode: 1\u00a0150\u00a0kr per timme, övertid 1\u00a0725,50\u00a0kr per timme (exkl. moms)',
    );
    await signer.context.close();
  });
});
