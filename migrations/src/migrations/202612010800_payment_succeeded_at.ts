/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// QA: a receipt dated a card payment by when it was created, not when it succeeded (a 3-D Secure challenge
// finished after midnight, a slow webhook, a renewal retried days later). `succeeded_at` is set in the statement
// that marks the payment succeeded; receipts (the list, the PDF, the mail) show it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('succeeded_at', 'timestamptz').execute();
  // Payments paid before this column: the earliest time known to be at or after the success. Each of these is
  // written by the success or after it (updated_at last moves with the receipt's sending or the refund). The
  // backfill leaves updated_at as it was.
  await sql`ALTER TABLE payments DISABLE TRIGGER payments_set_updated_at`.execute(db);
  await db
    .updateTable('payments')
    .set({
      succeeded_at: sql`greatest(created_at, least(updated_at, receipt_sent_at, refund_due_at, refunded_at))`,
    })
    .where('status', 'in', ['succeeded', 'refunded'])
    .execute();
  await sql`ALTER TABLE payments ENABLE TRIGGER payments_set_updated_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('succeeded_at').execute();
}
