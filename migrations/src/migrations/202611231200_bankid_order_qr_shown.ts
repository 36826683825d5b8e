/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import type { Kysely } from 'kysely';

// When the QR code of an order was first served: an order whose QR was never shown was opened on the same
// device, so the device address BankID reports must be the starting browser's (issue 13 item 7).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bankid_orders').addColumn('qr_shown_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bankid_orders').dropColumn('qr_shown_at').execute();
}
