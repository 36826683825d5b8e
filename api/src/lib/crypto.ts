import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

// Protection of personal identity numbers and other secrets at rest (docs/data-model.md, "Rules the
// application must keep"): an HMAC to look a number up without storing it, and an AES-256-GCM envelope to
// read it back when it must be shown or exported. Keys come from config, never from code.

const ENVELOPE_VERSION = 'v1';
const IV_BYTES = 12;

function keyFromHex(hex: string): Buffer {
  const key = Buffer.from(hex, 'hex');
  if (key.length !== 32) throw new RangeError('Keys must be 32 bytes (64 hex characters)');
  return key;
}

/** HMAC-SHA256 (hex) of a normalised 12-digit personal number: the lookup key stored in the database. */
export function hashPersonalNumber(hmacKeyHex: string, personalNumber: string): string {
  return createHmac('sha256', keyFromHex(hmacKeyHex)).update(`nin:${personalNumber}`).digest('hex');
}

/** HMAC-SHA256 (hex) of an e-mail address, case-folded: a rate-limit key that does not store the address. */
export function hashEmailForKey(hmacKeyHex: string, email: string): string {
  return createHmac('sha256', keyFromHex(hmacKeyHex))
    .update(`email:${email.trim().toLowerCase()}`)
    .digest('hex');
}

/** Encrypts with AES-256-GCM under a random IV: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function encryptSecret(keyHex: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFromHex(keyHex), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [ENVELOPE_VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens an envelope made by {@link encryptSecret}; throws when it was tampered with or the key is wrong. */
export function decryptSecret(keyHex: string, envelope: string): string {
  const [version, iv, tag, ciphertext] = envelope.split('.');
  if (version !== ENVELOPE_VERSION || !iv || !tag || ciphertext === undefined) {
    throw new Error('Not an encrypted envelope of a known version');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyFromHex(keyHex), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** A random, URL-safe token for links sent by mail (256 bits). */
export function createRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a mailed token: only this is stored, so a database leak opens no link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
