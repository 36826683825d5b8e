import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

/** Failed attempts per key within the last `windowSeconds` (served by the (key, attempted_at) index). */
export async function countRecentFailures(
  db: Kysely<Database>,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.countAll<string>().as('failures')])
    .where('key', 'in', [...keys])
    .where('succeeded', '=', false)
    .where('attempted_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .groupBy('key')
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.failures)]));
}

export async function insertLoginAttempts(
  db: Kysely<Database>,
  keys: readonly string[],
  succeeded: boolean,
): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, succeeded })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Serialises attempts on the same keys until the transaction ends (sorted, so two callers never deadlock). */
export async function lockLoginAttemptKeys(trx: Kysely<Database>, keys: readonly string[]): Promise<void> {
  for (const key of [...keys].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 7130))`.execute(trx);
  }
}

export async function markLoginAttemptsSucceeded(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('login_attempts')
    .set({ succeeded: true })
    .where('id', 'in', [...ids])
    .execute();
}
