import { describe, expect, it } from 'vitest';
import { getDecoyPasswordHash, hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct-horse-battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('correct-horse-battery');
    expect(await verifyPassword('correct-horse-battery', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-batterY', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2')).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('Lösenord1');
    expect(await verifyPassword('Lo\u0308senord1', stored)).toBe(true);
  });

  it('has a decoy hash that matches nothing typed', async () => {
    expect(await verifyPassword('anything', await getDecoyPasswordHash())).toBe(false);
  });
});
