import { addDays, mondayOf, monthOf } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  callApi,
  createUser,
  screenshot,
  useBrowser,
  useToken,
  waitForPath,
  withDatabase,
} from './support';

// Paying a bill by card (QA: a bill could never become paid). The buyer company's admin opens the bill issued for
// an approved month, adds a card through the provider's hosted form, pays the total with VAT through the 3-D
// Secure page, and the bill then says "Paid" with the day; the receipt is under Invoices and payments. The
// hiring and the approval are set up through the database and the API (their own journeys drive them).

const { baseUrl, databaseUrl, openPage } = useBrowser();

const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const lastMonday = () => addDays(mondayOf(todayInSweden()), -7);

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, { body, language: 'en' });

/** A bill for 7.5 h last Monday, issued to a company whose admin (Åsa) approved the month. */
async function issuedBill() {
  const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Karin' });
  const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Åsa' });
  const reportDate = lastMonday();
  const startDate = addDays(reportDate, -7);
  const { companyId, contractId } = await withDatabase(databaseUrl, async (client) => {
    await client.query('UPDATE users SET is_premium = true WHERE id = $1', [admin.userId]);
    const company = await client.query<{ id: string }>(
      `INSERT INTO companies (business_name, business_type, organisation_number, vat_number, address)
       VALUES ('Betalbolaget AB', 'limited_company', '556677-8899', 'SE556677889901', 'Storgatan 1, Göteborg')
       RETURNING id`,
    );
    const id = company.rows[0]!.id;
    await client.query(
      "INSERT INTO company_memberships (company_id, user_id, role) VALUES ($1, $2, 'admin')",
      [id, admin.userId],
    );
    const contract = await client.query<{ id: string }>(
      `INSERT INTO contracts (company_id, name, status, signer_user_id, delegate_user_id, sent_at, signed_at)
       VALUES ($1, 'Konsultavtal', 'signed', $2, $3, LEAST(now(), $4::date), LEAST(now(), $4::date))
       RETURNING id`,
      [id, consultant.userId, admin.userId, startDate],
    );
    return { companyId: id, contractId: contract.rows[0]!.id };
  });
  const { assignment } = await api<{ assignment: { id: string } }>(
    admin.token,
    'POST',
    `/company/${companyId}/assignments`,
    { contractId, approverUserId: admin.userId, hourlyFee: 1000, overtimeFee: 1500, startDate },
  );
  await api(consultant.token, 'POST', '/time-reports', {
    assignmentId: assignment.id,
    date: reportDate,
    hours: 7.5,
  });
  const monthUrl = `/assignments/${assignment.id}/months/${monthOf(reportDate)}`;
  await api(consultant.token, 'POST', `${monthUrl}/submit`);
  const approved = await api<{ month: { billId: string } }>(admin.token, 'POST', `${monthUrl}/approve`);
  return { admin, billId: approved.month.billId };
}

