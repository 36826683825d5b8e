import { HIRE_FEE_PRODUCT_CODE } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { userDisplayNameSql, userEmailSql, userNameSql } from '../../lib/user-name';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes the next invoice number. The UPDATE locks the series' one row until the calling transaction ends,
 * so concurrent approvals queue here and a rolled-back approval gives its number back: no gaps, no repeats.
 */
export async function takeInvoiceNumber(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('invoice_number_series')
    .set({ next_number: sql`next_number + 1` })
    .where('series', '=', 'bills')
    .returning(sql<number>`next_number - 1`.as('number'))
    .executeTakeFirstOrThrow();
  return Number(row.number);
}

/** Issued (and paid) bills, whoever reads them: for the sender of a bill's mail, which renders its PDF. */
export function selectIssuedBills(db: Db) {
  return db
    .selectFrom('bills as b')
    .innerJoin('assignments as a', 'a.id', 'b.assignment_id')
    .select([
      'b.id',
      'b.invoice_number',
      'b.ocr_reference',
      'b.paid_at',
      'b.issued_at',
      'b.due_at',
      'b.period_month',
      'b.company_id',
      'b.assignment_id',
      'b.currency',
      'b.subtotal_ore',
      'b.vat_ore',
      'b.total_ore',
      'b.seller',
      'b.buyer',
      'b.details',
      'b.guarantee_until',
    ])
    .where('b.status', 'in', ['issued', 'paid']);
}

/** Bills the reader may see: of companies where they may view billing, or of assignments they work on or approve. */
export function selectVisibleBills(db: Db, readerId: string) {
  return selectIssuedBills(db).where((eb) =>
    eb.or([
      eb('a.consultant_user_id', '=', readerId),
      eb('a.approver_user_id', '=', readerId),
      eb.exists(
        eb
          .selectFrom('company_memberships as m')
          .select('m.id')
          .whereRef('m.company_id', '=', 'b.company_id')
          .where('m.user_id', '=', readerId)
          .where(sql<boolean>`(m.role = 'admin' OR 'view_billing' = ANY(m.permissions))`),
      ),
    ]),
  );
}

/**
 * Who may read a company's bills through its membership (admins and members with `view_billing`, as in
 * {@link selectVisibleBills}) and can be mailed: an address, an account not deleted. One row per person.
 */
export function findCompanyBillReaders(db: Db, companyId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', userEmailSql('u').as('email'), 'u.first_name', 'u.locale'])
    .distinct()
    .where('m.company_id', '=', companyId)
    .where(sql<boolean>`(m.role = 'admin' OR 'view_billing' = ANY(m.permissions))`)
    .where('u.deleted_at', 'is', null)
    .where(userEmailSql('u'), 'is not', null)
    .orderBy('u.id')
    .execute();
}

/** A bill's lines in their printed order. */
export function findBillLines(db: Db, billId: string) {
  return db
    .selectFrom('bill_lines')
    .select(['kind', 'description', 'quantity', 'unit_price_ore', 'amount_ore', 'vat_rate'])
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .execute();
}

