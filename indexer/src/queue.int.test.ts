import { Queue, QueueEvents, Worker } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { loadIndexerConfig } from './config';

const config = loadIndexerConfig();
const connection = { url: config.REDIS_URL };
const queueName = `it-roundtrip-${process.pid}-${Date.now()}`;
const queue = new Queue(queueName, { connection });
const events = new QueueEvents(queueName, { connection });

afterAll(async () => {
  await queue.obliterate({ force: true });
  await Promise.all([queue.close(), events.close()]);
});

describe('BullMQ on the real Redis', () => {
  it('round-trips a job from producer to worker and back', async () => {
    const worker = new Worker<{ n: number }, { doubled: number }>(
      queueName,
      async (job) => ({ doubled: job.data.n * 2 }),
      { connection },
    );
    try {
      await events.waitUntilReady();
      const job = await queue.add('double', { n: 21 }, { jobId: 'double-21' });
      // A deterministic job id means a second add of the same id is a no-op, not a duplicate.
      await queue.add('double', { n: 21 }, { jobId: 'double-21' });
      const result = await job.waitUntilFinished(events, 10_000);
      expect(result).toEqual({ doubled: 42 });
      expect(await queue.getJobCounts('completed', 'waiting')).toEqual({ completed: 1, waiting: 0 });
    } finally {
      await worker.close();
    }
  });
});
