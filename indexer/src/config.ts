import { z } from 'zod';

const envSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/marketplace'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  ELASTICSEARCH_URL: z.url().default('http://127.0.0.1:9200'),
  SEARCH_INDEX_ALIAS: z.string().default('consultants'),
  /** Prefix of BullMQ queue names, so tests and several deployments can share one Redis. */
  QUEUE_PREFIX: z.string().default('bull'),
  /** Bulk writes to Elasticsearch in flight at once per indexer process. */
  INDEXER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /**
   * Index jobs a process holds beyond `INDEXER_CONCURRENCY`: they read their profiles from Postgres, build the
   * documents and acknowledge their outbox batch while the writes run, so under a heavy load Elasticsearch
   * always has the next batch ready (0: each job waits for its own reads and acknowledgement).
   */
  INDEXER_JOBS_AHEAD: z.coerce.number().int().nonnegative().default(2),
  RELAY_BATCH_SIZE: z.coerce.number().int().positive().default(1000),
  RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(200),
  /**
   * A relayed outbox batch not acknowledged (indexed) after this long is looked up in Redis and sent again if
   * Redis no longer has its job (a Redis restart without persistence, a flush) or the job gave up.
   */
  OUTBOX_REDELIVER_AFTER_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Batches of at most this many profiles (a few edits, not a bulk load) are refreshed into search at once,
   * coalesced to one refresh at a time at most every `INDEX_FAST_REFRESH_MIN_INTERVAL_MS`; larger batches wait
   * for the index's own 1 s refresh. 0 turns it off.
   */
  /**
   * An index job's lock: a worker that dies mid-job loses it after this long, and another worker takes the job
   * over within the next check (a third of it).
   */
  INDEX_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(15_000),
  INDEX_FAST_REFRESH_MAX_BATCH: z.coerce.number().int().nonnegative().default(100),
  INDEX_FAST_REFRESH_MIN_INTERVAL_MS: z.coerce.number().int().nonnegative().default(100),
  /** Cron pattern of the verify-and-repair job (default every 15 minutes); '' turns it off. */
  INDEX_REPAIR_PATTERN: z.string().default('*/15 * * * *'),

  // ---- the weekly saved-search e-mail ----
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Konsultmarknaden <noreply@konsultmarknaden.se>'),
  /** The web app's public base URL: mails link to `${PUBLIC_URL}/<lang>/...`. */
  PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
  /**
   * The API's public base URL, as the API's own API_BASE_URL (default `${PUBLIC_URL}/api`): the weekly mail's
   * one-click unsubscribe (`List-Unsubscribe`) posts to it.
   */
  API_BASE_URL: z.url().optional(),
  /** Cron pattern and time zone of the weekly mail (default Mondays 07:00 Swedish time); '' turns it off. */
  WEEKLY_MAIL_PATTERN: z.string().default('0 7 * * 1'),
  WEEKLY_MAIL_TZ: z.string().default('Europe/Stockholm'),
  /** Cron pattern of the daily retention purge (docs/retention.md; time zone WEEKLY_MAIL_TZ); '' turns it off. */
  RETENTION_PATTERN: z.string().default('30 3 * * *'),
  /** Saved searches processed in parallel by one run of the weekly job. */
  WEEKLY_MAIL_CONCURRENCY: z.coerce.number().int().positive().default(4),
});

export type IndexerConfig = Readonly<z.infer<typeof envSchema>>;

/** Parses the environment once at boot, listing every bad variable. */
export function loadIndexerConfig(env: NodeJS.ProcessEnv = process.env): IndexerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment for the indexer:\n${lines.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}
