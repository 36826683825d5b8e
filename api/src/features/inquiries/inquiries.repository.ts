import type { Database, Locale } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

export async function insertInquiry(
  db: Kysely<Database>,
  inquiry: {
    userId: string | null;
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

export async function markInquiryMailed(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('inquiries')
    .set({ mailed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** True when `userId` has a profile (searchable or not): the operators can then be given a link to it. */
export async function hasProfile(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
