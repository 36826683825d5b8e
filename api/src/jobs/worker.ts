import { createDatabase } from '@mp/migrations/db';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { loadConfig, type AppConfig } from '../config';
import { createMailer } from '../lib/mailer';
import { handleAssessmentResult } from '../features/assessment/assessment-result.job';
import { findTakenOrderIds } from '../features/assessment/assessment.repository';
import { createCardProviderClient } from '../features/payments/card-provider.client';
import type { CommerceDeps } from '../features/payments/commerce-deps';
import { refundDuePayments } from '../features/payments/payments.service';
import { renewDueSubscriptions } from '../features/subscriptions/subscriptions.service';
import { createMailDelivery, sweepMailOutbox } from '../features/mail-outbox/mail-delivery';
import {
  ASSESSMENT_JOB_OPTIONS,
  assessmentResultPayloadSchema,
  COMMERCE_QUEUES,
  COMMERCE_SCHEDULER_ID,
  type AssessmentResultPayload,
} from './queues';

// The commerce worker: BullMQ workers for the jobs that go through the API's services (profile service,
// payment provider, mail) and so run beside the API rather than in the indexer (docs/decisions.md):
// - a job scheduler tick (one schedule however many workers) renewing due subscriptions, ending cancelled
//   and expired ones, re-queueing taken assessments whose result job was never queued, and sending the mail
//   outbox's due rows (retries, and rows the API's delivery after the commit did not send);
// - the assessment result job.

function log(level: 'info' | 'warn' | 'error', message: string, data: object = {}) {
  console.log(
    JSON.stringify({ level, time: new Date().toISOString(), service: 'commerce', message, ...data }),
  );
}

export interface RunningCommerceWorker {
  close(): Promise<void>;
}

/**
 * Ticks once: renewals, refunds still owed, queueing assessments taken over a minute ago that still have no
 * result, then the mail outbox's due rows.
 */
export async function handleCommerceSchedule(
  deps: CommerceDeps,
  queue: Queue<AssessmentResultPayload>,
  now = new Date(),
) {
  const renewals = await renewDueSubscriptions(deps, now);
  const refunded = await refundDuePayments(deps, now);
  const stale = await findTakenOrderIds(deps.db, new Date(now.getTime() - 60_000), 500);
  for (const orderId of stale) {
    await queue.add('assessment-result', { orderId }, { ...ASSESSMENT_JOB_OPTIONS, jobId: orderId });
  }
  const mails = await sweepMailOutbox(deps, now);
  return { ...renewals, refunded, assessmentsQueued: stale.length, mails };
}

export async function startCommerceWorker(config: AppConfig): Promise<RunningCommerceWorker> {
  const db = createDatabase(config.DATABASE_URL, { maxConnections: 4 });
  const mailer = createMailer(config);
  const workerLog = {
    warn: (obj: object, msg: string) => log('warn', msg, obj),
    info: (obj: object, msg: string) => log('info', msg, obj),
    error: (obj: object, msg: string) => log('error', msg, obj),
  };
  const delivery = createMailDelivery({ db, mailer, log: workerLog });
  const deps: CommerceDeps = {
    db,
    mailer,
    deliverMails: delivery.deliverMails,
    config,
    cardProvider: createCardProviderClient({
      baseUrl: config.CARD_PROVIDER_URL,
      secretKey: config.CARD_PROVIDER_SECRET_KEY,
      timeoutMs: config.CARD_PROVIDER_TIMEOUT_MS,
    }),
    log: workerLog,
  };
  const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
  const prefix = config.QUEUE_PREFIX;
  const resultQueue = new Queue<AssessmentResultPayload>(COMMERCE_QUEUES.assessmentResults, {
    connection,
    prefix,
  });
  const scheduleQueue = new Queue(COMMERCE_QUEUES.commerceSchedule, { connection, prefix });
  void scheduleQueue
    .upsertJobScheduler(
      COMMERCE_SCHEDULER_ID,
      { every: config.COMMERCE_SCHEDULE_EVERY_MS },
      { name: COMMERCE_SCHEDULER_ID, data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    )
    .catch((error: Error) => log('error', 'could not schedule the commerce tick', { err: error.message }));

  const resultWorker = new Worker<AssessmentResultPayload>(
    COMMERCE_QUEUES.assessmentResults,
    async (job) => {
      const parsed = assessmentResultPayloadSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`bad payload: ${parsed.error.message}`);
      return handleAssessmentResult(deps, parsed.data);
    },
    { connection, prefix, concurrency: 2 },
  );
  const scheduleWorker = new Worker(
    COMMERCE_QUEUES.commerceSchedule,
    async () => handleCommerceSchedule(deps, resultQueue),
    { connection, prefix, concurrency: 1 },
  );
  for (const [name, worker] of [
    ['assessment result', resultWorker],
    ['commerce schedule', scheduleWorker],
  ] as const) {
    worker.on('failed', (job, error) =>
      log('warn', `${name} job failed`, { jobId: job?.id, err: error.message }),
    );
    worker.on('error', (error) => log('error', `${name} worker error`, { err: error.message }));
  }
  return {
    async close() {
      await Promise.all([resultWorker.close(), scheduleWorker.close()]);
      await Promise.all([resultQueue.close(), scheduleQueue.close()]);
      await delivery.close();
      mailer.close();
      await db.destroy();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startCommerceWorker(loadConfig());
  log('info', 'commerce worker started');
  const stop = () => {
    void running.close().then(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
