/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listLiterals } from '../schema-helpers';

// QA: a bill could never become paid. A bill is now paid by card in the app (a payment with purpose 'bill' and
// the bill it pays), or marked paid by an admin when the bankgiro payment arrives outside the app. At most one
// card payment of a bill succeeds and stands (a unique index): a second one that gets through anyway (a race
// between two tabs) is refunded by the code that applies it under the bill's row lock.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('bill_id', 'uuid', (col) => col.references('bills.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('payments').dropConstraint('payments_purpose_check').execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_purpose_check',
      sql`purpose IN (${listLiterals(['subscription', 'assessment', 'bill'])})`,
    )
    .execute();
  await db.schema.alterTable('payments').dropConstraint('payments_target_check').execute();
  // A bill's payment keeps its row if the bill is ever deleted (the money was taken): bill_id may then be null.
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_target_check',
      sql`(purpose = 'subscription' AND subscription_id IS NOT NULL) OR (purpose = 'assessment' AND assessment_package IN ('basic', 'full_coach')) OR purpose = 'bill'`,
    )
    .execute();
  await db.schema.createIndex('payments_bill_id_idx').on('payments').column('bill_id').execute();
  // One card payment pays a bill: a second that succeeds anyway is marked to be refunded in the same statement.
  await db.schema
    .createIndex('payments_bill_paid_key')
    .on('payments')
    .column('bill_id')
    .unique()
    .where(sql.ref('status'), '=', 'succeeded')
    .where(sql.ref('refund_due_at'), 'is', null)
    .execute();
  // Who marked a bill paid by hand (an admin recording a bankgiro payment); null for a card payment.
  await db.schema
    .alterTable('bills')
    .addColumn('paid_by_admin_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bills').dropColumn('paid_by_admin_user_id').execute();
  await db.deleteFrom('payments').where('purpose', '=', 'bill').execute();
  await db.schema.dropIndex('payments_bill_paid_key').execute();
  await db.schema.dropIndex('payments_bill_id_idx').execute();
  await db.schema.alterTable('payments').dropConstraint('payments_target_check').execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_target_check',
      sql`(purpose = 'subscription' AND subscription_id IS NOT NULL) OR (purpose = 'assessment' AND assessment_package IN ('basic', 'full_coach'))`,
    )
    .execute();
  await db.schema.alterTable('payments').dropConstraint('payments_purpose_check').execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_purpose_check',
      sql`purpose IN (${listLiterals(['subscription', 'assessment'])})`,
    )
    .execute();
  await db.schema.alterTable('payments').dropColumn('bill_id').execute();
}
