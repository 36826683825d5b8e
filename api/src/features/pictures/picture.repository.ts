import type { Database } from '@mp/migrations/database';
import type { Transaction } from 'kysely';

// The user's picture columns (the picture bytes themselves are `picture-store.ts`'s).

type Trx = Transaction<Database>;

/** The key of the user's current picture, or null. */
export async function findPictureKey(trx: Trx, userId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('users')
    .select('picture_key')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.picture_key;
}

/** Points the user at a picture (key and public url), or at none. */
export async function setUserPicture(
  trx: Trx,
  userId: string,
  picture: { key: string; url: string } | null,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ picture_key: picture?.key ?? null, picture_url: picture?.url ?? null })
    .where('id', '=', userId)
    .execute();
}
