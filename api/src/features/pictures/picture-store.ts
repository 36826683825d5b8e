import { randomUUID } from 'node:crypto';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';

/**
 * Profile pictures in the `uploads` table, which every API process shares (no extra service on one machine;
 * see docs/decisions.md). Keys are random and never reused (a new upload gets a new key), so a picture URL can
 * be cached forever. Swapping in an object store means reimplementing these four functions.
 */

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const isPictureKey = (key: string) => KEY.test(key);

export const createPictureKey = () => `${randomUUID()}.webp`;

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a processed picture of the given user. One statement: a reader never sees half a picture. */
export async function storePicture(db: Db, ownerUserId: string, key: string, bytes: Buffer): Promise<void> {
  if (!isPictureKey(key)) throw new RangeError('not a picture key');
  await db
    .insertInto('uploads')
    .values({ key, owner_user_id: ownerUserId, kind: 'picture', content_type: 'image/webp', bytes })
    .execute();
}

/** The stored bytes, or null when there is no such picture. */
export async function readPicture(db: Db, key: string): Promise<Buffer | null> {
  if (!isPictureKey(key)) return null;
  const row = await db
    .selectFrom('uploads')
    .select('bytes')
    .where('key', '=', key)
    .where('kind', '=', 'picture')
    .executeTakeFirst();
  return row?.bytes ?? null;
}

export async function deletePicture(db: Db, key: string): Promise<void> {
  if (!isPictureKey(key)) return;
  await db.deleteFrom('uploads').where('key', '=', key).where('kind', '=', 'picture').execute();
}

/** Every picture of a user: an account's deletion takes them at once (the purge would cascade anyway). */
export async function deleteUserPictures(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('uploads')
    .where('owner_user_id', '=', userId)
    .where('kind', '=', 'picture')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
