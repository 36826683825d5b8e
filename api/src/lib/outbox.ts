import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

/** Channel the outbox relay LISTENs on; Postgres delivers the NOTIFY only when the transaction commits. */
const OUTBOX_CHANNEL = 'outbox';

/**
 * Records that these users' search documents must be rebuilt. Must run inside the transaction that made the
 * change, so the change and its outbox row commit (or roll back) together.
 */
export async function recordProfileChanges(
  trx: Transaction<Database> | Kysely<Database>,
  changes: readonly { userId: string; version: number }[],
  eventType = 'profile.changed',
): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      changes.map((c) => ({
        aggregate_type: 'profile',
        aggregate_id: c.userId,
        event_type: eventType,
        payload: { version: c.version },
      })),
    )
    .execute();
  await sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
}
