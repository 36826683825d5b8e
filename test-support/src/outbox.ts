import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

/** The newest outbox row of an aggregate (a user's profile), or undefined. */
export async function latestOutboxRow(db: Kysely<Database>, aggregateId: string) {
  return db
    .selectFrom('outbox')
    .select(['event_type', 'payload'])
    .where('aggregate_id', '=', aggregateId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
