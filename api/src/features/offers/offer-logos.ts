import { detectPictureMimeType } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import sharp from 'sharp';
import { createUploadKey, isUploadKey, readUpload, storeUpload } from '../pictures/picture-store';
import { unsupportedImageType } from '../pictures/picture.service';

// Partner offers' logos, stored by us and served from our own origin: the app's Content-Security-Policy allows
// images from 'self' only (img-src 'self' data: blob:), so a logo address on the partner's site would never show.
// They live in the `uploads` table beside the profile pictures (kind 'offer_logo', no owner: an admin's
// account leaving takes no logo with it). Keys are random and never reused, so a logo is cacheable forever.

type Db = Kysely<Database> | Transaction<Database>;

const KIND = 'offer_logo';

/** The largest box a logo is shown in (the offers page's 40 px high logo, at 2x and a wide wordmark). */
const LOGO_BOX = { width: 480, height: 160 } as const;
const MAX_INPUT_PIXELS = 50_000_000;

export const offerLogoUrlOf = (apiBaseUrl: string, key: string) =>
  `${apiBaseUrl.replace(/\/+$/, '')}/offer-logos/${encodeURIComponent(key)}`;

/** The key of a logo address of ours (`offerLogoUrlOf`), or null for any other address. */
export function offerLogoKeyOf(apiBaseUrl: string, url: string): string | null {
  const prefix = offerLogoUrlOf(apiBaseUrl, '');
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return isUploadKey(key) ? key : null;
}

/**
 * Checks the upload by its content (JPEG, PNG or WebP, whatever its name says) and makes the stored logo: fitted
 * inside 480x160 without cropping or enlarging, transparency kept, metadata dropped, WebP.
 */
export async function processOfferLogo(bytes: Buffer): Promise<Buffer> {
  if (!detectPictureMimeType(bytes)) throw unsupportedImageType();
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw unsupportedImageType();
  }
}

/** Stores a processed logo under a new key and returns the key. */
export async function storeOfferLogo(db: Db, bytes: Buffer): Promise<string> {
  const key = createUploadKey();
  await storeUpload(db, { kind: KIND, key, ownerUserId: null, bytes });
  return key;
}

export const readOfferLogo = (db: Db, key: string) => readUpload(db, KIND, key);

export async function offerLogoExists(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('key')
    .where('key', '=', key)
    .where('kind', '=', KIND)
    .executeTakeFirst();
  return row !== undefined;
}
