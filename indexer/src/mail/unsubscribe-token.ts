import { createHash, randomBytes } from 'node:crypto';

// The token of a weekly mail's unsubscribe link, made the way the API makes its mailed tokens
// (api/src/lib/crypto.ts: createRandomToken, hashToken; the indexer may not import the API): 256 random bits,
// URL-safe, of which only the SHA-256 is stored. The API finds the mailing by that hash.

/** A new token for one mail and the hash to store with its mailing row. */
export function createUnsubscribeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}
