import type { Database, FeedbackStatus, Locale } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import { userNameSql } from '../../lib/user-name';

export async function insertFeedback(
  db: Kysely<Database>,
  feedback: { userId: string; message: string; page: string | null; locale: Locale },
): Promise<string> {
  const row = await db
    .insertInto('feedback')
    .values({
      user_id: feedback.userId,
      message: feedback.message,
      page: feedback.page,
      locale: feedback.locale,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function feedbackWithSender(db: Kysely<Database>) {
  return db
    .selectFrom('feedback')
    .leftJoin('users', 'users.id', 'feedback.user_id')
    .selectAll('feedback')
    .select(['users.email', 'users.first_name', userNameSql('users').as('name')])
    .select(sql<boolean>`users.deleted_at is not null`.as('sender_removed'));
}

export async function findFeedbackPage(
  db: Kysely<Database>,
  query: { status?: FeedbackStatus; page: number; pageSize: number },
) {
  let rows = feedbackWithSender(db);
  let count = db.selectFrom('feedback').select(sql<number>`count(*)::int`.as('total'));
  if (query.status) {
    rows = rows.where('feedback.status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const [items, total] = await Promise.all([
    rows
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.total };
}

export async function findFeedbackById(db: Kysely<Database>, id: string) {
  return feedbackWithSender(db).where('feedback.id', '=', id).executeTakeFirst();
}

export type FeedbackRow = NonNullable<Awaited<ReturnType<typeof findFeedbackById>>>;

export async function updateFeedback(
  db: Kysely<Database>,
  id: string,
  patch: { status: FeedbackStatus; answer?: string; handledBy: string },
): Promise<void> {
  await db
    .updateTable('feedback')
    .set({
      status: patch.status,
      handled_at: sql`now()`,
      handled_by_user_id: patch.handledBy,
      ...(patch.answer !== undefined ? { answer: patch.answer, answered_at: sql`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}
