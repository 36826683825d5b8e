import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

/** Accounts by kind; deleted accounts (waiting for their purge) are counted apart. */
export async function countUsers(db: Kysely<Database>) {
  const row = await db
    .selectFrom('users')
    .select([
      sql<number>`count(*) filter (where deleted_at is null)::int`.as('users'),
      sql<number>`count(*) filter (where deleted_at is null and verified)::int`.as('verified'),
      sql<number>`count(*) filter (where deleted_at is null and is_premium)::int`.as('premium'),
      sql<number>`count(*) filter (where deleted_at is null and is_admin)::int`.as('admins'),
      sql<number>`count(*) filter (where deleted_at is not null)::int`.as('deleted'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Profiles that search may show: searchable, of an account that is not deleted. */
export async function countSearchableProfiles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('profiles.is_searchable', '=', true)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Outbox rows whose change is not yet in the index (not acknowledged by the index worker: queued rows count
 * too, and so do rows of a batch Redis lost), and how long the oldest has waited.
 */
export async function findOutboxLag(db: Kysely<Database>) {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number>`count(*)::int`.as('pending'),
      sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('oldestSeconds'),
    ])
    .where('acked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    pending: row.pending,
    oldestSeconds: row.oldestSeconds === null ? null : Math.round(row.oldestSeconds),
  };
}

/**
 * Profiles with an unresolved dead letter (`index_dead_letters`, added by the indexing pipeline's own
 * migration). Null while that table does not exist in this database, so the dashboard works either way.
 */
export async function countDeadLetteredProfiles(db: Kysely<Database>): Promise<number | null> {
  const { rows } = await sql<{ exists: boolean }>`
    select to_regclass('index_dead_letters') is not null as exists`.execute(db);
  if (!rows[0]?.exists) return null;
  const result = await sql<{ count: number }>`
    select count(distinct user_id)::int as count from index_dead_letters where resolved_at is null`.execute(
    db,
  );
  return result.rows[0]?.count ?? 0;
}
