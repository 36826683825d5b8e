import type { Client } from '@elastic/elasticsearch';
import { storedDocumentKey } from '@mp/search-schema';
import type { Database } from '@mp/migrations/database';
import type { VocabularyCache } from '@mp/migrations/vocabulary-store';
import type { Kysely } from 'kysely';
import { recordDeadLetters, resolveDeadLetters } from '../dead-letters.repository';
import { findProfileSourcesForIndexing } from '../profile-source.repository';
import type { IndexProfilesPayload } from '../queues';
import {
  deleteMissingProfiles,
  writeProfileDocuments,
  type BulkWriteResult,
  type ProfileWriteFailure,
  type Refresher,
} from '../search-index';
import { acknowledgeOutboxBatch } from './outbox.repository';

export interface IndexProfilesDeps {
  db: Kysely<Database>;
  search: Client;
  alias: string;
  /**
   * Small batches (at most `maxBatch` profiles: a few edits, not a bulk load) are made searchable at once
   * through this coalescing refresher instead of waiting for the index's 1 s refresh; large batches leave
   * refreshing to the index, so a heavy load is not slowed by refreshes and small segments.
   */
  fastRefresh?: { refresher: Refresher; maxBatch: number };
  /**
   * The database's vocabularies, installed in this process. Checked (one small read) before each batch, so a
   * batch a vocabulary change sent is built with the change: its revision committed with its outbox rows.
   */
  vocabularies?: VocabularyCache;
  /**
   * Runs the batch's writes to Elasticsearch: a limit shared by the worker's jobs (`INDEXER_CONCURRENCY` writes
   * in flight), while more jobs than that read their profiles and acknowledge their batches around them.
   */
  writeSlot?: <T>(write: () => Promise<T>) => Promise<T>;
}

export interface IndexProfilesResult extends BulkWriteResult {
  missing: number;
  /** Profiles sent to the dead-letter table. */
  deadLettered: number;
}

/** Thrown when some profiles of a batch hit a transient error: the job retries (with backoff) only those. */
export class RetryableProfilesError extends Error {
  constructor(readonly failures: readonly ProfileWriteFailure[]) {
    const shown = failures.slice(0, 3).map((f) => `${f.userId}: ${f.status} ${f.type} ${f.reason}`);
    super(`${failures.length} profile(s) to retry: ${shown.join('; ')}`);
    this.name = 'RetryableProfilesError';
  }
}

/**
 * Re-reads the named profiles from Postgres (never trusting the job's payload for data) and writes them to
 * the alias with external versioning. Profiles fail one by one: one the index refuses for good (a document
 * that cannot be built, a 4xx) goes to the dead-letter table and the rest of the batch is indexed; transient
 * item errors (429, 5xx) narrow the job to those profiles (`retryOnly`) and throw, so BullMQ retries them with
 * backoff. Once nothing is left to retry, the batch's outbox rows are acknowledged. `repair` (the drift repair)
 * computes every source afresh and may rewrite a document at the same version: drift written behind the
 * profile service's back has no newer version to win with.
 */
export async function handleIndexProfiles(
  deps: IndexProfilesDeps,
  payload: Pick<IndexProfilesPayload, 'userIds' | 'batchId'>,
  retryOnly?: (userIds: string[]) => Promise<void>,
  options: { repair?: boolean } = {},
): Promise<IndexProfilesResult> {
  // The vocabularies first: a document the profile service stored is shipped only when it was built with
  // the ones this batch would be built with (and by this build), the key says; the others are built here.
  await deps.vocabularies?.ensureCurrent();
  const { sources, prebuilt, invalid } = await findProfileSourcesForIndexing(deps.db, payload.userIds, {
    recompute: options.repair,
    documentKey: storedDocumentKey(),
  });
  const found = new Set([
    ...sources.map((s) => s.userId),
    ...prebuilt.map((p) => p.userId),
    ...invalid.map((i) => i.userId),
  ]);
  const missing = payload.userIds.filter((id) => !found.has(id));
  const write = async () => {
    const written = await writeProfileDocuments(deps.search, deps.alias, sources, {
      requireAlias: true,
      versionType: options.repair ? 'external_gte' : 'external',
      prebuilt,
    });
    await deleteMissingProfiles(deps.search, deps.alias, missing);
    return written;
  };
  const outcome = await (deps.writeSlot ? deps.writeSlot(write) : write());
  const changed = outcome.indexed + outcome.deleted + missing.length;
  if (deps.fastRefresh && changed > 0 && payload.userIds.length <= deps.fastRefresh.maxBatch)
    await deps.fastRefresh.refresher.refresh();

  const rejected: ProfileWriteFailure[] = [
    ...invalid.map((i) => ({ ...i, status: null, type: 'invalid_source' })),
    ...outcome.rejected,
  ];
  await recordDeadLetters(deps.db, rejected);
  const failed = new Set([...rejected, ...outcome.retryable].map((f) => f.userId));
  await resolveDeadLetters(
    deps.db,
    [...sources, ...prebuilt].filter((s) => !failed.has(s.userId)).map((s) => s.userId),
  );
  if (outcome.retryable.length > 0) {
    await retryOnly?.(outcome.retryable.map((f) => f.userId));
    throw new RetryableProfilesError(outcome.retryable);
  }
  if (payload.batchId !== undefined) await acknowledgeOutboxBatch(deps.db, payload.batchId);
  return {
    indexed: outcome.indexed,
    deleted: outcome.deleted,
    stale: outcome.stale,
    missing: missing.length,
    deadLettered: rejected.length,
  };
}
