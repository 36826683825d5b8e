import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '@mp/test-support/test-app';
import { extractPdfText } from '@mp/test-support/pdf-text';
import {
  createBuyerCompany,
  hire,
  loggedIn,
  submittedMonth,
  type LoggedIn,
} from '@mp/test-support/time-fixtures';
import type { BillView } from '@mp/api-contract/billing.schema';
import { issueBillForMonth } from './bills.service';

// Spec section 1: "2995 SEK per hired consultant per month". A company that hires the same consultant under
// several contracts pays the fee once per consultant and calendar month (docs/time-and-billing.md, Bills).

const testApp = useTestApp();
const { call } = testApp;

type Buyer = Awaited<ReturnType<typeof createBuyerCompany>>;

/** Reports two hours on one day of the assignment and submits its month. */
const submitted = (consultant: LoggedIn, assignmentId: string, month: string, date: string) =>
  submittedMonth(testApp.app, consultant, assignmentId, month, [{ date, hours: 2 }]);

const approve = (buyer: Buyer, assignmentId: string, month: string) =>
  call('POST', `/api/assignments/${assignmentId}/months/${month}/approve`, buyer.admin.token);

async function billOf(buyer: Buyer, assignmentId: string, month: string): Promise<BillView> {
  const response = await approve(buyer, assignmentId, month);
  expect(response.statusCode).toBe(200);
  const billId = response.json().month.billId as string;
  return (await call('GET', `/api/user/billing/${billId}`, buyer.admin.token)).json().bill as BillView;
}

const feeLines = (bill: BillView) => bill.lines.filter((line) => line.kind === 'buyer_fee');

