// The outbox contract shared by the writers (the API's services, in the transaction that changes the data) and
// the relay (indexer/src/jobs/relay-outbox.job.ts) that moves committed rows into BullMQ. The table itself is
// in the migrations beside this file.

/** Channel the relay LISTENs on; Postgres delivers the NOTIFY only when the writing transaction commits. */
export const OUTBOX_CHANNEL = 'outbox';

/** `outbox.aggregate_type` values. Only profile rows become index jobs; the relay acknowledges others at once. */
export const OUTBOX_AGGREGATES = { profile: 'profile' } as const;
export type OutboxAggregate = (typeof OUTBOX_AGGREGATES)[keyof typeof OUTBOX_AGGREGATES];

/** `outbox.event_type` of a profile row. */
export const PROFILE_CHANGED_EVENT = 'profile.changed';

/**
 * Deterministic: a relay batch always has the same BullMQ job id, so a batch re-sent while its job still exists
 * in Redis is not enqueued twice, and the relay can ask Redis whether a batch's job is still there.
 */
export const indexProfilesJobId = (batchId: number) => `outbox-batch-${batchId}`;
