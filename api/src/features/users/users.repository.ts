import type { Database, Locale } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Case-insensitive (citext). */
export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByPersonalNumberHash(db: Db, hash: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('national_identity_number_hash', '=', hash)
    .executeTakeFirst();
}

/** Creates the account of a first BankID login; a concurrent first login of the same person wins the race. */
export async function insertBankIdUser(
  db: Db,
  user: { hash: string; encrypted: string; firstName: string; lastName: string; locale: Locale },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      national_identity_number_hash: user.hash,
      national_identity_number_encrypted: user.encrypted,
      first_name: user.firstName,
      last_name: user.lastName,
      locale: user.locale,
    })
    .onConflict((oc) => oc.column('national_identity_number_hash').doNothing())
    .execute();
}

/** Creates a password account; returns null when the address is taken (case-insensitively). */
export async function insertPasswordUser(
  db: Db,
  user: {
    email: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    locale: Locale;
  },
): Promise<string | null> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      locale: user.locale,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Frees an e-mail address still held by a removed account's tombstone (until its purge), so the person can
 * register again: the tombstone loses the address and its password, which only ever let it answer
 * ACCOUNT_REMOVED. Returns the tombstone's id, or null when no removed account held the address.
 */
export async function releaseRemovedAccountEmail(db: Db, email: string): Promise<string | null> {
  const row = await db
    .updateTable('users')
    .set({ email: null, password_hash: null })
    .where('email', '=', email)
    .where('deleted_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateUser(db: Db, id: string, patch: Updateable<Database['users']>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function touchLastLogin(db: Db, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The profile's searchable flag, or null when the user has no profile. */
export async function findProfileSearchable(db: Db, userId: string): Promise<boolean | null> {
  const row = await db
    .selectFrom('profiles')
    .select('is_searchable')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? row.is_searchable : null;
}
