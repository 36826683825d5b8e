/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import type { Kysely } from 'kysely';

// When the session's user last confirmed who they are (a fresh BankID or their password): step-up for what a
// stolen session could take (a first password, an unconfirmed e-mail change, the data export; issue 13 item 8).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('confirmed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('confirmed_at').execute();
}
