import { z } from 'zod';

/** The API side's queues and job payloads (the indexer has its own in indexer/src/queues.ts). */
export const COMMERCE_QUEUES = {
  /** Scores a taken assessment and puts the result on the profile. */
  assessmentResults: 'assessment-results',
  /** The job scheduler's ticks: renewals, downgrades, and a sweep for unscored assessments. */
  commerceSchedule: 'commerce-schedule',
} as const;

export const assessmentResultPayloadSchema = z.object({ orderId: z.uuid() });
export type AssessmentResultPayload = z.infer<typeof assessmentResultPayloadSchema>;

export const COMMERCE_SCHEDULER_ID = 'commerce-schedule';

export const ASSESSMENT_JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
