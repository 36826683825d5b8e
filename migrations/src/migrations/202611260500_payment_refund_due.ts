/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql, type Kysely } from 'kysely';

// A payment that succeeded for a purchase that is gone or already made (its subscription replaced or given up,
// or an assessment already open) is refunded right after its transaction commits. `refund_due_at` records, in
// that same transaction, that the refund is owed, so a refund the provider did not take (an outage) is retried by
// the commerce worker's schedule instead of being forgotten; it is cleared when the payment is refunded.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('refund_due_at', 'timestamptz').execute();
  await db.schema
    .createIndex('payments_refund_due_idx')
    .on('payments')
    .column('refund_due_at')
    .where(sql.ref('refund_due_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_refund_due_idx').execute();
  await db.schema.alterTable('payments').dropColumn('refund_due_at').execute();
}
