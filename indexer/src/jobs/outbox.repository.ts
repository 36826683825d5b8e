import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import { OUTBOX_AGGREGATES } from '@mp/migrations/outbox';

// The outbox SQL of the relay and the index worker: claiming batches, handing them back, re-arming the ones
// whose job was lost, and acknowledging indexed ones.

type Db = Kysely<Database>;

export interface ClaimedOutboxRow {
  id: number;
  aggregate_type: string;
  aggregate_id: string;
  batch_id: string;
}

/**
 * Claims up to `batchSize` unsent rows (FOR UPDATE SKIP LOCKED: several relays never claim the same row), stamps
 * them with a new batch id and marks them sent, in one statement. Rows that no job indexes (not profiles) are
 * acknowledged at once.
 */
export async function claimOutboxBatch(db: Db, batchSize: number): Promise<ClaimedOutboxRow[]> {
  const { rows } = await sql<ClaimedOutboxRow>`
    WITH batch AS (SELECT nextval('outbox_batch_seq') AS id)
    UPDATE outbox SET sent_at = now(), attempts = attempts + 1, batch_id = (SELECT id FROM batch),
      acked_at = CASE WHEN aggregate_type = ${OUTBOX_AGGREGATES.profile} THEN NULL ELSE now() END
    WHERE id IN (
      SELECT id FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
    RETURNING id, aggregate_type, aggregate_id, batch_id`.execute(db);
  return rows;
}

/** Hands a batch's unacknowledged rows back as unsent, for the next pass. */
export async function releaseOutboxBatch(db: Db, batchId: number): Promise<void> {
  await sql`UPDATE outbox SET sent_at = NULL, batch_id = NULL
    WHERE batch_id = ${batchId} AND acked_at IS NULL`.execute(db);
}

const sentBefore = (olderThanMs: number) => sql`now() - ${olderThanMs} * interval '1 millisecond'`;

/** Batches sent more than `olderThanMs` ago and still not acknowledged. */
export async function findUnacknowledgedBatchIds(
  db: Db,
  options: { olderThanMs: number; maxBatches: number },
): Promise<string[]> {
  const { rows } = await sql<{ batch_id: string }>`
    SELECT DISTINCT batch_id FROM outbox
    WHERE acked_at IS NULL AND sent_at IS NOT NULL AND batch_id IS NOT NULL
      AND sent_at < ${sentBefore(options.olderThanMs)}
    LIMIT ${options.maxBatches}`.execute(db);
  return rows.map((r) => r.batch_id);
}

/**
 * Re-arms these batches (`sent_at = now()`) if they are still unacknowledged and older than `olderThanMs`;
 * returns the rows re-armed. The age is checked again here: of two relays racing, the second gets none.
 */
export async function rearmOutboxBatches(
  db: Db,
  batchIds: readonly string[],
  olderThanMs: number,
): Promise<{ id: number; batch_id: string; aggregate_id: string }[]> {
  const { rows } = await sql<{ id: number; batch_id: string; aggregate_id: string }>`
    UPDATE outbox SET sent_at = now()
    WHERE batch_id = ANY(${[...batchIds]}::bigint[])
      AND acked_at IS NULL AND sent_at IS NOT NULL AND sent_at < ${sentBefore(olderThanMs)}
    RETURNING id, batch_id, aggregate_id`.execute(db);
  return rows;
}

/** Counts one more delivery attempt for a batch's unacknowledged rows. */
export async function countOutboxBatchAttempt(db: Db, batchId: number): Promise<void> {
  await sql`UPDATE outbox SET attempts = attempts + 1 WHERE batch_id = ${batchId} AND acked_at IS NULL`.execute(
    db,
  );
}

/** Marks a batch's outbox rows done: called by the index worker once the batch is in the index. */
export async function acknowledgeOutboxBatch(db: Db, batchId: number): Promise<void> {
  await sql`UPDATE outbox SET acked_at = now()
    WHERE batch_id = ${batchId} AND acked_at IS NULL AND sent_at IS NOT NULL`.execute(db);
}
