import { Queue } from 'bullmq';
import fp from 'fastify-plugin';
import { ASSESSMENT_JOB_OPTIONS, COMMERCE_QUEUES, type AssessmentResultPayload } from '../../jobs/queues';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hands a taken assessment to the result job (job id = order id, so it is queued once). */
    enqueueAssessmentResult(orderId: string): Promise<void>;
  }
}

export default fp(
  async (app) => {
    const queue = new Queue<AssessmentResultPayload>(COMMERCE_QUEUES.assessmentResults, {
      connection: { url: app.config.REDIS_URL, maxRetriesPerRequest: 1, enableOfflineQueue: false },
      prefix: app.config.QUEUE_PREFIX,
    });
    queue.on('error', (error) => app.log.warn({ err: error.message }, 'assessment queue error'));
    app.decorate('enqueueAssessmentResult', async (orderId: string) => {
      try {
        await queue.add('assessment-result', { orderId }, { ...ASSESSMENT_JOB_OPTIONS, jobId: orderId });
      } catch (error) {
        // The scheduled sweep finds taken orders without a result, so a Redis outage delays, never loses.
        app.log.warn({ err: (error as Error).message, orderId }, 'could not queue the assessment result');
      }
    });
    app.addHook('onClose', async () => queue.close());
  },
  { name: 'assessment', dependencies: ['config'] },
);
