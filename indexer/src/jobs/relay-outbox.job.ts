import type { Database } from '@mp/migrations/database';
import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { INDEX_JOB_OPTIONS, indexProfilesJobId, OUTBOX_CHANNEL, type IndexProfilesPayload } from '../queues';

export interface RelayResult {
  rows: number;
  jobs: number;
}

/**
 * Moves one batch of committed, unsent outbox rows into BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED
 * (several relays never send the same row), enqueued, and marked sent in the same transaction: a crash
 * before the commit leaves them unsent, so they are sent again (deterministic job ids absorb that), never lost.
 */
export async function handleRelayOutbox(
  db: Kysely<Database>,
  queue: Queue<IndexProfilesPayload>,
  batchSize: number,
): Promise<RelayResult> {
  return db.transaction().execute(async (trx) => {
    // Claim and mark in one statement (one pass over the rows instead of a locking read and then an update);
    // the rows stay locked, and unsent for everyone else, until the commit after the enqueue below.
    const { rows: claimed } = await sql<{ id: number; aggregate_type: string; aggregate_id: string }>`
      UPDATE outbox SET sent_at = now(), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING id, aggregate_type, aggregate_id`.execute(trx);
    if (claimed.length === 0) return { rows: 0, jobs: 0 };
    const rows = claimed.sort((a, b) => a.id - b.id);

    const profileRows = rows.filter((r) => r.aggregate_type === 'profile');
    let jobs = 0;
    if (profileRows.length > 0) {
      const userIds = [...new Set(profileRows.map((r) => r.aggregate_id))];
      const first = profileRows[0]!.id;
      const last = profileRows[profileRows.length - 1]!.id;
      await queue.add(
        'index-profiles',
        { userIds, outboxIds: [first, last] },
        { ...INDEX_JOB_OPTIONS, jobId: indexProfilesJobId(first, last) },
      );
      jobs = 1;
    }
    return { rows: rows.length, jobs };
  });
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
  log: (message: string, data?: Record<string, unknown>) => void;
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

  const loop = async () => {
    let backoff = options.intervalMs;
    while (!stopped) {
      try {
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
