/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The mail outbox: a workflow mail (a time month's step, an issued bill) is written here in the same
// transaction as the change it tells of, and sent afterwards (api/src/lib/mail-outbox.ts): by the API right
// after the commit, off the response path, and by the commerce worker's sweep of due rows. A row holds what the
// mail is made of (template, params, locale), never its rendered body; attachments are descriptors (a bill's id
// and language), built at send time. Sent rows stay 'sent' and are never sent again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('params', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reply_to', 'text')
    .addColumn('attachments', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addCheckConstraint('mail_outbox_locale_check', sql`locale IN ('sv', 'en')`)
    .addCheckConstraint('mail_outbox_status_check', sql`status IN ('pending', 'sent', 'failed')`)
    .addCheckConstraint('mail_outbox_attempts_check', sql`attempts >= 0`)
    .addCheckConstraint('mail_outbox_attachments_check', sql`jsonb_typeof(attachments) = 'array'`)
    .execute();
  // The sweep's `WHERE status = 'pending' AND next_attempt_at <= now()` reads only the backlog.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
