import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

// What a profile change leaves behind: the profile's new version and the outbox row for the indexer.

/** The newest outbox row of an aggregate (a user's profile), or undefined. */
export async function latestOutboxRow(db: Kysely<Database>, aggregateId: string) {
  return db
    .selectFrom('outbox')
    .select(['event_type', 'payload'])
    .where('aggregate_id', '=', aggregateId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The version of the user's profile. */
export async function profileVersion(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select('version')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.version;
}
