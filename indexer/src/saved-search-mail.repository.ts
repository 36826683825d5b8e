import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

// SQL of the weekly saved-search e-mail. One `saved_search_mailings` row per saved search and ISO week: the
// unique key (saved_search_id, period) is what makes the mail once-per-week, not timing.

/**
 * A page (by id) of the saved searches due a weekly mail in `period`: e-mail on, owner premium, verified, not
 * deleted, with an address and saved-search mails not turned off in their settings
 * (`settings.notifications.savedSearches`, on unless false), and no row for the period yet.
 */
export async function findDueSubscriptions(
  db: Kysely<Database>,
  period: string,
  afterId: string | null,
  limit: number,
) {
  let query = db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.name',
      's.criteria',
      's.user_id as userId',
      'u.email',
      'u.first_name as firstName',
      'u.locale',
    ])
    .where('s.send_email', '=', true)
    .where('u.is_premium', '=', true)
    .where('u.verified', '=', true)
    .where('u.deleted_at', 'is', null)
    .where('u.email', 'is not', null)
    .where(sql<boolean>`u.settings #> '{notifications,savedSearches}' is distinct from 'false'::jsonb`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('saved_search_mailings as m')
            .select('m.id')
            .whereRef('m.saved_search_id', '=', 's.id')
            .where('m.period', '=', period),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(limit);
  if (afterId) query = query.where('s.id', '>', afterId);
  return query.execute();
}

export type DueSubscription = Awaited<ReturnType<typeof findDueSubscriptions>>[number];

/**
 * Claims the week of a saved search: the row's id when this caller inserted it, undefined when another run
 * (or another worker) already has it. Claiming comes before any work, so two racing runs never both mail.
 * The row keeps the hash of the token of the week's unsubscribe link.
 */
export async function claimMailing(
  db: Kysely<Database>,
  savedSearchId: string,
  period: string,
  unsubscribeTokenHash: string,
): Promise<number | undefined> {
  const row = await db
    .insertInto('saved_search_mailings')
    .values({ saved_search_id: savedSearchId, period, unsubscribe_token_hash: unsubscribeTokenHash })
    .onConflict((oc) => oc.columns(['saved_search_id', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Gives a claim back (the mail could not be sent), so a retry of the job can send it. */
export async function releaseMailing(db: Kysely<Database>, mailingId: number): Promise<void> {
  await db
    .deleteFrom('saved_search_mailings')
    .where('id', '=', mailingId)
    .where('sent_at', 'is', null)
    .execute();
}

/** The last mailing that was actually sent: its matches are what "new" is measured against. */
export async function findLastSentMailing(db: Kysely<Database>, savedSearchId: string) {
  return db
    .selectFrom('saved_search_mailings')
    .select(['match_ids', 'sent_at', 'period'])
    .where('saved_search_id', '=', savedSearchId)
    .where('sent_at', 'is not', null)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Records a sent mail: every consultant matching at the time (the next week's baseline) and when. */
export async function recordMailingSent(
  db: Kysely<Database>,
  mailing: { id: number; savedSearchId: string; matchIds: readonly string[]; sentAt: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_search_mailings')
      .set({ match_ids: [...mailing.matchIds], sent_at: mailing.sentAt })
      .where('id', '=', mailing.id)
      .execute();
    await trx
      .updateTable('saved_searches')
      .set({ last_emailed_at: mailing.sentAt })
      .where('id', '=', mailing.savedSearchId)
      .execute();
  });
}