describe('paying a bill by card', () => {
  it('adds a card in the hosted form, passes 3-D Secure, and the bill is paid with its receipt', async () => {
    const { admin, billId } = await issuedBill();
    const { bill } = await api<{ bill: { invoiceNumber: number; totalOre: number } }>(
      admin.token,
      'GET',
      `/user/billing/${billId}`,
    );
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const billPath = `/en/app/user/billing/${billId}`;
    await page.goto(billPath);
    const pay = page.getByTestId('bill-pay');
    await pay.waitFor();
    await page.locator('[data-status="open"]').waitFor();
    expect(await page.getByTestId('pay-bill').isDisabled()).toBe(true);
    await pay.getByText('Add a card first').waitFor();

    // The card is typed into the provider's form only (a card that asks for 3-D Secure), back on the bill.
    await page.getByTestId('add-card').click();
    await page.getByTestId('card-number').fill('4000 0025 0000 3155');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('737');
    await page.getByTestId('card-submit').click();
    await waitForPath(page, billPath);
    await page.getByTestId('card-summary').waitFor();
    const payButton = page.getByTestId('pay-bill');
    // The total with VAT: 7.5 h at SEK 1,000 and the buyer fee, plus 25 %.
    const label = (await payButton.textContent()) ?? '';
    expect(label).toMatch(/^Pay .+ by card$/);
    expect(label.replace(/\D/g, '')).toMatch(new RegExp(`^${Math.floor(bill.totalOre / 100)}`));
    expect(await axeViolations(page, 'bill with pay by card')).toEqual([]);
    await screenshot(page, 'bill-pay-by-card-1280');

    await payButton.click();
    await page.getByTestId('3ds-complete').click();
    await waitForPath(page, billPath);
    await page.getByText('The invoice is paid. The receipt is under Invoices and payments.').waitFor();
    await page.locator('[data-status="paid"]').waitFor();
    expect(await page.locator('[data-status="paid"]').textContent()).toBe('Paid');
    const facts = (await page.getByTestId('bill-detail').textContent()) ?? '';
    expect(facts).toContain('Paid on');
    expect(await page.getByTestId('bill-pay').count()).toBe(0);

    // In Swedish the bill says Betald, and the receipt names the invoice.
    await page.goto(`/sv/app/user/billing/${billId}`);
    await page.locator('[data-status="paid"]').filter({ hasText: 'Betald' }).waitFor();
    await page.goto('/sv/app/user/billing');
    await page
      .getByTestId('receipt')
      .filter({ hasText: `Faktura ${bill.invoiceNumber}` })
      .waitFor();
    const receipts = await api<{ receipts: { purpose: string; amountOre: number }[] }>(
      admin.token,
      'GET',
      '/payment/receipts',
    );
    expect(receipts.receipts).toEqual([
      expect.objectContaining({ purpose: 'bill', amountOre: bill.totalOre }),
    ]);
    await context.close();
  });

  it('keeps focus after a declined card; god/bills marks it paid with the date checked at the field; the bill page then shows Paid', async () => {
    const { admin, billId } = await issuedBill();
    const { bill } = await api<{ bill: { invoiceNumber: number; issuedAt: string } }>(
      admin.token,
      'GET',
      `/user/billing/${billId}`,
    );
    const invoiceDay = new Date(bill.issuedAt).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    const { context, page } = await openPage(1280);
    await useToken(context, admin.token);
    const billPath = `/en/app/user/billing/${billId}`;
    await page.goto(billPath);
    await page.getByTestId('bill-pay').waitFor();
    await page.getByTestId('add-card').click();
    await page.getByTestId('card-number').fill('4000 0000 0000 0002');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('737');
    await page.getByTestId('card-submit').click();
    await waitForPath(page, billPath);
    await page.getByTestId('card-summary').waitFor();

    // A declined card: the answer is shown and focus stays on the pay button (QA10 F4), not on the page.
    await page.getByTestId('pay-bill').click();
    await page.getByTestId('bill-pay-error').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('pay-bill');

    // Meanwhile an admin records a bankgiro payment in god/bills.
    const god = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Greta' });
    const godSession = await openPage(1280);
    await useToken(godSession.context, god.token);
    const godPage = godSession.page;
    await godPage.goto('/en/god/bills');
    const row = godPage.locator(`[data-testid="admin-bill"][data-invoice="${bill.invoiceNumber}"]`);
    await row.getByTestId('mark-bill-paid').click();
    const date = godPage.getByTestId('bill-paid-on');
    // The picker offers only the invoice date to today, and says so (QA10 F6).
    expect(await date.getAttribute('min')).toBe(invoiceDay);
    expect(await date.getAttribute('max')).toBe(todayInSweden());
    const dialog = godPage.getByRole('dialog');
    await dialog.getByText(`A date between ${invoiceDay} (the invoice date) and today`).waitFor();
    // An empty date is a missing one, shown at the field.
    await date.fill('');
    await godPage.getByTestId('confirm-bill-paid').click();
    await dialog.getByText('Field is required').waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await date.getAttribute('aria-describedby')) ?? '';
    expect(await godPage.locator(`[id="${describedBy}"]`).textContent()).toBe('Field is required');
    await date.fill(todayInSweden());
    expect(await date.getAttribute('aria-invalid')).toBe('false');
    await godPage.getByTestId('confirm-bill-paid').click();
    await godPage.getByText('The invoice is marked as paid').waitFor();
    // The row left the Unpaid list: focus goes to the heading, not to the page (QA10 F4).
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => godPage.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await godSession.context.close();

    // The stale bill page: paying answers "already paid", and the bill is reloaded as Paid (QA10 F3).
    await page.getByTestId('pay-bill').click();
    await page.getByText('This invoice is already paid. Nothing more will be charged').waitFor();
    await page.locator('[data-status="paid"]').waitFor();
    expect(await page.getByTestId('bill-pay').count()).toBe(0);
    expect((await page.getByTestId('bill-detail').textContent()) ?? '').toContain('Paid on');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('bill-status');
    await context.close();
  });
});
