/**
 * `npm run mail:weekly -- [--now <ISO instant>] [--no-wait] [--pick-up-timeout <seconds>]`: runs the weekly
 * saved-search mail now, through the running indexer (its database, PUBLIC_URL and SMTP), instead of waiting
 * for Monday's schedule. `--now` replays the week holding that instant. Waits for the run and prints what it
 * did unless `--no-wait`: exit 0 when it completed, 1 when it failed or did not finish in time, 2 when no
 * indexer took it within `--pick-up-timeout` (default 60 s; the job stays queued for the next indexer).
 */
import { parseArgs } from 'node:util';
import { loadIndexerConfig } from '@mp/indexer/config';
import { enqueueWeeklyMail, runWeeklyMail, type WeeklyMailOutcome } from './weekly-mail.service';

/** A run over thousands of searches takes a while; longer than this something is wrong. */
const FINISH_MS = 5 * 60_000;
const DEFAULT_PICK_UP_SECONDS = 60;

const { values } = parseArgs({
  options: {
    now: { type: 'string' },
    wait: { type: 'boolean', default: true },
    'pick-up-timeout': { type: 'string' },
  },
  allowNegative: true,
});

/** `{ period, sent, ... }` of the indexer's job as one line; anything else as JSON. */
function describeResult(result: unknown): string {
  const r = result as Partial<Record<string, unknown>> | null;
  if (!r || typeof r !== 'object' || typeof r.period !== 'string') return JSON.stringify(result);
  return (
    `week ${r.period}: ${String(r.sent)} mail(s) sent, ${String(r.nothingNew)} search(es) with nothing new, ` +
    `${String(r.alreadyClaimed)} already mailed this week, ${String(r.invalid)} invalid, ${String(r.failed)} failed`
  );
}

function report(outcome: WeeklyMailOutcome, pickUpSeconds: number): number {
  switch (outcome.status) {
    case 'completed':
      console.log(`weekly mail: job ${outcome.jobId} done – ${describeResult(outcome.result)}`);
      return 0;
    case 'failed':
      console.error(
        `mail:weekly: job ${outcome.jobId} failed: ${outcome.reason}` +
          (outcome.willRetry
            ? ' (the indexer retries it later; searches already mailed are not mailed again)'
            : ''),
      );
      return 1;
    case 'not-picked-up':
      console.error(
        `mail:weekly: no indexer took job ${outcome.jobId} within ${pickUpSeconds} s – is the indexer running ` +
          '(npm start)? The job stays queued and runs when an indexer starts.',
      );
      return 2;
    case 'not-finished':
      console.error(
        `mail:weekly: job ${outcome.jobId} did not finish within ${FINISH_MS / 60_000} minutes; ` +
          'it goes on running in the indexer (see its log).',
      );
      return 1;
  }
}

async function main(): Promise<number> {
  const config = loadIndexerConfig();
  const queueConfig = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX };
  const queuedLine = (jobId: string | undefined) =>
    `weekly mail: job ${jobId} queued${values.now ? ` for the week of ${values.now}` : ''}`;
  if (!values.wait) {
    const job = await enqueueWeeklyMail(queueConfig, values.now);
    console.log(queuedLine(job.id));
    return 0;
  }
  const pickUpSeconds = Number(values['pick-up-timeout'] ?? DEFAULT_PICK_UP_SECONDS);
  if (!Number.isFinite(pickUpSeconds) || pickUpSeconds <= 0)
    throw new Error(`--pick-up-timeout must be a number of seconds (got ${values['pick-up-timeout']})`);
  const outcome = await runWeeklyMail(queueConfig, {
    now: values.now,
    pickUpMs: pickUpSeconds * 1000,
    finishMs: FINISH_MS,
    onQueued: (jobId) => {
      console.log(queuedLine(jobId));
      console.log('waiting for the indexer to run it (npm start runs the indexer)…');
    },
  });
  return report(outcome, pickUpSeconds);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`mail:weekly: ${error.message}`);
    process.exitCode = 1;
  },
);
