/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// What a mail outbox row marks once it is sent (api/src/lib/mail-outbox.ts): descriptors such as
// `{ kind: 'inquiryMailed', inquiryId }`, applied by the sender in the transaction that marks the row sent, so
// a column like `inquiries.mailed_at` still says the mail went, not that it was queued.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('on_sent', 'jsonb', (col) =>
      col
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(on_sent) = 'array'`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('on_sent').execute();
}
