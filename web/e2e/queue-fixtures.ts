import { Queue } from 'bullmq';

/**
 * The BullMQ key prefix of one browser-test run. The run's API, its indexer and the commerce worker a journey
 * starts all use it, so no other server on the same Redis (`npm run demo`, another run) takes their jobs.
 */
export function runQueuePrefix(): string {
  return `e2e-${process.pid}-${Date.now().toString(36)}`;
}

/** Removes every key of the named queues under the run's prefix: the run's queues are of no use afterwards. */
export async function dropQueues(redisUrl: string, prefix: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const queue = new Queue(name, { connection: { url: redisUrl }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
}
