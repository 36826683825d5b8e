import type { Database } from '@mp/migrations/database';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { indexProfilesJobId, OUTBOX_AGGREGATES, OUTBOX_CHANNEL } from '@mp/migrations/outbox';
import { INDEX_JOB_OPTIONS, type IndexProfilesPayload } from '../queues';
import {
  claimOutboxBatch,
  countOutboxBatchAttempt,
  findUnacknowledgedBatchIds,
  rearmOutboxBatches,
  releaseOutboxBatch,
} from './outbox.repository';

export interface RelayResult {
  rows: number;
  jobs: number;
}

/**
 * Moves one batch of committed, unsent outbox rows into BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED
 * (several relays never send the same row), stamped with a new batch id and marked sent in one statement, and
 * the batch's job is enqueued after that commits (so the job can always find and acknowledge its rows). "Sent"
 * is not "done": the index worker acknowledges the batch (`acked_at`) once it is indexed, and
 * {@link handleRedeliverLostBatches} re-sends batches whose job never made it into Redis or was lost there.
 */
export async function handleRelayOutbox(
  db: Kysely<Database>,
  queue: Queue<IndexProfilesPayload>,
  batchSize: number,
): Promise<RelayResult> {
  const claimed = await claimOutboxBatch(db, batchSize);
  if (claimed.length === 0) return { rows: 0, jobs: 0 };
  const rows = claimed.sort((a, b) => a.id - b.id);
  const batchId = Number(rows[0]!.batch_id);

  const profileRows = rows.filter((r) => r.aggregate_type === OUTBOX_AGGREGATES.profile);
  if (profileRows.length === 0) return { rows: rows.length, jobs: 0 };
  try {
    await enqueueBatch(queue, {
      batchId,
      userIds: [...new Set(profileRows.map((r) => r.aggregate_id))],
      outboxIds: [profileRows[0]!.id, profileRows[profileRows.length - 1]!.id],
    });
  } catch (error) {
    // Redis refused: hand the rows back for the next pass (if even this fails, redelivery finds them).
    await releaseOutboxBatch(db, batchId).catch(() => {});
    throw error;
  }
  return { rows: rows.length, jobs: 1 };
}

function enqueueBatch(
  queue: Queue<IndexProfilesPayload>,
  batch: { batchId: number; userIds: string[]; outboxIds: [number, number] },
) {
  return queue.add('index-profiles', batch, {
    ...INDEX_JOB_OPTIONS,
    jobId: indexProfilesJobId(batch.batchId),
  });
}

export interface RedeliveryResult {
  /** Batches sent but not acknowledged for longer than the limit, looked at in Redis. */
  checked: number;
  /** Of those, batches whose job Redis no longer had (lost) or had given up on (failed), sent again. */
  resent: number;
}

/** Job states in which the job will still run (or is running): its batch is not lost. */
const LIVE_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Re-sends outbox batches that were relayed more than `olderThanMs` ago and are still not acknowledged, when
 * Redis no longer holds their job (Redis lost its data, or evicted keys) or the job ran out of attempts. A batch
 * whose job is still waiting or retrying is left to it. Each batch looked at is re-armed (`sent_at = now()`)
 * first, in one statement that several relays cannot both win, so it is looked at again only after another
 * `olderThanMs`.
 */
