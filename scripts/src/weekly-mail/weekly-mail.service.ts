import {
  QUEUES,
  WEEKLY_MAIL_JOB_OPTIONS,
  WEEKLY_SAVED_SEARCH_MAIL,
  weeklySavedSearchMailPayloadSchema,
  type WeeklySavedSearchMailPayload,
} from '@mp/indexer/queues';
import { Queue, QueueEvents, type Job } from 'bullmq';

type QueueConfig = { redisUrl: string; prefix: string };

function parsePayload(now: string | undefined): WeeklySavedSearchMailPayload {
  const parsed = weeklySavedSearchMailPayloadSchema.safeParse(now === undefined ? {} : { now });
  if (!parsed.success)
    throw new Error(`--now must be an ISO instant with an offset, e.g. 2026-11-23T08:00:00Z (got ${now})`);
  return parsed.data;
}

const addJob = (queue: Queue<WeeklySavedSearchMailPayload>, payload: WeeklySavedSearchMailPayload) =>
  queue.add(WEEKLY_SAVED_SEARCH_MAIL, payload, WEEKLY_MAIL_JOB_OPTIONS);

/**
 * Adds one run of the weekly saved-search mail to the indexer's queue, as its scheduler does: the running
 * indexer takes it, so the mails are built from the app's database and link to the app's PUBLIC_URL. `now`
 * (an ISO instant) replays that week; without it the run mails the current week. Only searches without a
 * mailing row for that week are mailed, so running it twice sends nothing twice.
 */
export async function enqueueWeeklyMail(
  queueConfig: QueueConfig,
  now?: string,
): Promise<Job<WeeklySavedSearchMailPayload>> {
  const payload = parsePayload(now);
  const queue = new Queue<WeeklySavedSearchMailPayload>(QUEUES.savedSearchMail, {
    connection: { url: queueConfig.redisUrl },
    prefix: queueConfig.prefix,
  });
  try {
    return await addJob(queue, payload);
  } finally {
    await queue.close();
  }
}

/** How a run waited for ended. */
export type WeeklyMailOutcome =
  | { status: 'completed'; jobId: string; result: unknown }
  /** The run failed; BullMQ retries it later (`willRetry`) or has given up. */
  | { status: 'failed'; jobId: string; reason: string; willRetry: boolean }
  /** No indexer took the job within `pickUpMs`: it stays queued for the next indexer that starts. */
  | { status: 'not-picked-up'; jobId: string }
  /** An indexer took the job but it did not finish within `finishMs`: it goes on running. */
  | { status: 'not-finished'; jobId: string };

export interface RunWeeklyMailOptions {
  now?: string;
  /** How long an indexer may take to pick the job up. */
  pickUpMs: number;
  /** How long the run may take once picked up. */
  finishMs: number;
  /** Called once the job is queued. */
  onQueued?: (jobId: string) => void;
}

/**
 * Queues one run of the weekly mail (as `enqueueWeeklyMail`) and waits for the indexer to finish it. The queue
 * events are listened to before the job is added, so no event is missed; the connections are closed (queue
 * events, then the queue) only after the wait has ended, so nothing reads a closed connection.
 */
export async function runWeeklyMail(
  queueConfig: QueueConfig,
  options: RunWeeklyMailOptions,
): Promise<WeeklyMailOutcome> {
  const payload = parsePayload(options.now);
  const connection = { url: queueConfig.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue<WeeklySavedSearchMailPayload>(QUEUES.savedSearchMail, {
    connection,
    prefix: queueConfig.prefix,
  });
  const events = new QueueEvents(QUEUES.savedSearchMail, { connection, prefix: queueConfig.prefix });
  const cleanups: (() => void)[] = [];
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    // The job's id once it is queued.
    const queued: { jobId?: string } = {};
    let settle: (outcome: WeeklyMailOutcome) => void = () => undefined;
    const outcome = new Promise<WeeklyMailOutcome>((resolve) => (settle = resolve));
    // Events of other jobs (a scheduled run) are ignored; those before `jobId` is known cannot be this job's.
    const mine = (args: { jobId: string }) => queued.jobId !== undefined && args.jobId === queued.jobId;
    const startTimer = (ms: number, status: 'not-picked-up' | 'not-finished') => {
      const timer = setTimeout(() => settle({ status, jobId: queued.jobId! }), ms);
      cleanups.push(() => clearTimeout(timer));
      return timer;
    };
    let pickUpTimer: NodeJS.Timeout | undefined;
    const onActive = (args: { jobId: string }) => {
      if (!mine(args) || pickUpTimer === undefined) return;
      clearTimeout(pickUpTimer);
      pickUpTimer = undefined;
      startTimer(options.finishMs, 'not-finished');
    };
    const onCompleted = (args: { jobId: string; returnvalue: unknown }) => {
      if (mine(args)) settle({ status: 'completed', jobId: args.jobId, result: args.returnvalue });
    };
    const onFailed = (args: { jobId: string; failedReason: string }) => {
      if (mine(args))
        settle({ status: 'failed', jobId: args.jobId, reason: args.failedReason, willRetry: false });
    };
    // A failed attempt that BullMQ retries later is moved to the delayed set.
    const onDelayed = (args: { jobId: string }) => {
      if (!mine(args)) return;
      void queue
        .getJob(args.jobId)
        .then((job) =>
          settle({ status: 'failed', jobId: args.jobId, reason: job?.failedReason ?? '', willRetry: true }),
        )
        .catch((error: Error) =>
          settle({ status: 'failed', jobId: args.jobId, reason: error.message, willRetry: true }),
        );
    };
    events.on('active', onActive);
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
    events.on('delayed', onDelayed);
    cleanups.push(() => {
      events.off('active', onActive);
      events.off('completed', onCompleted);
      events.off('failed', onFailed);
      events.off('delayed', onDelayed);
    });

    const job = await addJob(queue, payload);
    const jobId = job.id!;
    queued.jobId = jobId;
    options.onQueued?.(jobId);
    pickUpTimer = startTimer(options.pickUpMs, 'not-picked-up');
    // An indexer may have taken (or even finished) the job before `jobId` was known here.
    const state = await job.getState();
    if (state === 'active') onActive({ jobId });
    else if (state === 'delayed') onDelayed({ jobId });
    else if (state === 'completed' || state === 'failed') {
      const done = (await queue.getJob(jobId))!;
      if (state === 'completed') onCompleted({ jobId, returnvalue: done.returnvalue });
      else onFailed({ jobId, failedReason: done.failedReason });
    }
    return await outcome;
  } finally {
    for (const cleanup of cleanups) cleanup();
    await events.close();
    await queue.close();
  }
}
