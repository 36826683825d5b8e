import { randomUUID } from 'node:crypto';
import { QUEUES, WEEKLY_MAIL_JOB_OPTIONS, WEEKLY_SAVED_SEARCH_MAIL } from '@mp/indexer/queues';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { loadServicesConfig } from '../services/config';
import { enqueueWeeklyMail } from './weekly-mail.service';

// `npm run mail:weekly` adds the job the indexer's scheduler adds: same queue, name and retry options, with the
// replayed instant. A prefix of its own keeps the running indexer from taking it.
const config = { redisUrl: loadServicesConfig().REDIS_URL, prefix: `weekly-mail-test-${randomUUID()}` };
const queue = new Queue(QUEUES.savedSearchMail, {
  connection: { url: config.redisUrl },
  prefix: config.prefix,
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
});

describe('npm run mail:weekly', () => {
  it('queues the weekly saved-search mail for the given week', async () => {
    const job = await enqueueWeeklyMail(config, '2026-11-23T08:00:00.000Z');
    const stored = await queue.getJob(job.id!);
    expect(stored?.name).toBe(WEEKLY_SAVED_SEARCH_MAIL);
    expect(stored?.data).toEqual({ now: '2026-11-23T08:00:00.000Z' });
    expect(stored?.opts.attempts).toBe(WEEKLY_MAIL_JOB_OPTIONS.attempts);
    expect(await queue.getWaitingCount()).toBe(1);
  });

  it('queues the current week without --now, and refuses an instant that is not ISO', async () => {
    const job = await enqueueWeeklyMail(config);
    expect((await queue.getJob(job.id!))?.data).toEqual({});
    await expect(enqueueWeeklyMail(config, 'next monday')).rejects.toThrow('--now must be an ISO instant');
  });
});
