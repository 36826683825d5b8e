import { z } from 'zod';

/** Queue names and their job payloads: one map, so producers and handlers cannot drift apart. */
export const QUEUES = {
  indexProfiles: 'index-profiles',
} as const;

export const indexProfilesPayloadSchema = z.object({
  /** Users whose search documents must be brought up to date with Postgres. */
  userIds: z.array(z.uuid()).min(1).max(5000),
  /** Outbox rows this job covers (for tracing and freshness measurement). */
  outboxIds: z.tuple([z.number().int(), z.number().int()]),
});
export type IndexProfilesPayload = z.infer<typeof indexProfilesPayloadSchema>;

/** Deterministic: the same outbox range always yields the same id, so a re-sent batch is not enqueued twice. */
export const indexProfilesJobId = (firstOutboxId: number, lastOutboxId: number) =>
  `outbox-${firstOutboxId}-${lastOutboxId}`;

/** Retries with exponential backoff: an Elasticsearch outage delays indexing but loses nothing. */
export const INDEX_JOB_OPTIONS = {
  attempts: 25,
  backoff: { type: 'exponential', delay: 500 },
  // Completed jobs are kept for a while so a re-sent batch with the same id is recognised as a duplicate.
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Postgres NOTIFY channel the profile service signals on commit, so the relay wakes at once. */
export const OUTBOX_CHANNEL = 'outbox';
