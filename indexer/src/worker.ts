import { Client } from '@elastic/elasticsearch';
import { createDatabase } from '@mp/migrations/db';
import { createVocabularyCache } from '@mp/migrations/vocabulary-store';
import { installVocabularies, MAPPING_VERSION } from '@mp/search-schema';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import pLimit from 'p-limit';
import { loadIndexerConfig, type IndexerConfig } from './config';
import { handleIndexProfiles } from './jobs/index-profiles.job';
import { startOutboxRelay } from './jobs/relay-outbox.job';
import { handleRepairIndex } from './jobs/repair-index.job';
import { handleRetention } from './jobs/retention.job';
import { handleWeeklySavedSearchMail } from './jobs/weekly-saved-search-mail.job';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import {
  indexProfilesPayloadSchema,
  indexRetryDelay,
  QUEUES,
  repairIndexPayloadSchema,
  retentionPayloadSchema,
  type RetentionPayload,
  weeklySavedSearchMailPayloadSchema,
  type IndexProfilesPayload,
  type RepairIndexPayload,
  type WeeklySavedSearchMailPayload,
} from './queues';
import { assertRedisKeepsJobs } from './redis-check';
import { scheduleIndexRepair, scheduleRetention, scheduleWeeklySavedSearchMail } from './schedules';
import { createRefreshCoalescer, ensureSearchIndex, isIndexOutdated } from './search-index';

type LogLevel = 'info' | 'warn' | 'error';
type Log = (level: LogLevel, message: string, data?: Record<string, unknown>) => void;

const logWith =
  (logger: Logger): Log =>
  (level, message, data = {}) =>
    logger[level](data, message);

export interface RunningIndexer {
  close(): Promise<void>;
  relayIdle(): Promise<void>;
}

/**
 * Starts the outbox relay, the indexing worker and the scheduled jobs' workers (the weekly saved-search mail
 * and the verify-and-repair run, whose job schedulers are upserted here: one schedule however many indexers
 * run). Refuses a Redis that may evict keys. All survive Elasticsearch, Redis or Postgres outages: failed jobs
 * retry with backoff, outbox rows stay in Postgres until their batch is indexed (and are re-sent if Redis
 * loses it).
 */
