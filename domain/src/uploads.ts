import { z } from 'zod';
import { CONTRACT_MIME_TYPE, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MIME_TYPES } from './constants';
import type { MessageCode } from './messages';

export type PictureMimeType = (typeof PROFILE_PICTURE_MIME_TYPES)[number];

/**
 * A profile picture as described by its uploader (the browser's `File`, a multipart part): at most 10 MB of
 * JPEG, PNG or WebP. The declared type is only a claim; the API confirms it with {@link detectPictureMimeType}.
 */
export const pictureUploadSchema = z.object({
  mimeType: z.enum(PROFILE_PICTURE_MIME_TYPES, {
    error: 'validation.unsupportedImageType' satisfies MessageCode,
  }),
  sizeBytes: z
    .number({ error: 'validation.invalidInput' satisfies MessageCode })
    .int({ error: 'validation.invalidInput' satisfies MessageCode })
    .nonnegative({ error: 'validation.invalidInput' satisfies MessageCode })
    .max(PROFILE_PICTURE_MAX_BYTES, { error: 'validation.fileTooLarge' satisfies MessageCode }),
});

/** A contract upload as described by its uploader: it must be a PDF (confirm with {@link isPdfContent}). */
export const contractUploadSchema = z.object({
  mimeType: z.literal(CONTRACT_MIME_TYPE, { error: 'validation.contractMustBePdf' satisfies MessageCode }),
});

const PICTURE_SIGNATURES: ReadonlyArray<{
  mimeType: PictureMimeType;
  matches: (bytes: Uint8Array) => boolean;
}> = [
  { mimeType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    mimeType: 'image/png',
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    mimeType: 'image/webp',
    // RIFF....WEBP
    matches: (bytes) =>
      startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
];

/** The picture type the file's first bytes prove, or null when they match none of the accepted types. */
export function detectPictureMimeType(bytes: Uint8Array): PictureMimeType | null {
  return PICTURE_SIGNATURES.find((signature) => signature.matches(bytes))?.mimeType ?? null;
}

/** Whether the content starts with the PDF header `%PDF-`, whatever name or type the uploader claimed. */
export function isPdfContent(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}
