/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import type { Kysely } from 'kysely';

// The buyer's VAT number in the payment details (spec section 3, 'Invalid VAT Number' in section 5): optional,
// prefilled from the buyer's company, and printed on receipts when known.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_details').addColumn('vat_number', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_details').dropColumn('vat_number').execute();
}
