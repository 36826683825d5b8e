import { randomUUID } from 'node:crypto';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';

/**
 * Images in the `uploads` table, which every API process shares (no extra service on one machine; see
 * docs/decisions.md): profile pictures (kind 'picture', owned by their user) and partner offers' logos (kind
 * 'offer_logo', no owner). Keys are random and never reused (a new upload gets a new key), so an image URL can be
 * cached forever. Swapping in an object store means reimplementing the functions here.
 */

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export type UploadKind = 'picture' | 'offer_logo';

export const isUploadKey = (key: string) => KEY.test(key);
export const isPictureKey = isUploadKey;

export const createUploadKey = () => `${randomUUID()}.webp`;
export const createPictureKey = createUploadKey;

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a processed WebP image under a new key of `createUploadKey`. One statement: no reader sees half of it. */
export async function storeUpload(
  db: Db,
  upload: { kind: UploadKind; key: string; ownerUserId: string | null; bytes: Buffer },
): Promise<void> {
  if (!isUploadKey(upload.key)) throw new RangeError('not an upload key');
  await db
    .insertInto('uploads')
    .values({
      key: upload.key,
      owner_user_id: upload.ownerUserId,
      kind: upload.kind,
      content_type: 'image/webp',
      bytes: upload.bytes,
    })
    .execute();
}

/** The stored bytes of an upload of that kind, or null when there is none. */
export async function readUpload(db: Db, kind: UploadKind, key: string): Promise<Buffer | null> {
  if (!isUploadKey(key)) return null;
  const row = await db
    .selectFrom('uploads')
    .select('bytes')
    .where('key', '=', key)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.bytes ?? null;
}

/** Stores a processed picture of the given user. */
export const storePicture = (db: Db, ownerUserId: string, key: string, bytes: Buffer) =>
  storeUpload(db, { kind: 'picture', key, ownerUserId, bytes });

/** The stored bytes, or null when there is no such picture. */
export const readPicture = (db: Db, key: string) => readUpload(db, 'picture', key);

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
