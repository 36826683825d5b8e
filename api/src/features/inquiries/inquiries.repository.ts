import type { Database, Locale } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { userDisplayNameSql } from '../../lib/user-name';

export async function insertInquiry(
  db: Kysely<Database>,
  inquiry: {
    userId: string | null;
    consultantUserId: string | null;
    name: string;
    email: string;
    details: string;
    phone: string | null;
    criteria: string | null;
    locale: Locale;
  },
): Promise<string> {
  const row = await db
    .insertInto('inquiries')
    .values({
      user_id: inquiry.userId,
      consultant_user_id: inquiry.consultantUserId,
      name: inquiry.name,
      email: inquiry.email,
      details: inquiry.details,
      phone: inquiry.phone,
      terms_accepted: true,
      criteria: inquiry.criteria,
      locale: inquiry.locale,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The consultant a profile's user id names, with their name (else e-mail address) for the operators; undefined
 * when that user has no profile, the profile is hidden (not searchable) or the account is deleted.
 */
export async function findInquiryConsultant(
  db: Kysely<Database>,
  userId: string,
): Promise<{ name: string | null } | undefined> {
  return db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select(userDisplayNameSql('users').as('name'))
    .where('profiles.user_id', '=', userId)
    .where('profiles.is_searchable', '=', true)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}