/** What a bill prints about its assignment: the fees, the buyer company, the contract, project and consultant. */
export function findAssignmentToBill(trx: Transaction<Database>, assignmentId: string) {
  return trx
    .selectFrom('assignments as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('contracts as k', 'k.id', 'a.contract_id')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('users as u', 'u.id', 'a.consultant_user_id')
    .select([
      'a.id',
      'a.company_id',
      'a.consultant_user_id',
      'a.hourly_fee_ore',
      'a.overtime_fee_ore',
      'a.start_date',
      'a.end_date',
      'c.business_name',
      'c.organisation_number',
      'c.vat_number',
      'c.address',
      'k.name as contract_name',
      'p.name as project_name',
      userNameSql('u').as('consultant_name'),
      userEmailSql('u').as('consultant_email'),
    ])
    .where('a.id', '=', assignmentId)
    .executeTakeFirstOrThrow();
}

/**
 * The fee per hired consultant and month in force at `at`: the `hire_fee` product's latest price from before
 * then (god/pricing sets a new one from the moment it is saved); undefined if it has none.
 */
export async function findHireFeeOre(trx: Transaction<Database>, at: Date): Promise<number | undefined> {
  const row = await trx
    .selectFrom('prices as pr')
    .innerJoin('products as p', 'p.id', 'pr.product_id')
    .select('pr.amount_ore')
    .where('p.code', '=', HIRE_FEE_PRODUCT_CODE)
    .where('pr.valid_from', '<=', at)
    .orderBy('pr.valid_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.amount_ore) : undefined;
}

/**
 * Takes the lock of one buyer fee (buyer company, consultant, calendar month) until the calling transaction ends,
 * so of two approvals committing at once for two assignments of the same consultant and company, the second
 * waits here and then sees the first one's bill in {@link hasBuyerFeeBill}.
 */
export async function lockBuyerFee(
  trx: Transaction<Database>,
  companyId: string,
  consultantUserId: string,
  periodMonth: string,
): Promise<void> {
  const key = `buyer_fee:${companyId}:${consultantUserId}:${periodMonth}`;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Whether the company has already been billed the fee for this consultant and month: a bill of any of its
 * assignments of the consultant for the month, with a buyer-fee line.
 */
export async function hasBuyerFeeBill(
  trx: Transaction<Database>,
  companyId: string,
  consultantUserId: string,
  periodMonth: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('bills as b')
    .innerJoin('assignments as a', 'a.id', 'b.assignment_id')
    .innerJoin('bill_lines as l', 'l.bill_id', 'b.id')
    .select('b.id')
    .where('b.company_id', '=', companyId)
    .where('a.consultant_user_id', '=', consultantUserId)
    .where('b.period_month', '=', periodMonth)
    .where('b.status', 'in', ['issued', 'paid'])
    .where('l.kind', '=', 'buyer_fee')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The assignment's reported hours and overtime between two dates, in hundredths of an hour. */
export function sumReportedHours(trx: Transaction<Database>, assignmentId: string, from: string, to: string) {
  return trx
    .selectFrom('time_reports')
    .select([
      sql<number>`coalesce(sum(round(hours * 100)), 0)::int`.as('centis'),
      sql<number>`coalesce(sum(round(overtime_hours * 100)), 0)::int`.as('overtime_centis'),
    ])
    .where('assignment_id', '=', assignmentId)
    .where('work_date', '>=', from)
    .where('work_date', '<=', to)
    .executeTakeFirstOrThrow();
}

export function insertBill(trx: Transaction<Database>, bill: Insertable<Database['bills']>) {
  return trx.insertInto('bills').values(bill).returning('id').executeTakeFirstOrThrow();
}

export async function insertBillLines(
  trx: Transaction<Database>,
  lines: Insertable<Database['bill_lines']>[],
): Promise<void> {
  if (lines.length === 0) return;
  await trx.insertInto('bill_lines').values(lines).execute();
}

/** Whether the user may read the company's bills through its membership (an admin, or `view_billing`). */
export async function isCompanyBillReader(db: Db, userId: string, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_memberships as m')
    .select('m.id')
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .where(sql<boolean>`(m.role = 'admin' OR 'view_billing' = ANY(m.permissions))`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks an issued bill's row until the calling transaction ends: its payments are decided one at a time. */
export function lockIssuedBill(trx: Transaction<Database>, billId: string) {
  return trx
    .selectFrom('bills')
    .select([
      'id',
      'paid_at',
      'paid_by_admin_user_id',
      'invoice_number',
      'issued_at',
      'total_ore',
      'company_id',
    ])
    .where('id', '=', billId)
    .where('status', 'in', ['issued', 'paid'])
    .forUpdate()
    .executeTakeFirst();
}

export async function setBillPaid(
  trx: Transaction<Database>,
  billId: string,
  paidAt: Date,
  adminUserId: string | null,
): Promise<void> {
  await trx
    .updateTable('bills')
    .set({ status: 'paid', paid_at: paidAt, paid_by_admin_user_id: adminUserId })
    .where('id', '=', billId)
    .execute();
}

/** Whether a card payment of the bill other than `exceptPaymentId` paid it and stands (not refunded or owed back). */
export async function hasStandingBillPayment(
  trx: Transaction<Database>,
  billId: string,
  exceptPaymentId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('payments')
    .select('id')
    .where('bill_id', '=', billId)
    .where('id', '!=', exceptPaymentId)
    .where('status', '=', 'succeeded')
    .where('refund_due_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A bill's card payment was refunded: the bill is owed again. */
export async function setBillUnpaid(trx: Transaction<Database>, billId: string): Promise<void> {
  await trx
    .updateTable('bills')
    .set({ status: 'issued', paid_at: null, paid_by_admin_user_id: null })
    .where('id', '=', billId)
    .execute();
}

/** Every issued bill for the god area, with who marked it paid or whether a card paid it; `q` matches invoice number, OCR or buyer. */
export function selectAdminBills(
  db: Db,
  options: { q?: string | undefined; status: 'unpaid' | 'paid' | 'all' },
) {
  let query = selectIssuedBills(db)
    .leftJoin('users as admin', 'admin.id', 'b.paid_by_admin_user_id')
    .select(['b.paid_by_admin_user_id', userDisplayNameSql('admin').as('marked_paid_by')])
    // Paid by card: a card payment of the bill succeeded and stands (not refunded or owed back).
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('payments as p')
            .select('p.id')
            .whereRef('p.bill_id', '=', 'b.id')
            .where('p.status', '=', 'succeeded')
            .where('p.refund_due_at', 'is', null),
        )
        .as('paid_by_card'),
    );
  // A company's invoices only: a bill a user owns (no company) is no bankgiro invoice to record.
  query = query.where('b.company_id', 'is not', null);
  if (options.status === 'paid') query = query.where('b.paid_at', 'is not', null);
  if (options.status === 'unpaid') query = query.where('b.paid_at', 'is', null);
  const q = options.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`b.invoice_number::text`, '=', q),
        eb('b.ocr_reference', '=', q),
        eb(sql<string>`b.buyer->>'name'`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}
