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
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, succeeded })))
    .execute();
}