export async function handleRedeliverLostBatches(
  db: Kysely<Database>,
  queue: Queue<IndexProfilesPayload>,
  options: { olderThanMs: number; maxBatches?: number },
): Promise<RedeliveryResult> {
  const candidates = await findUnacknowledgedBatchIds(db, {
    olderThanMs: options.olderThanMs,
    maxBatches: options.maxBatches ?? 50,
  });
  if (candidates.length === 0) return { checked: 0, resent: 0 };
  const rows = await rearmOutboxBatches(db, candidates, options.olderThanMs);
  const batches = new Map<number, { userIds: Set<string>; first: number; last: number }>();
  for (const row of rows) {
    const id = Number(row.batch_id);
    const batch = batches.get(id) ?? { userIds: new Set(), first: row.id, last: row.id };
    batch.userIds.add(row.aggregate_id);
    batch.first = Math.min(batch.first, row.id);
    batch.last = Math.max(batch.last, row.id);
    batches.set(id, batch);
  }
  let resent = 0;
  for (const [batchId, batch] of batches) {
    const jobId = indexProfilesJobId(batchId);
    const state = await queue.getJobState(jobId);
    if (LIVE_STATES.has(state)) continue;
    // 'unknown' (lost), 'failed' (gave up) or 'completed' without an acknowledgement: a fresh job.
    if (state !== 'unknown') await queue.remove(jobId);
    await enqueueBatch(queue, { batchId, userIds: [...batch.userIds], outboxIds: [batch.first, batch.last] });
    await countOutboxBatchAttempt(db, batchId);
    resent += 1;
  }
  return { checked: batches.size, resent };
}

export interface OutboxRelay {
  stop(): Promise<void>;
  /** Resolves once the relay has drained everything currently in the outbox. */
  idle(): Promise<void>;
}

/**
 * Runs the relay until stopped: wakes on the profile service's NOTIFY (so a write is relayed within
 * milliseconds) and polls every `intervalMs` as a safety net. Errors (Redis or Postgres down) are logged and
 * retried with backoff; rows stay unsent meanwhile.
 */
export function startOutboxRelay(options: {
  db: Kysely<Database>;
  databaseUrl: string;
  queue: Queue<IndexProfilesPayload>;
  batchSize: number;
  intervalMs: number;
  /** Batches relayed this long ago and still not acknowledged are checked in Redis and re-sent if lost. */
  redeliverAfterMs: number;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** Called when Redis had lost batches: whatever else lived only in Redis (job schedulers) is gone too. */
  onRedisLoss?: () => void;
}): OutboxRelay {
  let stopped = false;
  let wake: (() => void) | undefined;
  let idleWaiters: (() => void)[] = [];
  let listener: pg.Client | undefined;

  const connectListener = async () => {
    try {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on('notification', () => wake?.());
      client.on('error', () => {
        listener = undefined;
        setTimeout(() => void (stopped || connectListener()), 1000);
      });
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      listener = client;
    } catch (error) {
      options.log('outbox relay: LISTEN failed, polling only', { err: (error as Error).message });
      setTimeout(() => void (stopped || connectListener()), 2000);
    }
  };

  // Looked for at a quarter of the age limit, so a lost batch is re-sent between 1x and 1.25x that age.
  const redeliveryEveryMs = Math.max(options.intervalMs, Math.floor(options.redeliverAfterMs / 4));
  let nextRedelivery = Date.now() + redeliveryEveryMs;
  const redeliverIfDue = async () => {
    if (Date.now() < nextRedelivery) return;
    nextRedelivery = Date.now() + redeliveryEveryMs;
    const result = await handleRedeliverLostBatches(options.db, options.queue, {
      olderThanMs: options.redeliverAfterMs,
    });
    if (result.resent > 0) {
      options.log('outbox relay: re-sent batches Redis did not hold', { ...result });
      options.onRedisLoss?.();
    }
  };

  const loop = async () => {
    let backoff = options.intervalMs;
    while (!stopped) {
      try {
        await redeliverIfDue();
        const result = await handleRelayOutbox(options.db, options.queue, options.batchSize);
        backoff = options.intervalMs;
        if (result.rows === options.batchSize) continue; // more waiting: no pause
        const waiters = idleWaiters;
        idleWaiters = [];
        waiters.forEach((w) => w());
      } catch (error) {
        options.log('outbox relay: batch failed, will retry', { err: (error as Error).message });
        backoff = Math.min(backoff * 2, 10_000);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  };

  void connectListener();
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await running;
      await listener?.end().catch(() => {});
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake?.();
      });
    },
  };
}
