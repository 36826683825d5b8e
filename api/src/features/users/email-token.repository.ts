import type { Database, EmailTokenPurpose } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a token's hash; earlier unused tokens of the same purpose stop working, so only the newest link does. */
export async function insertEmailToken(
  db: Db,
  token: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    newEmail: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', token.userId)
    .where('purpose', '=', token.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      new_email: token.newEmail,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Marks a live token used and returns it; null when unknown, used, expired or of another purpose. */
export async function useEmailToken(db: Db, tokenHash: string, purposes: readonly EmailTokenPurpose[]) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('purpose', 'in', [...purposes])
    .returning(['id', 'user_id', 'purpose', 'new_email'])
    .executeTakeFirst();
}

/**
 * A token by its hash whatever its state (used, replaced by a newer link, expired): what a link that no longer
 * works was for. Undefined when no such token was ever issued.
 */
export async function findEmailTokenByHash(
  db: Db,
  tokenHash: string,
  purposes: readonly EmailTokenPurpose[],
) {
  return db
    .selectFrom('email_tokens')
    .select(['user_id', 'purpose', 'new_email'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', [...purposes])
    .executeTakeFirst();
}

/**
 * A token's state without using it: whose it is, whether it was used (or replaced by a newer link) and whether
 * it has expired, both as the database's clock says (the one `useEmailToken` goes by). Undefined when no such
 * token was ever issued.
 */
export async function findEmailTokenState(db: Db, tokenHash: string, purposes: readonly EmailTokenPurpose[]) {
  return db
    .selectFrom('email_tokens')
    .select(['user_id', 'purpose'])
    .select(sql<boolean>`used_at IS NOT NULL`.as('used'))
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', [...purposes])
    .executeTakeFirst();
}

/** The address of the newest live e-mail change, shown as "waiting for confirmation". */
export async function findPendingEmailChange(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** Whether a token of this purpose was issued within the last `seconds` (to throttle mails). */
export async function findRecentEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  seconds: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return row !== undefined;
}
