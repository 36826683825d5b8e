import type { Database } from '@mp/migrations/database';
import { OUTBOX_AGGREGATES, OUTBOX_CHANNEL, PROFILE_CHANGED_EVENT } from '@mp/migrations/outbox';
import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * Records that these users' search documents must be rebuilt. Must run inside the transaction that made the
 * change, so the change and its outbox row commit (or roll back) together.
 */
export async function recordProfileChanges(
  trx: Transaction<Database> | Kysely<Database>,
  changes: readonly { userId: string; version: number }[],
  eventType = PROFILE_CHANGED_EVENT,
): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      changes.map((c) => ({
        aggregate_type: OUTBOX_AGGREGATES.profile,
        aggregate_id: c.userId,
        event_type: eventType,
        payload: { version: c.version },
      })),
    )
    .execute();
  await sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
}
