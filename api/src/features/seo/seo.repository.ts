import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

/** Searchable profiles of accounts that still exist (their public page answers), newest change first. */
export async function listPublicProfiles(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id as userId', 'p.updated_at as updatedAt'])
    .where('p.is_searchable', '=', true)
    .where('u.deleted_at', 'is', null)
    .orderBy('p.updated_at', 'desc')
    .limit(limit)
    .execute();
}
