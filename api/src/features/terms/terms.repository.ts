import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

/** The newest published version of the terms of use (kind 'users'), if any. */
export async function findCurrentTermsVersion(db: Kysely<Database>) {
  return db
    .selectFrom('terms_versions')
    .select(['id', 'version', 'published_at', 'effective_at'])
    .where('kind', '=', 'users')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', sql<Date>`now()`)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function hasAcceptedTermsVersion(
  db: Kysely<Database>,
  userId: string,
  termsVersionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('terms_acceptances')
    .select('id')
    .where('user_id', '=', userId)
    .where('terms_version_id', '=', termsVersionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Returns false when the user had already accepted this version (the unique key decides). */
export async function insertTermsAcceptance(
  db: Kysely<Database>,
  userId: string,
  termsVersionId: string,
): Promise<boolean> {
  const row = await db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, terms_version_id: termsVersionId })
    .onConflict((oc) => oc.columns(['user_id', 'terms_version_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
