import { detectPictureMimeType, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { editOwnProfile } from '../profiles/profile-edit.service';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';
import { createPictureKey, deletePicture, storePicture } from './picture-store';
import { findPictureKey, setUserPicture } from './picture.repository';

export interface PictureDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'API_BASE_URL'>;
  log: FastifyBaseLogger;
}

/** Stored pictures are square: the largest size the web shows (profile header, 2x density). */
export const PICTURE_SIZE_PX = 512;
/** Refuse decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

export const fileTooLarge = () => new AppError('FILE_TOO_LARGE');
export const unsupportedImageType = () => new AppError('UNSUPPORTED_IMAGE_TYPE');

export const pictureUrlOf = (apiBaseUrl: string, key: string) =>
  `${apiBaseUrl.replace(/\/+$/, '')}/pictures/${encodeURIComponent(key)}`;

/**
 * Checks the upload by its content (the first bytes must be JPEG, PNG or WebP, whatever its name or declared
 * type) and makes the stored picture: EXIF orientation applied, cropped to a centred square, 512x512 WebP,
 * metadata (camera, GPS position) dropped.
 */
export async function processPicture(bytes: Buffer): Promise<Buffer> {
  if (!detectPictureMimeType(bytes)) throw unsupportedImageType();
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Right signature, but not a picture sharp can decode (truncated, corrupt, too large a bitmap).
    throw unsupportedImageType();
  }
}

/**
 * Sets (or clears) the user's picture in one transaction with the profile save: the new picture's bytes, the
 * user's key and url, and the removal of the replaced picture commit together, so a failed save leaves the old
 * picture working and nothing orphaned.
 */
async function replacePicture(
  deps: PictureDeps,
  userId: string,
  locale: Locale,
  next: { key: string; bytes: Buffer } | null,
): Promise<OwnProfile> {
  return editOwnProfile(deps.db, userId, locale, async (trx) => {
    const previousKey = await findPictureKey(trx, userId);
    if (next) await storePicture(trx, userId, next.key, next.bytes);
    await setUserPicture(
      trx,
      userId,
      next ? { key: next.key, url: pictureUrlOf(deps.config.API_BASE_URL, next.key) } : null,
    );
    if (previousKey && previousKey !== next?.key) await deletePicture(trx, previousKey);
  });
}

/** Stores a new profile picture; the user's picture url and the profile's completion follow in one save. */
export async function uploadProfilePicture(
  deps: PictureDeps,
  userId: string,
  locale: Locale,
  bytes: Buffer,
): Promise<OwnProfile> {
  const picture = await processPicture(bytes);
  return replacePicture(deps, userId, locale, { key: createPictureKey(), bytes: picture });
}

export const removeProfilePicture = (deps: PictureDeps, userId: string, locale: Locale) =>
  replacePicture(deps, userId, locale, null);
