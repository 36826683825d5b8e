/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The transactional outbox: every change that must reach Elasticsearch or a worker writes a row here in the
// same transaction as the change. The relay claims unsent rows in id order with FOR UPDATE SKIP LOCKED,
// enqueues them in BullMQ with a deterministic job id (`outbox-<id>`), then sets sent_at; a crash in
// between re-sends, which the job id and the idempotent handlers absorb.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('aggregate_type', 'text', (col) => col.notNull())
    .addColumn('aggregate_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addCheckConstraint('outbox_attempts_check', sql`attempts >= 0`)
    .execute();
  // Stays as small as the backlog: the relay's `WHERE sent_at IS NULL ORDER BY id LIMIT n` reads only this.
  await db.schema
    .createIndex('outbox_unsent_idx')
    .on('outbox')
    .column('id')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  // Pruning of sent rows.
  await db.schema
    .createIndex('outbox_sent_at_idx')
    .on('outbox')
    .column('sent_at')
    .where('sent_at', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
