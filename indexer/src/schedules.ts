import type { Queue } from 'bullmq';
import type { IndexerConfig } from './config';
import {
  REPAIR_INDEX,
  REPAIR_INDEX_JOB_OPTIONS,
  type RepairIndexPayload,
  RETENTION,
  RETENTION_JOB_OPTIONS,
  type RetentionPayload,
  WEEKLY_MAIL_JOB_OPTIONS,
  WEEKLY_SAVED_SEARCH_MAIL,
  type WeeklySavedSearchMailPayload,
} from './queues';

/**
 * Registers (or updates) the weekly saved-search mail's BullMQ job scheduler. Upserting by a fixed id keeps
 * one schedule however many workers start; an empty pattern removes it.
 */
export async function scheduleWeeklySavedSearchMail(
  queue: Queue<WeeklySavedSearchMailPayload>,
  config: Pick<IndexerConfig, 'WEEKLY_MAIL_PATTERN' | 'WEEKLY_MAIL_TZ'>,
): Promise<void> {
  if (config.WEEKLY_MAIL_PATTERN.trim() === '') {
    await queue.removeJobScheduler(WEEKLY_SAVED_SEARCH_MAIL);
    return;
  }
  await queue.upsertJobScheduler(
    WEEKLY_SAVED_SEARCH_MAIL,
    { pattern: config.WEEKLY_MAIL_PATTERN, tz: config.WEEKLY_MAIL_TZ },
    { name: WEEKLY_SAVED_SEARCH_MAIL, data: {}, opts: WEEKLY_MAIL_JOB_OPTIONS },
  );
}

/**
 * Registers (or updates) the verify-and-repair job scheduler: every `INDEX_REPAIR_PATTERN` one worker compares
 * Postgres with the index and re-indexes the profiles that drifted. An empty pattern removes it.
 */
export async function scheduleIndexRepair(
  queue: Queue<RepairIndexPayload>,
  config: Pick<IndexerConfig, 'INDEX_REPAIR_PATTERN'>,
): Promise<void> {
  if (config.INDEX_REPAIR_PATTERN.trim() === '') {
    await queue.removeJobScheduler(REPAIR_INDEX);
    return;
  }
  await queue.upsertJobScheduler(
    REPAIR_INDEX,
    { pattern: config.INDEX_REPAIR_PATTERN },
    { name: REPAIR_INDEX, data: {}, opts: REPAIR_INDEX_JOB_OPTIONS },
  );
}

/** Registers (or updates) the daily retention purge's job scheduler; an empty pattern removes it. */
export async function scheduleRetention(
  queue: Queue<RetentionPayload>,
  config: Pick<IndexerConfig, 'RETENTION_PATTERN' | 'WEEKLY_MAIL_TZ'>,
): Promise<void> {
  if (config.RETENTION_PATTERN.trim() === '') {
    await queue.removeJobScheduler(RETENTION);
    return;
  }
  await queue.upsertJobScheduler(
    RETENTION,
    { pattern: config.RETENTION_PATTERN, tz: config.WEEKLY_MAIL_TZ },
    { name: RETENTION, data: {}, opts: RETENTION_JOB_OPTIONS },
  );
}
