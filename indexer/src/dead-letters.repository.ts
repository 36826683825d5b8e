import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import type { ProfileWriteFailure } from './search-index';

/**
 * Records profiles the index refused for good (one row per profile version: meeting the same failure again,
 * from a retry or the repair job, only counts it).
 */
export async function recordDeadLetters(
  db: Kysely<Database>,
  failures: readonly ProfileWriteFailure[],
): Promise<void> {
  if (failures.length === 0) return;
  await db
    .insertInto('index_dead_letters')
    .values(
      failures.map((f) => ({
        user_id: f.userId,
        profile_version: f.version,
        status: f.status,
        error_type: f.type,
        reason: f.reason,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'profile_version']).doUpdateSet({
        occurrences: sql`index_dead_letters.occurrences + 1`,
        last_seen_at: sql`now()`,
        status: (eb) => eb.ref('excluded.status'),
        error_type: (eb) => eb.ref('excluded.error_type'),
        reason: (eb) => eb.ref('excluded.reason'),
      }),
    )
    .execute();
}

/** Profiles that were just written successfully: their earlier dead letters are resolved. */
export async function resolveDeadLetters(db: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  // The partial index holds only open rows, so with none open this is a handful of empty index probes.
  await sql`UPDATE index_dead_letters SET resolved_at = now()
    WHERE resolved_at IS NULL AND user_id = ANY(${[...userIds]}::uuid[])`.execute(db);
}

export interface DeadLetter {
  userId: string;
  profileVersion: number;
  status: number | null;
  errorType: string;
  reason: string;
  occurrences: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
}

/** Dead letters, newest first; open ones only unless asked otherwise. */
export async function listDeadLetters(
  db: Kysely<Database>,
  options: { includeResolved?: boolean; limit?: number } = {},
): Promise<DeadLetter[]> {
  let query = db
    .selectFrom('index_dead_letters')
    .selectAll()
    .orderBy('last_seen_at', 'desc')
    .limit(options.limit ?? 100);
  if (!options.includeResolved) query = query.where('resolved_at', 'is', null);
  const rows = await query.execute();
  return rows.map((r) => ({
    userId: r.user_id,
    profileVersion: Number(r.profile_version),
    status: r.status,
    errorType: r.error_type,
    reason: r.reason,
    occurrences: r.occurrences,
    firstSeenAt: r.first_seen_at,
    lastSeenAt: r.last_seen_at,
    resolvedAt: r.resolved_at,
  }));
}
