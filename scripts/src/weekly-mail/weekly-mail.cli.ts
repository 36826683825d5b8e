/**
 * `npm run mail:weekly -- [--now <ISO instant>] [--no-wait]`: runs the weekly saved-search mail now, through the
 * running indexer (its database, PUBLIC_URL and SMTP), instead of waiting for Monday's schedule. `--now` replays
 * the week holding that instant. Waits for the run and prints what it did unless `--no-wait`.
 */
import { parseArgs } from 'node:util';
import { loadIndexerConfig } from '@mp/indexer/config';
import { QUEUES } from '@mp/indexer/queues';
import { QueueEvents } from 'bullmq';
import { enqueueWeeklyMail } from './weekly-mail.service';

/** A run over thousands of searches takes a while; longer than this the indexer is most likely not running. */
const WAIT_MS = 5 * 60_000;

const { values } = parseArgs({
  options: { now: { type: 'string' }, wait: { type: 'boolean', default: true } },
  allowNegative: true,
});

async function main(): Promise<void> {
  const config = loadIndexerConfig();
  const queueConfig = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX };
  const events = values.wait
    ? new QueueEvents(QUEUES.savedSearchMail, {
        connection: { url: config.REDIS_URL },
        prefix: config.QUEUE_PREFIX,
      })
    : undefined;
  try {
    await events?.waitUntilReady();
    const job = await enqueueWeeklyMail(queueConfig, values.now);
    console.log(`weekly mail: job ${job.id} queued${values.now ? ` for the week of ${values.now}` : ''}`);
    if (!events) return;
    console.log('waiting for the indexer to run it (npm start runs the indexer)…');
    const result: unknown = await job.waitUntilFinished(events, WAIT_MS);
    console.log(`weekly mail: done ${JSON.stringify(result)}`);
  } finally {
    await events?.close();
  }
}

main().catch((error: Error) => {
  console.error(`mail:weekly: ${error.message}`);
  process.exitCode = 1;
});
