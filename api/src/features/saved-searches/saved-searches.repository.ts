import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

const COLUMNS = ['id', 'name', 'criteria', 'send_email'] as const;

/** The user's saved searches, oldest first (the order they were made in). */
export async function findSavedSearchesOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('saved_searches')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type SavedSearchRow = Awaited<ReturnType<typeof findSavedSearchesOfUser>>[number];

export async function insertSavedSearch(
  db: Kysely<Database>,
  row: { userId: string; name: string; criteria: string; sendEmail: boolean },
): Promise<void> {
  await db
    .insertInto('saved_searches')
    .values({ user_id: row.userId, name: row.name, criteria: row.criteria, send_email: row.sendEmail })
    .execute();
}

/** Updates the user's own saved search; false when no such search belongs to the user. */
export async function updateSavedSearchOfUser(
  db: Kysely<Database>,
  userId: string,
  id: string,
  patch: { name?: string; criteria?: string; sendEmail?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('saved_searches')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.criteria !== undefined ? { criteria: patch.criteria } : {}),
      ...(patch.sendEmail !== undefined ? { send_email: patch.sendEmail } : {}),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the user's own saved search (its mailing history goes with it); false when there was none. */
export async function deleteSavedSearchOfUser(db: Kysely<Database>, userId: string, id: string) {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Turns off the weekly mail of the saved search whose mailing carried the unsubscribe token with this hash;
 * the search's name, or undefined when no mailing has the hash (a search deleted since takes its mailings).
 */
export async function turnOffEmailByUnsubscribeToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('saved_searches')
    .set({ send_email: false })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('saved_search_mailings')
        .select('saved_search_id')
        .where('unsubscribe_token_hash', '=', tokenHash),
    )
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}
