import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

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

/** Bills the reader may see: of companies where they may view billing, or of assignments they work on or approve. */
export function selectVisibleBills(db: Db, readerId: string) {
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
    .where('b.status', 'in', ['issued', 'paid'])
    .where((eb) =>
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

/** A bill's lines in their printed order. */
export function findBillLines(db: Db, billId: string) {
  return db
    .selectFrom('bill_lines')
    .select(['kind', 'description', 'quantity', 'unit_price_ore', 'amount_ore', 'vat_rate'])
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .execute();
}
