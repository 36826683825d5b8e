import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('reads the quoted, bare and RFC 5987 forms', () => {
    expect(
      fileNameFromContentDisposition('attachment; filename="konsultmarknaden-data-2026-11-27.zip"'),
    ).toBe('konsultmarknaden-data-2026-11-27.zip');
    expect(fileNameFromContentDisposition('attachment; filename=data.zip')).toBe('data.zip');
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="faktura.pdf"; filename*=UTF-8''f%C3%B6rs%C3%A4ljning.pdf`,
      ),
    ).toBe('försäljning.pdf');
  });

  it('gives null without a name, or for one that is a path', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename="../evil.zip"')).toBeNull();
  });
});
