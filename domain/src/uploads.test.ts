import { describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES } from './constants';
import { contractUploadSchema, detectPictureMimeType, isPdfContent, pictureUploadSchema } from './uploads';

function messagesOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('pictureUploadSchema', () => {
  it('accepts JPEG, PNG and WebP up to 10 MB', () => {
    for (const mimeType of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(pictureUploadSchema.safeParse({ mimeType, sizeBytes: PROFILE_PICTURE_MAX_BYTES }).success).toBe(
        true,
      );
    }
  });

  it('rejects a file over 10 MB', () => {
    expect(
      messagesOf(
        pictureUploadSchema.safeParse({ mimeType: 'image/png', sizeBytes: PROFILE_PICTURE_MAX_BYTES + 1 }),
      ),
    ).toEqual(['validation.fileTooLarge']);
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', '', undefined])(
    'rejects the type %j',
    (mimeType) => {
      expect(messagesOf(pictureUploadSchema.safeParse({ mimeType, sizeBytes: 1000 }))).toEqual([
        'validation.unsupportedImageType',
      ]);
    },
  );

  it('is 10 MiB exactly', () => {
    expect(PROFILE_PICTURE_MAX_BYTES).toBe(10_485_760);
  });
});

describe('contractUploadSchema', () => {
  it('accepts a PDF only', () => {
    expect(contractUploadSchema.safeParse({ mimeType: 'application/pdf' }).success).toBe(true);
    expect(messagesOf(contractUploadSchema.safeParse({ mimeType: 'application/msword' }))).toEqual([
      'validation.contractMustBePdf',
    ]);
  });
});

describe('detectPictureMimeType', () => {
  it.each([
    ['image/jpeg', [0xff, 0xd8, 0xff, 0xe0, 0x00]],
    ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]],
    [
      'image/webp',
      [...'RIFF']
        .map((c) => c.charCodeAt(0))
        .concat(
          [1, 2, 3, 4],
          [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
        ),
    ],
  ])('recognises %s', (mimeType, bytes) => {
    expect(detectPictureMimeType(Uint8Array.from(bytes))).toBe(mimeType);
  });

  it.each([
    ['GIF', [...'GIF89a'].map((c) => c.charCodeAt(0))],
    ['a RIFF that is not WebP', [...'RIFF....WAVE'].map((c) => c.charCodeAt(0))],
    ['a truncated PNG', [0x89, 0x50]],
    ['nothing', []],
  ])('rejects %s', (_case, bytes) => {
    expect(detectPictureMimeType(Uint8Array.from(bytes))).toBeNull();
  });
});

describe('isPdfContent', () => {
  it('recognises the PDF header', () => {
    expect(isPdfContent(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(isPdfContent(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(isPdfContent(new TextEncoder().encode('<html>'))).toBe(false);
  });
});
