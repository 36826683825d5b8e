import { z } from 'zod';

/** Queue names and their job payloads: one map, so producers and handlers cannot drift apart. */
export const QUEUES = {
  indexProfiles: 'index-profiles',
  /** Scheduled jobs: the weekly saved-search e-mail. */
  savedSearchMail: 'saved-search-mail',
  /** Scheduled: compare Postgres with the index and re-index what drifted. */
  repairIndex: 'repair-index',
  /** Scheduled jobs: the daily retention purge (docs/retention.md). */
  retention: 'retention',
} as const;

export const indexProfilesPayloadSchema = z.object({
  /** Users whose search documents must be brought up to date with Postgres. */
  userIds: z.array(z.uuid()).min(1).max(5000),
  /** First and last outbox row this job covers (for tracing). */
  outboxIds: z.tuple([z.number().int(), z.number().int()]),
  /** The relay batch: the job acknowledges its outbox rows (`acked_at`) once they are indexed. */
  batchId: z.number().int().positive().optional(),
});
export type IndexProfilesPayload = z.infer<typeof indexProfilesPayloadSchema>;

/** Retries with exponential backoff: an Elasticsearch outage delays indexing but loses nothing. */
export const INDEX_JOB_OPTIONS = {
  // With the capped backoff below this keeps retrying for about 45 minutes: an Elasticsearch outage of that
  // length delays indexing but loses nothing (and `npm run reindex -- --verify` reports anything older).
  attempts: 100,
  backoff: { type: 'capped-exponential' },
  // Completed jobs are kept for a while so a re-sent batch with the same id is recognised as a duplicate.
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Exponential from 500 ms, capped at 30 s, so a recovered Elasticsearch is used again within seconds. */
export function indexRetryDelay(attemptsMade: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attemptsMade - 1));
}

/** Job name and job scheduler id of the weekly saved-search e-mail (one scheduler however many workers). */
export const WEEKLY_SAVED_SEARCH_MAIL = 'weekly-saved-search-mail';

export const weeklySavedSearchMailPayloadSchema = z.object({
  /**
   * The instant whose ISO week (Swedish calendar) is mailed, for an operator replaying a week; the scheduler
   * leaves it out and the job uses the time it runs.
   */
  now: z.iso.datetime({ offset: true }).optional(),
});
export type WeeklySavedSearchMailPayload = z.infer<typeof weeklySavedSearchMailPayloadSchema>;

/**
 * A failed run (Elasticsearch or SMTP down) is retried; searches already mailed that week are skipped by
 * their (saved search, week) row, so a retry only does what is left.
 */
export const WEEKLY_MAIL_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 60_000 },
  removeOnComplete: { age: 30 * 24 * 3600, count: 100 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/** Job name and job scheduler id of the verify-and-repair run. */
export const REPAIR_INDEX = 'repair-index';

export const repairIndexPayloadSchema = z.object({});
export type RepairIndexPayload = z.infer<typeof repairIndexPayloadSchema>;

/** A run that fails (Elasticsearch or Postgres down) is retried a few times; the next scheduled run follows. */
export const REPAIR_INDEX_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Job name and job scheduler id of the daily retention purge (one scheduler however many workers). */
export const RETENTION = 'retention';

export const retentionPayloadSchema = z.object({
  /** The instant the cutoffs are computed from (a replay, or a test's simulated clock); default: now. */
  now: z.iso.datetime({ offset: true }).optional(),
});
export type RetentionPayload = z.infer<typeof retentionPayloadSchema>;

/** Retried like the weekly mail; each run only does what is left, so a retry is harmless. */
export const RETENTION_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 60_000 },
  removeOnComplete: { age: 30 * 24 * 3600, count: 100 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;
