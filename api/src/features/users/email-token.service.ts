import type { Database, EmailTokenPurpose } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { createRandomToken, hashToken } from '../../lib/crypto';
import {
  findEmailTokenByHash,
  findEmailTokenState,
  insertEmailToken,
  useEmailToken,
} from './email-token.repository';

/** Data access other features use; the SQL stays in the repository. */
export { findRecentEmailToken } from './email-token.repository';

/** How long each kind of mailed link works. */
export const EMAIL_TOKEN_TTL_MINUTES: Record<EmailTokenPurpose, number> = {
  verify: 7 * 24 * 60,
  reset: 60,
  change_email: 24 * 60,
};

/** Creates a single-use, expiring token for a mailed link; only its hash is stored. Returns the raw token. */
export async function createEmailToken(
  db: Kysely<Database> | Transaction<Database>,
  input: { userId: string; purpose: EmailTokenPurpose; newEmail?: string | null },
): Promise<string> {
  const token = createRandomToken();
  await insertEmailToken(db, {
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MINUTES[input.purpose] * 60_000),
  });
  return token;
}

/** Uses up a mailed token of one of `purposes`; null when it is unknown, used or expired. */
export async function consumeEmailToken(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  purposes: readonly EmailTokenPurpose[],
) {
  return useEmailToken(db, hashToken(token), purposes);
}

/** A mailed token that no longer works (used, replaced or expired): whose it was and what for; null if unknown. */
export async function findSpentEmailToken(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  purposes: readonly EmailTokenPurpose[],
) {
  return (await findEmailTokenByHash(db, hashToken(token), purposes)) ?? null;
}

/**
 * What a mailed token is now, without using it: `live` (it would work), `used` (used, or replaced by a newer
 * link), `expired`, or `unknown` (never issued, or for another purpose); with its user when known.
 */
export async function inspectEmailToken(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  purposes: readonly EmailTokenPurpose[],
): Promise<{ state: 'live' | 'used' | 'expired'; userId: string } | { state: 'unknown' }> {
  const row = await findEmailTokenState(db, hashToken(token), purposes);
  if (!row) return { state: 'unknown' };
  return { state: row.used ? 'used' : row.expired ? 'expired' : 'live', userId: row.user_id };
}
