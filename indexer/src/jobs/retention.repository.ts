import type { Database } from '@mp/migrations/database';
import { lockOfferLogos } from '@mp/migrations/locks';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** Deleted accounts whose retention period has ended and whose data is still there, oldest first. */
export async function claimAccountsDueForPurge(trx: Transaction<Database>, now: Date, limit: number) {
  return trx
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('purge_after', '<=', now)
    .where('purged_at', 'is', null)
    .orderBy('purge_after')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/**
 * Erases one deleted account's personal data (spec section 9, docs/retention.md). The profile and its parts,
 * saved searches, favourite lists (and the account's place in other users' lists), sessions, tokens,
 * memberships, subscriptions, stored cards and billing details, assessments, terms acceptances, feedback and stored files (uploads:
 * pictures) are deleted; the
 * `users` row keeps only its id and dates as a tombstone, so the id keeps answering 'Profile no longer exists'
 * and bookkeeping rows (bills, time reports: 7 years) keep their reference. Links from rows kept for their own
 * reasons (inquiries, BankID orders, invite links) are cut.
 */
export async function purgeAccount(trx: Transaction<Database>, userId: string, now: Date): Promise<void> {
  await trx.deleteFrom('profiles').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  await trx.deleteFrom('favorite_groups').where('user_id', '=', userId).execute();
  await trx.deleteFrom('favorite_group_members').where('profile_user_id', '=', userId).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('company_memberships').where('user_id', '=', userId).execute();
  // A subscription that was paid for stays with its payments (their receipts are bookkeeping, kept 7 years, and
  // deleting the subscription would take them with it: ON DELETE CASCADE); it names no one but the tombstone.
  // The bookkeeping purge removes it once its last payment goes.
  await trx
    .deleteFrom('subscriptions')
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.subscription_id', '=', 'subscriptions.id'),
        ),
      ),
    )
    .execute();
  await trx.deleteFrom('payment_methods').where('user_id', '=', userId).execute();
  await trx.deleteFrom('payment_details').where('user_id', '=', userId).execute();
  await trx.deleteFrom('assessment_orders').where('user_id', '=', userId).execute();
  await trx.deleteFrom('terms_acceptances').where('user_id', '=', userId).execute();
  await trx.deleteFrom('feedback').where('user_id', '=', userId).execute();
  // Stored files (profile pictures, of every kind): the tombstone keeps the users row, so the foreign key's
  // cascade never fires. The deletion took the pictures already; this catches any written after it.
  await trx.deleteFrom('uploads').where('owner_user_id', '=', userId).execute();
  await trx.updateTable('inquiries').set({ user_id: null }).where('user_id', '=', userId).execute();
  await trx
    .updateTable('inquiries')
    .set({ consultant_user_id: null })
    .where('consultant_user_id', '=', userId)
    .execute();
  await trx
    .updateTable('bankid_orders')
    .set({ completed_user_id: null })
    .where('completed_user_id', '=', userId)
    .execute();
  await trx
    .updateTable('company_invite_links')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
  await trx
    .updateTable('users')
    .set({
      email: null,
      password_hash: null,
      first_name: null,
      last_name: null,
      phone: null,
      national_identity_number_hash: null,
      national_identity_number_encrypted: null,
      picture_key: null,
      picture_url: null,
      settings: JSON.stringify({}),
      last_login_at: null,
      terms_consent_at: null,
      verified: false,
      is_admin: false,
      is_premium: false,
      purged_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) =>
  Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0n);

/** Marketing data (spec section 9: 12 months): contact-form inquiries and the anonymous search events. */
export async function deleteMarketingDataBefore(db: Db, cutoff: Date) {
  const inquiries = await db.deleteFrom('inquiries').where('created_at', '<', cutoff).executeTakeFirst();
  const searchEvents = await db.deleteFrom('search_events').where('at', '<', cutoff).executeTakeFirst();
  return { inquiries: count(inquiries), searchEvents: count(searchEvents) };
}

/**
 * Abuse and fraud-check data (12 months): login attempts, BankID orders (personal number hash, client
 * address), sessions that ended, and the client addresses in the audit log (the entries themselves stay).
 */