describe('the buyer fee: one per buyer company, consultant and month', () => {
  it('the first approved assignment of the month carries the fee; a second one of the same consultant has none', async () => {
    const buyer = await createBuyerCompany(testApp.app, 'Dubbelavtalet AB');
    const consultant = await loggedIn(testApp.app, { firstName: 'Mikael', lastName: 'Medlem' });
    const first = await hire(testApp.app, buyer, consultant, { startDate: '2026-05-01', hourlyFee: 950 });
    const second = await hire(testApp.app, buyer, consultant, { startDate: '2026-05-01', hourlyFee: 1000 });
    await submitted(consultant, first, '2026-05', '2026-05-04');
    await submitted(consultant, second, '2026-05', '2026-05-05');

    const firstBill = await billOf(buyer, first, '2026-05');
    expect(feeLines(firstBill)).toHaveLength(1);
    // May's 30-day guarantee had ended when the month was approved: no bill states it (billing.int.test).
    expect(firstBill.guaranteeUntil).toBeNull();

    const secondBill = await billOf(buyer, second, '2026-05');
    expect(secondBill.lines.map((line) => line.kind)).toEqual(['hours']);
    // 2 h × 1000 SEK and nothing else, VAT 25 %.
    expect(secondBill.subtotalOre).toBe(200_000);
    expect(secondBill.totalOre).toBe(250_000);
    // The guarantee refunds the first month's fee: a bill without a fee does not promise it.
    expect(secondBill.guaranteeUntil).toBeNull();

    const pdf = await call(
      'GET',
      `/api/user/billing/${secondBill.id}/pdf`,
      buyer.admin.token,
      undefined,
      'sv',
    );
    expect(pdf.statusCode).toBe(200);
    const text = await extractPdfText(pdf.rawPayload);
    expect(text).not.toContain('Avgift per anlitad konsult');
    expect(text).not.toContain('Garanti 30 dagar');

    // The next month is a new month: its first approved bill carries the fee again.
    await submitted(consultant, second, '2026-06', '2026-06-02');
    expect(feeLines(await billOf(buyer, second, '2026-06'))).toHaveLength(1);
  });

  it('another consultant, or the same consultant at another company, is charged on its own', async () => {
    const buyer = await createBuyerCompany(testApp.app, 'Första köparen AB');
    const otherBuyer = await createBuyerCompany(testApp.app, 'Andra köparen AB');
    const consultant = await loggedIn(testApp.app);
    const colleague = await loggedIn(testApp.app);
    const mine = await hire(testApp.app, buyer, consultant, { startDate: '2026-05-01' });
    const colleagues = await hire(testApp.app, buyer, colleague, { startDate: '2026-05-01' });
    const elsewhere = await hire(testApp.app, otherBuyer, consultant, { startDate: '2026-05-01' });
    await submitted(consultant, mine, '2026-05', '2026-05-04');
    await submitted(colleague, colleagues, '2026-05', '2026-05-04');
    await submitted(consultant, elsewhere, '2026-05', '2026-05-05');

    expect(feeLines(await billOf(buyer, mine, '2026-05'))).toHaveLength(1);
    expect(feeLines(await billOf(buyer, colleagues, '2026-05'))).toHaveLength(1);
    expect(feeLines(await billOf(otherBuyer, elsewhere, '2026-05'))).toHaveLength(1);
  });

  it('approvals of several assignments of one consultant committing at once charge exactly one fee', async () => {
    const buyer = await createBuyerCompany(testApp.app, 'Samtidigt AB');
    const consultant = await loggedIn(testApp.app);
    const assignments: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const assignmentId = await hire(testApp.app, buyer, consultant, { startDate: '2026-09-01' });
      await submitted(consultant, assignmentId, '2026-09', `2026-09-0${index + 1}`);
      assignments.push(assignmentId);
    }
    const results = await Promise.all(
      assignments.map((assignmentId) => approve(buyer, assignmentId, '2026-09')),
    );
    expect(results.map((result) => result.statusCode)).toEqual(assignments.map(() => 200));

    const fees = await testApp.app.db
      .selectFrom('bill_lines as l')
      .innerJoin('bills as b', 'b.id', 'l.bill_id')
      .select('b.assignment_id')
      .where('b.assignment_id', 'in', assignments)
      .where('l.kind', '=', 'buyer_fee')
      .execute();
    expect(fees).toHaveLength(1);
    const bills = await testApp.app.db
      .selectFrom('bills')
      .select('id')
      .where('assignment_id', 'in', assignments)
      .execute();
    expect(bills).toHaveLength(6);
  });

  it('a second approval that starts while the first is still uncommitted waits for it and charges no fee', async () => {
    const buyer = await createBuyerCompany(testApp.app, 'Mellan två commits AB');
    const consultant = await loggedIn(testApp.app);
    const first = await hire(testApp.app, buyer, consultant, { startDate: '2026-10-01' });
    const second = await hire(testApp.app, buyer, consultant, { startDate: '2026-10-01' });
    await submitted(consultant, first, '2026-10', '2026-10-01');
    await submitted(consultant, second, '2026-10', '2026-10-02');

    // The first approval's transaction issues its bill (with the fee) and holds on, uncommitted.
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstIssued!: () => void;
    const firstHasIssued = new Promise<void>((resolve) => (firstIssued = resolve));
    const firstDone = testApp.app.db.transaction().execute(async (trx) => {
      await issueBillForMonth(trx, first, '2026-10', new Date());
      firstIssued();
      await firstMayCommit;
    });
    await firstHasIssued;

    // The second starts now and must wait (for the fee's lock, else at the latest for the invoice number).
    let secondPid: number | undefined;
    const secondDone = testApp.app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      secondPid = rows[0]!.pid;
      return issueBillForMonth(trx, second, '2026-10', new Date());
    });
    await vi.waitFor(
      async () => {
        expect(secondPid).toBeDefined();
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE pid = ${secondPid!} AND wait_event_type = 'Lock'`.execute(testApp.app.db);
        expect(rows[0]!.n).toBe(1);
      },
      { timeout: 15_000, interval: 20 },
    );
    commitFirst();
    await firstDone;
    await secondDone;

    const kinds = async (assignmentId: string) =>
      (
        await testApp.app.db
          .selectFrom('bill_lines as l')
          .innerJoin('bills as b', 'b.id', 'l.bill_id')
          .select('l.kind')
          .where('b.assignment_id', '=', assignmentId)
          .orderBy('l.sort_order')
          .execute()
      ).map((line) => line.kind);
    expect(await kinds(first)).toEqual(['hours', 'buyer_fee']);
    expect(await kinds(second)).toEqual(['hours']);
  });
});
