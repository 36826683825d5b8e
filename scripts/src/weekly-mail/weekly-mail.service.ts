import {
  QUEUES,
  WEEKLY_MAIL_JOB_OPTIONS,
  WEEKLY_SAVED_SEARCH_MAIL,
  weeklySavedSearchMailPayloadSchema,
  type WeeklySavedSearchMailPayload,
} from '@mp/indexer/queues';
import { Queue, type Job } from 'bullmq';

/**
 * Adds one run of the weekly saved-search mail to the indexer's queue, as its scheduler does: the running
 * indexer takes it, so the mails are built from the app's database and link to the app's PUBLIC_URL. `now`
 * (an ISO instant) replays that week; without it the run mails the current week. Only searches without a
 * mailing row for that week are mailed, so running it twice sends nothing twice.
 */
export async function enqueueWeeklyMail(
  queueConfig: { redisUrl: string; prefix: string },
  now?: string,
): Promise<Job<WeeklySavedSearchMailPayload>> {
  const parsed = weeklySavedSearchMailPayloadSchema.safeParse(now === undefined ? {} : { now });
  if (!parsed.success)
    throw new Error(`--now must be an ISO instant with an offset, e.g. 2026-11-23T08:00:00Z (got ${now})`);
  const payload = parsed.data;
  const queue = new Queue<WeeklySavedSearchMailPayload>(QUEUES.savedSearchMail, {
    connection: { url: queueConfig.redisUrl },
    prefix: queueConfig.prefix,
  });
  try {
    return await queue.add(WEEKLY_SAVED_SEARCH_MAIL, payload, WEEKLY_MAIL_JOB_OPTIONS);
  } finally {
    await queue.close();
  }
}