export async function startIndexer(config: IndexerConfig): Promise<RunningIndexer> {
  const log = logWith(createLogger(config.LOG_LEVEL));
  const durability = await assertRedisKeepsJobs(config.REDIS_URL);
  if (!durability.appendOnly)
    log(
      'warn',
      'Redis has no append-only file: a restart loses queued jobs until the relay re-sends them',
      {},
    );
  const jobConcurrency = config.INDEXER_CONCURRENCY + config.INDEXER_JOBS_AHEAD;
  const db = createDatabase(config.DATABASE_URL, { maxConnections: jobConcurrency + 2 });
  const search = new Client({ node: config.ELASTICSEARCH_URL, requestTimeout: 30_000 });
  const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
  const queue = new Queue<IndexProfilesPayload>(QUEUES.indexProfiles, {
    connection,
    prefix: config.QUEUE_PREFIX,
  });

  // The alias must exist before writes succeed (they require it, so nothing lands in a stray index). It is
  // ensured in the background: until Elasticsearch answers, jobs fail and retry with backoff. The index worker
  // starts taking jobs once the first attempt has ended, so that a first start (`npm run demo`) does not fail
  // its first batches against an alias about to be created.
  let firstAttemptEnded: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => (firstAttemptEnded = resolve));
  void (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        const index = await ensureSearchIndex(search, config.SEARCH_INDEX_ALIAS);
        firstAttemptEnded();
        if (await isIndexOutdated(search, index)) {
          log('warn', "the search index is older than this build's mapping: run `npm run reindex`", {
            index,
            mappingVersion: MAPPING_VERSION,
          });
        }
        return;
      } catch (error) {
        firstAttemptEnded();
        if (attempt === 1) log('warn', 'search index not ready, retrying', { err: (error as Error).message });
        await new Promise((r) => setTimeout(r, Math.min(1000 * attempt, 10_000)));
      }
    }
  })();

  // The vocabularies the documents are built with: the database's, checked before every batch.
  const vocabularies = createVocabularyCache(db, (loaded, revision) => {
    if (Object.values(loaded).some((vocabulary) => vocabulary.entries.length > 0))
      installVocabularies(loaded, revision, config.DATABASE_URL);
  });
  await vocabularies
    .reload()
    .catch((error: unknown) => log('warn', 'vocabularies not loaded yet', { err: (error as Error).message }));
  const indexDeps = {
    db,
    search,
    alias: config.SEARCH_INDEX_ALIAS,
    vocabularies,
    writeSlot: pLimit(config.INDEXER_CONCURRENCY),
    fastRefresh:
      config.INDEX_FAST_REFRESH_MAX_BATCH > 0
        ? {
            maxBatch: config.INDEX_FAST_REFRESH_MAX_BATCH,
            refresher: createRefreshCoalescer(search, config.SEARCH_INDEX_ALIAS, {
              minIntervalMs: config.INDEX_FAST_REFRESH_MIN_INTERVAL_MS,
            }),
          }
        : undefined,
  };
  const worker = new Worker<IndexProfilesPayload>(
    QUEUES.indexProfiles,
    async (job) => {
      const parsed = indexProfilesPayloadSchema.safeParse(job.data);
      // A malformed payload will never succeed: fail it without retries.
      if (!parsed.success) throw new UnrecoverableError(`bad payload: ${parsed.error.message}`);
      return handleIndexProfiles(indexDeps, parsed.data, (userIds) =>
        job.updateData({ ...parsed.data, userIds }),
      );
    },
    {
      connection,
      prefix: config.QUEUE_PREFIX,
      concurrency: jobConcurrency,
      settings: { backoffStrategy: (attemptsMade: number) => indexRetryDelay(attemptsMade) },
      // A worker that dies mid-job loses its lock after INDEX_JOB_LOCK_MS (15 s); another worker takes the job
      // over within the next check (5 s). Running a job twice is harmless (external versions).
      lockDuration: config.INDEX_JOB_LOCK_MS,
      stalledInterval: Math.round(config.INDEX_JOB_LOCK_MS / 3),
      autorun: false,
    },
  );
  // `run` returns when the worker closes; a close before the first attempt ends makes it return at once.
  void firstAttempt
    .then(() => worker.run())
    .catch((error: unknown) => log('error', 'worker error', { err: (error as Error).message }));
  worker.on('failed', (job, error) =>
    log('warn', 'index job failed', { jobId: job?.id, attempts: job?.attemptsMade, err: error.message }),
  );
  worker.on('error', (error) => log('error', 'worker error', { err: error.message }));

  const mailer = createMailer(config);
  const mailQueue = new Queue<WeeklySavedSearchMailPayload>(QUEUES.savedSearchMail, {
    connection,
    prefix: config.QUEUE_PREFIX,
  });
  const repairQueue = new Queue<RepairIndexPayload>(QUEUES.repairIndex, {
    connection,
    prefix: config.QUEUE_PREFIX,
  });
  // In the background like the alias above: with Redis down, the upsert waits for it instead of the start.
  // Run again when the relay finds that Redis lost jobs: the schedulers were lost with them.
  const schedule = () => {
    void scheduleWeeklySavedSearchMail(mailQueue, config).catch((error: unknown) =>
      log('error', 'could not schedule the weekly saved-search mail', { err: (error as Error).message }),
    );
    void scheduleIndexRepair(repairQueue, config).catch((error: unknown) =>
      log('error', 'could not schedule the index repair', { err: (error as Error).message }),
    );
  };
  schedule();
  const mailWorker = new Worker<WeeklySavedSearchMailPayload>(
    QUEUES.savedSearchMail,
    async (job) => {
      const parsed = weeklySavedSearchMailPayloadSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`bad payload: ${parsed.error.message}`);
      return handleWeeklySavedSearchMail(
        {
          db,
          search,
          alias: config.SEARCH_INDEX_ALIAS,
          mailer,
          publicUrl: config.PUBLIC_URL,
          apiBaseUrl: config.API_BASE_URL,
          concurrency: config.WEEKLY_MAIL_CONCURRENCY,
          log,
        },
        parsed.data,
      );
    },
    { connection, prefix: config.QUEUE_PREFIX, concurrency: 1 },
  );
  mailWorker.on('failed', (job, error) =>
    log('warn', 'weekly mail job failed', {
      jobId: job?.id,
      attempts: job?.attemptsMade,
      err: error.message,
    }),
  );
  mailWorker.on('error', (error) => log('error', 'mail worker error', { err: error.message }));

  const repairWorker = new Worker<RepairIndexPayload>(
    QUEUES.repairIndex,
    async (job) => {
      const parsed = repairIndexPayloadSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`bad payload: ${parsed.error.message}`);
      const result = await handleRepairIndex({
        db,
        search,
        alias: config.SEARCH_INDEX_ALIAS,
        vocabularies,
      });
      if (result.missing + result.extra + result.stale > 0)
        log('warn', 'index drift repaired', { ...result });
      return result;
    },
    // Long runs (a full comparison) must not be taken for stalled.
    { connection, prefix: config.QUEUE_PREFIX, concurrency: 1, lockDuration: 120_000 },
  );
  repairWorker.on('failed', (job, error) =>
    log('warn', 'index repair failed', { jobId: job?.id, attempts: job?.attemptsMade, err: error.message }),
  );
  repairWorker.on('error', (error) => log('error', 'repair worker error', { err: error.message }));
  // The daily retention purge (docs/retention.md), on its own queue and scheduler.
  const retentionQueue = new Queue<RetentionPayload>(QUEUES.retention, {
    connection,
    prefix: config.QUEUE_PREFIX,
  });
  void scheduleRetention(retentionQueue, config).catch((error: unknown) =>
    log('error', 'could not schedule the retention purge', { err: (error as Error).message }),
  );
  const retentionWorker = new Worker<RetentionPayload>(
    QUEUES.retention,
    async (job) => {
      const parsed = retentionPayloadSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`bad payload: ${parsed.error.message}`);
      const result = await handleRetention({ db }, parsed.data);
      log('info', 'retention purge done', { ...result });
      return result;
    },
    { connection, prefix: config.QUEUE_PREFIX, concurrency: 1 },
  );
  retentionWorker.on('failed', (job, error) =>
    log('warn', 'retention job failed', { jobId: job?.id, attempts: job?.attemptsMade, err: error.message }),
  );
  retentionWorker.on('error', (error) => log('error', 'retention worker error', { err: error.message }));

  const relay = startOutboxRelay({
    db,
    databaseUrl: config.DATABASE_URL,
    queue,
    batchSize: config.RELAY_BATCH_SIZE,
    intervalMs: config.RELAY_INTERVAL_MS,
    redeliverAfterMs: config.OUTBOX_REDELIVER_AFTER_MS,
    log: (message, data) => log('warn', message, data),
    onRedisLoss: schedule,
  });
  log('info', 'indexer started', {
    alias: config.SEARCH_INDEX_ALIAS,
    concurrency: config.INDEXER_CONCURRENCY,
  });

  return {
    relayIdle: () => relay.idle(),
    async close() {
      // Stop taking work, let running jobs finish, then close connections.
      await relay.stop();
      await worker.close();
      await mailWorker.close();
      await repairWorker.close();
      await queue.close();
      await mailQueue.close();
      await repairQueue.close();
      await retentionWorker.close();
      await retentionQueue.close();
      mailer.close();
      await search.close();
      await db.destroy();
    },
  };
}

async function main() {
  const config = loadIndexerConfig();
  const log = logWith(createLogger(config.LOG_LEVEL));
  let closing = false;
  const started: { indexer?: RunningIndexer } = {};
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      log('info', 'shutting down', { signal });
      (started.indexer?.close() ?? Promise.resolve()).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  started.indexer = await startIndexer(config);
  if (closing) await started.indexer.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    logWith(createLogger('error'))('error', 'indexer failed to start', { err: (error as Error).message });
    process.exit(1);
  });
}
