import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSession(db: Db, session: { jti: string; userId: string; expiresAt: Date }) {
  await db
    .insertInto('sessions')
    // A login is itself a confirmation of who the user is: a fresh session may take steps that need one.
    .values({
      jti: session.jti,
      user_id: session.userId,
      expires_at: session.expiresAt,
      confirmed_at: new Date(),
    })
    .execute();
}

/** The session and the few user facts every authenticated request needs, in one indexed lookup. */
export async function findSessionWithUser(db: Db, jti: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      's.expires_at',
      's.revoked_at',
      's.confirmed_at',
      'u.deleted_at',
      'u.verified',
      'u.is_admin',
      'u.is_premium',
      'u.locale',
    ])
    .where('s.jti', '=', jti)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, jti: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, optionally keeping one (the one changing the password). */
export async function revokeUserSessions(db: Db, userId: string, keepJti?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  if (keepJti) query = query.where('jti', '!=', keepJti);
  await query.execute();
}

/** The user just confirmed who they are (fresh BankID or password) in this session. */
export async function markSessionConfirmed(db: Db, jti: string): Promise<Date> {
  const confirmedAt = new Date();
  await db.updateTable('sessions').set({ confirmed_at: confirmedAt }).where('jti', '=', jti).execute();
  return confirmedAt;
}
