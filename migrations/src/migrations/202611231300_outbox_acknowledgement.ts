/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// An outbox row is done when its change is in the index, not when it is queued. The relay stamps each claimed
// row with the batch (= BullMQ job) it went out in; the index worker sets `acked_at` for the whole batch once
// the job has written it. Rows relayed but never acknowledged (Redis lost the job, or the job gave up) are sent
// again by the relay. Rows already sent before this migration are taken as indexed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE outbox_batch_seq`.execute(db);
  await db.schema
    .alterTable('outbox')
    .addColumn('batch_id', 'bigint')
    .addColumn('acked_at', 'timestamptz')
    .execute();
  await sql`UPDATE outbox SET acked_at = sent_at WHERE sent_at IS NOT NULL`.execute(db);
  // As small as the work in flight: the acknowledgement (by batch) and the relay's look for lost batches.
  await db.schema
    .createIndex('outbox_unacked_idx')
    .on('outbox')
    .columns(['batch_id', 'sent_at'])
    .where(sql.ref('acked_at'), 'is', null)
    .where(sql.ref('sent_at'), 'is not', null)
    .execute();
  // Pruning now goes by acknowledgement.
  await db.schema
    .createIndex('outbox_acked_at_idx')
    .on('outbox')
    .column('acked_at')
    .where(sql.ref('acked_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_acked_at_idx').execute();
  await db.schema.dropIndex('outbox_unacked_idx').execute();
  await db.schema.alterTable('outbox').dropColumn('acked_at').dropColumn('batch_id').execute();
  await sql`DROP SEQUENCE outbox_batch_seq`.execute(db);
}
