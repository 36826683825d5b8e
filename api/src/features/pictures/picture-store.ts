import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Profile pictures on disk under `<UPLOADS_DIR>/pictures/<key>`. Keys are random and never reused (a new
 * upload gets a new key), so a picture URL can be cached forever. The directory must be shared storage when
 * several API processes run.
 */

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const isPictureKey = (key: string) => KEY.test(key);

export const createPictureKey = () => `${randomUUID()}.webp`;

const pictureDir = (uploadsDir: string) => path.join(uploadsDir, 'pictures');

function picturePath(uploadsDir: string, key: string): string {
  // The key pattern admits no separators or dots beyond the extension, so the path stays in the directory.
  if (!isPictureKey(key)) throw new RangeError('not a picture key');
  return path.join(pictureDir(uploadsDir), key);
}

/** Writes the picture atomically (temporary file, then rename), so a reader never sees half a file. */
export async function storePicture(uploadsDir: string, key: string, bytes: Buffer): Promise<void> {
  const target = picturePath(uploadsDir, key);
  await mkdir(pictureDir(uploadsDir), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}

/** The stored bytes, or null when there is no such picture. */
export async function readPicture(uploadsDir: string, key: string): Promise<Buffer | null> {
  if (!isPictureKey(key)) return null;
  try {
    return await readFile(picturePath(uploadsDir, key));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function deletePicture(uploadsDir: string, key: string): Promise<void> {
  if (!isPictureKey(key)) return;
  await rm(picturePath(uploadsDir, key), { force: true });
}
