/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listLiterals } from '../schema-helpers';

// A BankID order either logs someone in or confirms an action of a logged-in user (account deletion). The
// purpose keeps the two apart: a confirmation order must never yield a session, and a login order must never
// count as the confirmation of a deletion.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bankid_orders')
    .addColumn('purpose', 'text', (col) => col.notNull().defaultTo('login'))
    .execute();
  await db.schema
    .alterTable('bankid_orders')
    .addCheckConstraint(
      'bankid_orders_purpose_check',
      sql`purpose IN (${listLiterals(['login', 'confirm'])})`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bankid_orders').dropConstraint('bankid_orders_purpose_check').execute();
  await db.schema.alterTable('bankid_orders').dropColumn('purpose').execute();
}
