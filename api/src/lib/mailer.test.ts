import { describe, expect, it } from 'vitest';
import { stripControlCharacters } from './mailer';

describe('stripControlCharacters', () => {
  it('turns line breaks and other control characters into spaces', () => {
    expect(stripControlCharacters('Berit\r\nBcc: evil@example.se')).toBe('Berit Bcc: evil@example.se');
    expect(stripControlCharacters('a\u0000b\u001bc\u007f')).toBe('a b c');
    expect(stripControlCharacters('Åsa Öberg')).toBe('Åsa Öberg');
  });
});
