import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { userNameSql } from '../../lib/user-name';

type Db = Kysely<Database> | Transaction<Database>;

export interface ExperienceForReference {
  id: string;
  company: string;
  job_title: string;
  start_year: number;
  end_year: number | null;
  ongoing: boolean;
}

/** An experience of the given profile, or undefined when it is not that profile's. */
export function findProfileExperience(
  db: Db,
  profileId: string,
  experienceId: string,
): Promise<ExperienceForReference | undefined> {
  return db
    .selectFrom('experiences')
    .select(['id', 'company', 'job_title', 'start_year', 'end_year', 'ongoing'])
    .where('id', '=', experienceId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export async function countExperienceReferences(db: Db, experienceId: string): Promise<number> {
  const row = await db
    .selectFrom('experience_references')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('experience_id', '=', experienceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertReference(
  db: Db,
  row: { experienceId: string; firstName: string; lastName: string; email: string; tokenHash: string },
): Promise<string> {
  const inserted = await db
    .insertInto('experience_references')
    .values({
      experience_id: row.experienceId,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      token_hash: row.tokenHash,
      requested_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A reference of the given profile with its experience, or undefined. */
export function findProfileReference(db: Db, profileId: string, referenceId: string) {
  return db
    .selectFrom('experience_references as r')
    .innerJoin('experiences as x', 'x.id', 'r.experience_id')
    .select([
      'r.id',
      'r.first_name',
      'r.last_name',
      'r.email',
      'r.status',
      'x.id as experience_id',
      'x.company',
      'x.job_title',
      'x.start_year',
      'x.end_year',
      'x.ongoing',
    ])
    .where('r.id', '=', referenceId)
    .where('x.profile_id', '=', profileId)
    .executeTakeFirst();
}

export async function renewReferenceToken(db: Db, referenceId: string, tokenHash: string): Promise<void> {
  await db
    .updateTable('experience_references')
    .set({ token_hash: tokenHash, requested_at: sql<Date>`now()` })
    .where('id', '=', referenceId)
    .execute();
}

export async function deleteReference(db: Db, referenceId: string): Promise<void> {
  await db.deleteFrom('experience_references').where('id', '=', referenceId).execute();
}

/** The reference a token opens, while its consultant's account exists; undefined for an unknown token. */
export function findReferenceByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('experience_references as r')
    .innerJoin('experiences as x', 'x.id', 'r.experience_id')
    .innerJoin('profiles as p', 'p.id', 'x.profile_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'r.id',
      'r.first_name',
      'r.last_name',
      'r.status',
      'r.requested_at',
      'x.company',
      'x.job_title',
      'x.start_year',
      'x.end_year',
      'x.ongoing',
      'u.id as consultant_user_id',
      'u.first_name as consultant_first_name',
      'u.locale as consultant_locale',
    ])
    .where('r.token_hash', '=', tokenHash)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Records the referee's answer if the reference is still pending; false when another answer got there first
 * (the token is single-use even under concurrent submits).
 */
export async function recordReferenceAnswer(
  db: Db,
  referenceId: string,
  answer: {
    status: 'approved' | 'declined';
    rating: number | null;
    review: string | null;
    comment: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('experience_references')
    .set({ ...answer, responded_at: sql<Date>`now()` })
    .where('id', '=', referenceId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The consultant's name and language, for the mail to a referee. */
export function findConsultantName(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([userNameSql('users').as('name'), 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/** Reference mails (requests and resends) the user has sent in the last 24 hours, by the audit log. */
export async function countReferenceMailsLastDay(db: Db, userId: string): Promise<number> {
  const { sent } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('actor_user_id', '=', userId)
    .where('action', 'in', ['reference.requested', 'reference.resent'])
    .where('at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(sent);
}