export async function deleteAbuseCheckDataBefore(db: Db, cutoff: Date) {
  const loginAttempts = await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', cutoff)
    .executeTakeFirst();
  const bankidOrders = await db
    .deleteFrom('bankid_orders')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<', cutoff).executeTakeFirst();
  const auditAddresses = await db
    .updateTable('audit_log')
    .set({ ip: null })
    .where('at', '<', cutoff)
    .where('ip', 'is not', null)
    .executeTakeFirst();
  return {
    loginAttempts: count(loginAttempts),
    bankidOrders: count(bankidOrders),
    sessions: count(sessions),
    auditAddresses: count(auditAddresses),
  };
}

/**
 * Bookkeeping (7 years): bills (with their lines), time reports, the months they were submitted and approved in,
 * and card payments (receipts) dated before the cutoff; then what only they kept: assignments that ended before
 * the cutoff with no report, month or bill left, and the subscriptions of purged accounts with no payment left.
 */
export async function deleteBookkeepingBefore(db: Db, cutoff: Date, cutoffDay: string) {
  const bills = await db
    .deleteFrom('bills')
    .where(sql<Date>`coalesce(issued_at, created_at)`, '<', cutoff)
    .executeTakeFirst();
  const timeReports = await db
    .deleteFrom('time_reports')
    .where('work_date', '<', cutoffDay)
    .executeTakeFirst();
  const timeMonths = await db
    .deleteFrom('time_report_months')
    .where('month', '<', cutoffDay)
    .executeTakeFirst();
  const assignments = await db
    .deleteFrom('assignments')
    .where('end_date', '<', cutoffDay)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('time_reports')
            .select('time_reports.id')
            .whereRef('time_reports.assignment_id', '=', 'assignments.id')
            .union(
              selectFrom('time_report_months')
                .select('time_report_months.assignment_id as id')
                .whereRef('time_report_months.assignment_id', '=', 'assignments.id'),
            )
            .union(
              selectFrom('bills').select('bills.id').whereRef('bills.assignment_id', '=', 'assignments.id'),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  const payments = await db.deleteFrom('payments').where('created_at', '<', cutoff).executeTakeFirst();
  await db
    .deleteFrom('subscriptions')
    .where('user_id', 'in', db.selectFrom('users').select('id').where('purged_at', 'is not', null))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.subscription_id', '=', 'subscriptions.id'),
        ),
      ),
    )
    .execute();
  return {
    bills: count(bills),
    timeReports: count(timeReports),
    timeMonths: count(timeMonths),
    assignments: count(assignments),
    payments: count(payments),
  };
}

/**
 * Outbox rows the index worker acknowledged before `cutoff`: their change is in the index long since, only the
 * record of its delivery goes. Rows not acknowledged (waiting, in a batch being retried or re-sent) are never
 * touched, whatever their age. In slices, so a first run over a large backlog holds no long lock.
 */
export async function deleteAcknowledgedOutboxRowsBefore(db: Db, cutoff: Date, slice = 10_000) {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM outbox WHERE id IN (
        SELECT id FROM outbox WHERE acked_at < ${cutoff} LIMIT ${slice})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    deleted += n;
    if (n < slice) return deleted;
  }
}

/**
 * Mail outbox rows finished before `cutoff` (sent, or given up on): the mail was delivered or its failure is long
 * since logged, and the row holds a recipient's address and what the mail said. A pending row is never touched.
 * In slices, as the search outbox.
 */
export async function deleteFinishedMailOutboxRowsBefore(db: Db, cutoff: Date, slice = 10_000) {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM mail_outbox WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status IN ('sent', 'failed') AND created_at < ${cutoff} LIMIT ${slice})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    deleted += n;
    if (n < slice) return deleted;
  }
}

/**
 * Partner offers' logos (`uploads` of kind 'offer_logo', no owner) that no offer uses and that were uploaded
 * before `cutoff`: uploaded but never saved on an offer, replaced by another, or left by a deleted offer. A logo
 * uploaded after the cutoff may still be waiting in an admin's open form, so it stays. A logo any offer's address
 * names is never touched, whatever its age (an address naming the key under an older API address counts too).
 */
export async function deleteUnreferencedOfferLogosBefore(db: Kysely<Database>, cutoff: Date) {
  return db.transaction().execute(async (trx) => {
    await lockOfferLogos(trx);
    const result = await sql`
      DELETE FROM uploads
      WHERE kind = 'offer_logo' AND created_at < ${cutoff}
        AND NOT EXISTS (
          SELECT 1 FROM offers WHERE offers.logo_url IS NOT NULL AND strpos(offers.logo_url, uploads.key) > 0)`.execute(
      trx,
    );
    return Number(result.numAffectedRows ?? 0n);
  });
}
