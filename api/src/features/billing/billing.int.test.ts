import {
  addDays,
  BILL_SELLER,
  formatCalendarDate,
  toSwedishCalendarDate,
  HIRED_CONSULTANT_FEE_ORE,
  isValidOcrReference,
  lineAmountOre,
  monthOf,
  swedishDayOf,
  vatOre,
} from '@mp/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { extractPdfText } from '@mp/test-support/pdf-text';
import {
  approvedMonth,
  caller,
  createBuyerCompany,
  hire,
  loggedIn,
  type LoggedIn,
} from '@mp/test-support/time-fixtures';
import type { BillView } from '@mp/api-contract/billing.schema';
import { issueBillForMonth } from './bills.service';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});

afterAll(async () => {
  await app?.close();
});

describe('bills', () => {
  it('a bill has lines at the fees, the buyer fee and exact VAT; its totals are the sum of its lines to the öre', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app, { firstName: 'Łukasz', lastName: 'Öberg-Иванов' });
    const assignmentId = await hire(app, buyer, consultant, {
      hourlyFee: 1234.56,
      overtimeFee: 1851.85,
      startDate: '2026-03-02',
    });
    const billId = await approvedMonth(app, buyer, consultant, assignmentId, '2026-03', [
      { date: '2026-03-02', hours: 8.25, overtimeHours: 1.5 },
      { date: '2026-03-03', hours: 7.5 },
      { date: '2026-03-04', hours: 7.75, overtimeHours: 2 },
      { date: '2026-03-05', hours: 6.5 },
      { date: '2026-03-06', hours: 7.25 },
    ]);

    const response = await call('GET', `/api/user/billing/${billId}`, buyer.admin.token, undefined, 'sv');
    expect(response.statusCode).toBe(200);
    const bill = response.json().bill as BillView;
    // 37.25 hours at 1 234,56 kr and 3.5 overtime hours at 1 851,85 kr (6 481,475 kr: half an öre up).
    const hours = lineAmountOre(3725, 123_456);
    const overtime = lineAmountOre(350, 185_185);
    expect(hours).toBe(4_598_736);
    expect(overtime).toBe(648_148);
    expect(
      bill.lines.map(({ kind, quantity, unitPriceOre, amountOre, vatRatePercent }) => ({
        kind,
        quantity,
        unitPriceOre,
        amountOre,
        vatRatePercent,
      })),
    ).toEqual([
      { kind: 'hours', quantity: 37.25, unitPriceOre: 123_456, amountOre: hours, vatRatePercent: 25 },
      { kind: 'overtime', quantity: 3.5, unitPriceOre: 185_185, amountOre: overtime, vatRatePercent: 25 },
      {
        kind: 'buyer_fee',
        quantity: 1,
        unitPriceOre: HIRED_CONSULTANT_FEE_ORE,
        amountOre: 299_500,
        vatRatePercent: 25,
      },
    ]);
    const sum = bill.lines.reduce((total, line) => total + line.amountOre, 0);
    expect(bill.subtotalOre).toBe(sum);
    expect(bill.subtotalOre).toBe(5_546_384);
    expect(bill.vatOre).toBe(vatOre(sum));
    expect(bill.vatOre).toBe(1_386_596);
    expect(bill.totalOre).toBe(6_932_980);
    expect(Number.isInteger(bill.totalOre)).toBe(true);
    expect(bill.lines[0]!.description).toBe('Arbetade timmar, Łukasz Öberg-Иванов, mars 2026');

    expect(bill.seller).toMatchObject({
      name: BILL_SELLER.name,
      organisationNumber: BILL_SELLER.organisationNumber,
      vatNumber: BILL_SELLER.vatNumber,
    });
    expect(bill.buyer).toEqual({
      name: 'Köparbolaget Åkesson AB',
      organisationNumber: '556677-8899',
      vatNumber: 'SE556677889901',
      address: 'Storgatan 1, 411 38 Göteborg',
    });
    expect(bill.status).toBe('open');
    expect(bill.period).toBe('2026-03');
    const issuedOn = formatCalendarDate(toSwedishCalendarDate(new Date(bill.issuedAt)));
    expect(bill.dueDate).toBe(addDays(issuedOn, 30));
    expect(isValidOcrReference(bill.ocrReference)).toBe(true);
    expect(bill.ocrReference.startsWith(String(bill.invoiceNumber))).toBe(true);
    // The assignment started this month, but its 30 days (to 31 March) were over when the bill was issued: the
    // bill does not promise a refund that can no longer be had.
    expect(bill.guaranteeUntil).toBeNull();
    const english = (await call('GET', `/api/user/billing/${billId}`, buyer.admin.token)).json()
      .bill as BillView;
    expect(english.lines[2]!.description).toBe(
      'Fee per hired consultant and month, Łukasz Öberg-Иванов, March 2026',
    );

    // The stored rows agree with the view; the next month's bill has no guarantee.
    const stored = await app.db
      .selectFrom('bills')
      .selectAll()
      .where('id', '=', billId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.total_ore)).toBe(Number(stored.subtotal_ore) + Number(stored.vat_ore));
    const april = await approvedMonth(app, buyer, consultant, assignmentId, '2026-04', [
      { date: '2026-04-01', hours: 8 },
    ]);
    const aprilBill = (await call('GET', `/api/user/billing/${april}`, consultant.token)).json()
      .bill as BillView;
    expect(aprilBill.guaranteeUntil).toBeNull();
    expect(aprilBill.totalOre).toBe(aprilBill.subtotalOre + vatOre(aprilBill.subtotalOre));
  });

  it('20 approvals at once get 20 consecutive invoice numbers, each with a valid OCR reference', async () => {
    const buyer = await createBuyerCompany(app, 'Parallellen AB');
    const consultant = await loggedIn(app);
    const assignments: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-08-01' });
      const date = addDays('2026-08-01', index);
      expect(
        (await call('POST', '/api/time-reports', consultant.token, { assignmentId, date, hours: 1 }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('POST', `/api/assignments/${assignmentId}/months/2026-08/submit`, consultant.token))
          .statusCode,
      ).toBe(200);
      assignments.push(assignmentId);
    }
    const results = await Promise.all(
      assignments.map((assignmentId) =>
        call('POST', `/api/assignments/${assignmentId}/months/2026-08/approve`, buyer.admin.token),
      ),
    );
    expect(results.map((result) => result.statusCode)).toEqual(assignments.map(() => 200));
    const bills = await app.db
      .selectFrom('bills')
      .select(['invoice_number', 'ocr_reference', 'number'])
      .where('assignment_id', 'in', assignments)
      .execute();
    const numbers = bills.map((bill) => Number(bill.invoice_number)).sort((a, b) => a - b);
    expect(numbers).toHaveLength(20);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    for (const bill of bills) {
      expect(bill.number).toBe(String(bill.invoice_number));
      expect(isValidOcrReference(bill.ocr_reference!)).toBe(true);
    }
    // Nobody else took a number in between: the series continues right after the last of them.
    const series = await app.db
      .selectFrom('invoice_number_series')
      .select('next_number')
      .where('series', '=', 'bills')
      .executeTakeFirstOrThrow();
    expect(Number(series.next_number)).toBe(numbers.at(-1)! + 1);
  });

  it('the 30-day guarantee is on a first bill issued while it is open or after an assignment that ended within it, and left out otherwise', async () => {
    const buyer = await createBuyerCompany(app, 'Garantibolaget AB');
    const issue = async (issuedAt: string, consultant?: LoggedIn, endDate?: string) => {
      consultant ??= await loggedIn(app);
      const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
      if (endDate) {
        await app.db
          .updateTable('assignments')
          .set({ end_date: endDate })
          .where('id', '=', assignmentId)
          .execute();
      }
      return app.db
        .transaction()
        .execute(
          async (trx) => (await issueBillForMonth(trx, assignmentId, '2026-03', new Date(issuedAt))).id,
        );
    };
    const texts = async (billId: string) => {
      const pdf = async (locale: 'sv' | 'en') =>
        extractPdfText(
          (await call('GET', `/api/user/billing/${billId}/pdf`, buyer.admin.token, undefined, locale))
            .rawPayload,
        );
      const view = await call('GET', `/api/user/billing/${billId}`, buyer.admin.token, undefined, 'sv');
      return {
        guaranteeUntil: (view.json().bill as BillView).guaranteeUntil,
        sv: await pdf('sv'),
        en: await pdf('en'),
      };
    };
    // Started 2 March: the guarantee runs to 31 March. 23:30 on 31 March in Sweden is 21:30 UTC (summer time).
    const consultant = await loggedIn(app);
    const shown = await texts(await issue('2026-03-31T21:30:00Z', consultant));
    expect(shown.guaranteeUntil).toBe('2026-03-31');
    expect(shown.sv).toContain('Garanti 30 dagar');
    expect(shown.sv).toContain('31 mars 2026');
    expect(shown.en).toContain('30-day guarantee');
    // A second assignment of the same consultant that month has no fee, so no guarantee (a refund of the fee).
    expect((await texts(await issue('2026-03-31T21:30:00Z', consultant))).guaranteeUntil).toBeNull();

    // 00:30 on 1 April in Sweden (still 31 March in UTC): the window had closed; no guarantee, in either language.
    const late = await issue('2026-03-31T22:30:00Z');
    const stored = await app.db
      .selectFrom('bills')
      .select('guarantee_until')
      .where('id', '=', late)
      .executeTakeFirstOrThrow();
    expect(stored.guarantee_until).toBeNull();
    const hidden = await texts(late);
    expect(hidden.guaranteeUntil).toBeNull();
    expect(hidden.sv).not.toContain('Garanti 30 dagar');
    expect(hidden.en).not.toContain('30-day guarantee');

    // An assignment that ended within the window, billed after it: the refund is owed, so the bill says so.
    const ended = await texts(await issue('2026-04-10T10:00:00Z', undefined, '2026-03-20'));
    expect(ended.guaranteeUntil).toBe('2026-03-31');
    expect(ended.sv).toContain('Garanti 30 dagar');
    expect(ended.en).toContain('30-day guarantee');
  });

  it('an approval that rolls back gives its invoice number back', async () => {
    const buyer = await createBuyerCompany(app, 'Återställningen AB');
    const consultant = await loggedIn(app);
    const first = await hire(app, buyer, consultant, { startDate: '2026-07-01' });
    const second = await hire(app, buyer, consultant, { startDate: '2026-07-01' });
    for (const [index, assignmentId] of [first, second].entries()) {
      await call('POST', '/api/time-reports', consultant.token, {
        assignmentId,
        date: `2026-07-0${index + 1}`,
        hours: 4,
      });
      await call('POST', `/api/assignments/${assignmentId}/months/2026-07/submit`, consultant.token);
    }
    const nextNumber = async () =>
      Number(
        (
          await app.db
            .selectFrom('invoice_number_series')
            .select('next_number')
            .where('series', '=', 'bills')
            .executeTakeFirstOrThrow()
        ).next_number,
      );
    const before = await nextNumber();
    await expect(
      app.db.transaction().execute(async (trx) => {
        await issueBillForMonth(trx, first, '2026-07', new Date());
        throw new Error('the approval failed after the bill was issued');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await nextNumber()).toBe(before);
    const approved = await call(
      'POST',
      `/api/assignments/${second}/months/2026-07/approve`,
      buyer.admin.token,
    );
    const bill = (
      await call('GET', `/api/user/billing/${approved.json().month.billId}`, buyer.admin.token)
    ).json().bill as BillView;
    expect(bill.invoiceNumber).toBe(before);
  });

  it('a user sees only the bills of their companies and assignments; others get 404', async () => {
    const buyer = await createBuyerCompany(app, 'Synligheten AB');
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-09-01' });
    const billId = await approvedMonth(app, buyer, consultant, assignmentId, '2026-09', [
      { date: '2026-09-01', hours: 8 },
    ]);

    const viewer = await loggedIn(app);
    const plainMember = await loggedIn(app);
    await app.db
      .insertInto('company_memberships')
      .values([
        { company_id: buyer.companyId, user_id: viewer.id, role: 'member', permissions: ['view_billing'] },
        { company_id: buyer.companyId, user_id: plainMember.id, role: 'member', permissions: [] },
      ])
      .execute();
    const stranger = await loggedIn(app);
    const otherBuyer = await createBuyerCompany(app, 'Grannen AB');

    for (const reader of [buyer.admin, consultant, viewer]) {
      const list = await call('GET', '/api/user/billing', reader.token);
      expect(list.json().bills.map((bill: { id: string }) => bill.id)).toContain(billId);
      expect((await call('GET', `/api/user/billing/${billId}`, reader.token)).statusCode).toBe(200);
    }
    for (const reader of [plainMember, stranger, otherBuyer.admin]) {
      const list = await call('GET', '/api/user/billing', reader.token);
      expect(list.json().bills.map((bill: { id: string }) => bill.id)).not.toContain(billId);
      const one = await call('GET', `/api/user/billing/${billId}`, reader.token);
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ code: 'BILL_NOT_FOUND', errorMessage: 'The bill was not found' });
      expect((await call('GET', `/api/user/billing/${billId}/pdf`, reader.token)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/user/billing/not-a-uuid', buyer.admin.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/billing/${billId}`, null)).statusCode).toBe(401);
  });

  it('status: open until the due date, then overdue; paid once paid', async () => {
    const buyer = await createBuyerCompany(app, 'Förfallet AB');
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-10-01' });
    const billId = await approvedMonth(app, buyer, consultant, assignmentId, '2026-10', [
      { date: '2026-10-01', hours: 8 },
    ]);
    const statusOf = async () =>
      (
        (await call('GET', '/api/user/billing', buyer.admin.token)).json().bills as {
          id: string;
          status: string;
        }[]
      ).find((bill) => bill.id === billId)?.status;
    expect(await statusOf()).toBe('open');
    await app.db
      .updateTable('bills')
      .set({ due_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('id', '=', billId)
      .execute();
    expect(await statusOf()).toBe('overdue');
    await app.db
      .updateTable('bills')
      .set({ status: 'paid', paid_at: new Date() })
      .where('id', '=', billId)
      .execute();
    expect(await statusOf()).toBe('paid');
  });

  it("the buyer fee is the hire fee's price in force when the bill is issued, as god/pricing sets it", async () => {
    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const adminToken = await createSessionToken(app, admin.id);
    const pricing = (await call('GET', '/api/admin/pricing', adminToken)).json();
    const hireFee = pricing.products.find((p: { code: string }) => p.code === 'hire_fee');
    const original = { nameSv: hireFee.nameSv, nameEn: hireFee.nameEn, amountOre: hireFee.price.amountOre };
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-10-05' });
    try {
      const changed = await call('PUT', '/api/admin/pricing/products/hire_fee', adminToken, {
        ...original,
        amountOre: 349_500,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const billId = await approvedMonth(app, buyer, consultant, assignmentId, '2026-10', [
        { date: '2026-10-05', hours: 8 },
      ]);
      const bill = (await call('GET', `/api/user/billing/${billId}`, buyer.admin.token)).json()
        .bill as BillView;
      expect(bill.lines.find((line) => line.kind === 'buyer_fee')).toMatchObject({
        quantity: 1,
        unitPriceOre: 349_500,
        amountOre: 349_500,
      });
    } finally {
      const restored = await call('PUT', '/api/admin/pricing/products/hire_fee', adminToken, original);
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it('a consultant without a name is named by e-mail, else n/a, on the lines, in the list and in the PDF', async () => {
    const buyer = await createBuyerCompany(app);
    // Registered with e-mail and password and never gave a name.
    const consultant = await loggedIn(app, { email: `namnlos.${Date.now()}@example.se` });
    await app.db
      .updateTable('users')
      .set({ first_name: null, last_name: null })
      .where('id', '=', consultant.id)
      .execute();
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-11-02' });
    const billId = await approvedMonth(app, buyer, consultant, assignmentId, '2026-11', [
      { date: '2026-11-02', hours: 8 },
    ]);
    const email = consultant.email!;

    const swedish = (
      await call('GET', `/api/user/billing/${billId}`, buyer.admin.token, undefined, 'sv')
    ).json().bill as BillView;
    expect(swedish.consultantName).toBe(email);
    expect(swedish.lines.map((line) => line.description)).toEqual([
      `Arbetade timmar, ${email}, november 2026`,
      `Avgift per anlitad konsult och månad, ${email}, november 2026`,
    ]);
    const english = (
      await call('GET', `/api/user/billing/${billId}`, buyer.admin.token, undefined, 'en')
    ).json().bill as BillView;
    expect(english.lines[0]!.description).toBe(`Hours worked, ${email}, November 2026`);
    const stored = await app.db
      .selectFrom('bill_lines')
      .select('description')
      .where('bill_id', '=', billId)
      .orderBy('sort_order')
      .execute();
    expect(stored[0]!.description).toBe(`Arbetade timmar, ${email}, november 2026`);
    const listed = (await call('GET', '/api/user/billing', buyer.admin.token)).json().bills as BillView[];
    expect(listed.find((bill) => bill.id === billId)!.consultantName).toBe(email);

    const pdfSv = await extractPdfText(
      (await call('GET', `/api/user/billing/${billId}/pdf`, buyer.admin.token, undefined, 'sv')).rawPayload,
    );
    expect(pdfSv).toContain(`Konsult: ${email}`);
    expect(pdfSv).not.toContain(', ,');
    const pdfEn = await extractPdfText(
      (await call('GET', `/api/user/billing/${billId}/pdf`, buyer.admin.token, undefined, 'en')).rawPayload,
    );
    expect(pdfEn).toContain(`Consultant: ${email}`);

    // Neither a name nor an e-mail address stored on the bill (a bill issued before e-mail was kept): 'n/a'.
    await app.db
      .updateTable('bills')
      .set({ details: { projectName: 'Plattformsbygget' } })
      .where('id', '=', billId)
      .execute();
    const bare = (await call('GET', `/api/user/billing/${billId}`, buyer.admin.token, undefined, 'sv')).json()
      .bill as BillView;
    expect(bare.consultantName).toBeNull();
    expect(bare.lines[0]!.description).toBe('Arbetade timmar, n/a, november 2026');
    const barePdf = await extractPdfText(
      (await call('GET', `/api/user/billing/${billId}/pdf`, buyer.admin.token, undefined, 'en')).rawPayload,
    );
    expect(barePdf).toContain('Consultant: n/a');
    // A bill that kept only its project (issued before the contract was kept) is named by it.
    expect(barePdf).toContain('Assignment: Plattformsbygget – Köparbolaget Åkesson AB');
  });

  it('the PDF embeds a Unicode font and prints in the reader’s language', async () => {
    const buyer = await createBuyerCompany(app, 'Ångström & Ærø AB');
    const consultant = await loggedIn(app, { firstName: 'Ελένη', lastName: 'Żółć' });
    // Started today: the 30-day guarantee is still open when the bill is issued, and printed.
    const today = swedishDayOf(new Date());
    const assignmentId = await hire(app, buyer, consultant, { startDate: today });
    const billId = await approvedMonth(app, buyer, consultant, assignmentId, monthOf(today), [
      { date: today, hours: 8 },
    ]);
    const pdf = await call('GET', `/api/user/billing/${billId}/pdf`, consultant.token, undefined, 'sv');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(text).not.toContain('/Helvetica');
    expect(text.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    expect(pdf.headers['content-disposition']).toMatch(/faktura-\d+\.pdf/);
    const bill = (await call('GET', `/api/user/billing/${billId}`, consultant.token)).json().bill as BillView;
    const shown = await extractPdfText(bytes);
    for (const expected of [
      'FAKTURA',
      'Ångström & Ærø AB',
      'Ελένη Żółć',
      'Org.nr 556677-8899',
      `Momsreg.nr ${BILL_SELLER.vatNumber}`,
      bill.ocrReference,
      'Moms 25 %',
      'Att betala',
      'Garanti 30 dagar',
      'Sida 1 av 1',
      // The assignment as the time page and the mails name it: contract, project and buyer.
      'Uppdrag: Konsultavtal (Plattformsbygget) – Ångström & Ærø AB',
    ]) {
      expect(shown, expected).toContain(expected);
    }
    expect(shown).not.toContain('Projekt:');
    expect(bill).toMatchObject({ contractName: 'Konsultavtal', projectName: 'Plattformsbygget' });
    const englishText = await extractPdfText(
      (await call('GET', `/api/user/billing/${billId}/pdf`, consultant.token, undefined, 'en')).rawPayload,
    );
    expect(englishText).toContain('INVOICE');
    expect(englishText).toContain('30-day guarantee');
    expect(englishText).toContain('Assignment: Konsultavtal (Plattformsbygget) – Ångström & Ærø AB');
    expect(englishText).not.toContain('Project:');
  });
});
