import { describe, expect, it } from 'vitest';
import {
  createRandomToken,
  decryptSecret,
  encryptSecret,
  hashEmailForKey,
  hashPersonalNumber,
  hashToken,
} from './crypto';

const KEY = '94fd6137fcfbad76fc36c0167014c6e327631387851fed59b01d4af4f3122765';
const OTHER_KEY = '866f0cb2c8103c50af318768db6f05bcf93748382dd408ecf40c3bc8b9732179';

describe('personal number protection', () => {
  it('hashes the same number to the same key and different numbers or keys to different ones', () => {
    const a = hashPersonalNumber(KEY, '199001011239');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPersonalNumber(KEY, '199001011239')).toBe(a);
    expect(hashPersonalNumber(KEY, '199001011247')).not.toBe(a);
    expect(hashPersonalNumber(OTHER_KEY, '199001011239')).not.toBe(a);
    expect(a).not.toContain('199001011239');
  });

  it('round-trips through the AES-GCM envelope with a fresh IV every time', () => {
    const one = encryptSecret(KEY, '199001011239');
    const two = encryptSecret(KEY, '199001011239');
    expect(one).not.toBe(two);
    expect(one).not.toContain('199001011239');
    expect(decryptSecret(KEY, one)).toBe('199001011239');
    expect(decryptSecret(KEY, two)).toBe('199001011239');
  });

  it('refuses a tampered envelope or the wrong key', () => {
    const envelope = encryptSecret(KEY, '199001011239');
    const [v, iv, tag, ct] = envelope.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(KEY, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptSecret(OTHER_KEY, envelope)).toThrow();
    expect(() => decryptSecret(KEY, 'garbage')).toThrow();
  });

  it('refuses keys of the wrong length', () => {
    expect(() => hashPersonalNumber('abcd', '199001011239')).toThrow(RangeError);
  });
});

describe('tokens', () => {
  it('creates unguessable URL-safe tokens and stores only their hash', () => {
    const token = createRandomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createRandomToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('keys e-mail addresses case-insensitively', () => {
    expect(hashEmailForKey(KEY, ' Anna@Example.se ')).toBe(hashEmailForKey(KEY, 'anna@example.se'));
  });
});
