import { randomUUID } from 'node:crypto';
import { createDatabase } from '@mp/migrations/db';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { createBuyerCompany, hire, loggedIn } from '@mp/test-support/time-fixtures';
import { loadIndexerConfig } from '../config';
import { QUEUES, RETENTION, type RetentionPayload } from '../queues';
import { scheduleRetention } from '../schedules';
import { bookkeepingCutoff, handleRetention } from './retention.job';
import { TEST_DATABASE_URL } from '@mp/test-support/database';

const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 4 });
let app: FastifyInstance;

// The simulated clock: the job computes every cutoff from the payload's `now`, and each row is dated
// relative to it, just inside or just outside its retention period.
const NOW = new Date('2026-11-20T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const monthsAgo = (months: number) => {
  const date = new Date(NOW);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
  await db.destroy();
});

async function deleteAccount(userId: string, purgeAfter: Date) {
  await db
    .updateTable('users')
    .set({ deleted_at: new Date(purgeAfter.getTime() - 92 * 86_400_000), purge_after: purgeAfter })
    .where('id', '=', userId)
    .execute();
  await db.updateTable('profiles').set({ is_searchable: false }).where('user_id', '=', userId).execute();
}

async function insertBill(userId: string, issuedAt: Date) {
  const row = await db
    .insertInto('bills')
    .values({
      user_id: userId,
      number: `R-${tag}-${issuedAt.getTime()}`,
      status: 'issued',
      subtotal_ore: 10_000,
      vat_ore: 2_500,
      total_ore: 12_500,
      issued_at: issuedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the retention job', () => {
  it('purges exactly what the policy says, and nothing else', async () => {
    const [due, notYet, live] = await createConsultants(db, [
      buildProfileInput({ firstName: 'Purge', lastName: `Due${tag}` }),
      buildProfileInput({ firstName: 'Purge', lastName: `NotYet${tag}` }),
      buildProfileInput({ firstName: 'Live', lastName: `Kept${tag}` }),
    ]);
    // Stored pictures: one each (the due account's written after its deletion, which took the older ones).
    const pictures = new Map<string, string>();
    for (const account of [due!, notYet!, live!]) {
      // As the API's picture store writes them (api/src/features/pictures/picture-store.ts).
      const key = `${randomUUID()}.webp`;
      await db
        .insertInto('uploads')
        .values({
          key,
          owner_user_id: account.userId,
          kind: 'picture',
          content_type: 'image/webp',
          bytes: Buffer.from(`picture of ${account.userId}`),
        })
        .execute();
      await db.updateTable('users').set({ picture_key: key }).where('id', '=', account.userId).execute();
      pictures.set(account.userId, key);
    }
    // Who is billed (POST /store/ipu): name, address and organisation number.
    await db
      .insertInto('payment_details')
      .values(
        [due!, live!].map((account) => ({
          user_id: account.userId,
          billing_name: `Fakturamottagare ${tag}`,
          address_line: 'Storgatan 1',
          postal_code: '111 22',
          city: 'Stockholm',
          organisation_number: '556677-8899',
        })),
      )
      .execute();
    await deleteAccount(due!.userId, days(-1));
    await deleteAccount(notYet!.userId, days(1));

    // The live user's favourite list holds the account being purged.
    const group = await db
      .insertInto('favorite_groups')
      .values({ user_id: live!.userId, name: `Lista ${tag}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('favorite_group_members')
      .values([
        { group_id: group.id, profile_user_id: due!.userId },
        { group_id: group.id, profile_user_id: notYet!.userId },
      ])
      .execute();
    await db
      .insertInto('sessions')
      .values({ jti: randomUUID(), user_id: due!.userId, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();

    // Bookkeeping: before the 7-year cutoff (1 January seven years back) goes, after it stays.
    const cutoff = bookkeepingCutoff(NOW);
    expect(cutoff.day).toBe('2019-01-01');
    const oldBill = await insertBill(due!.userId, new Date('2018-12-30T12:00:00Z'));
    const keptBill = await insertBill(due!.userId, new Date('2019-01-02T12:00:00Z'));
    // Card payments are receipts (bookkeeping too); deleting a subscription would take its payments with it.
    const plan = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow();
    const subscription = async () =>
      (
        await db
          .insertInto('subscriptions')
          .values({ user_id: due!.userId, plan_id: plan.id, status: 'cancelled' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [unpaid, paidRecently, paidLongAgo] = [
      await subscription(),
      await subscription(),
      await subscription(),
    ];
    const payment = async (subscriptionId: string, createdAt: Date) =>
      (
        await db
          .insertInto('payments')
          .values({
            user_id: due!.userId,
            purpose: 'subscription',
            subscription_id: subscriptionId,
            provider: 'test',
            provider_intent_id: randomUUID(),
            idempotency_key: randomUUID(),
            amount_ore: 19_900,
            status: 'succeeded',
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Assignments: one that ended before the cutoff goes with its last report and month; one that ended
    // then but has a bill after the cutoff, and one still running since then, stay.
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const period = { startDate: '2018-01-01', endDate: '2018-12-31' };
    const [ended, billedLater, running] = [
      await hire(app, buyer, consultant, period),
      await hire(app, buyer, consultant, period),
      await hire(app, buyer, consultant, { startDate: '2018-01-01', endDate: null }),
    ];
    for (const assignmentId of [ended, billedLater, running]) {
      await db
        .insertInto('time_reports')
        .values([
          { assignment_id: assignmentId, user_id: consultant.id, work_date: '2018-12-28', hours: 8 },
          { assignment_id: assignmentId, user_id: consultant.id, work_date: '2019-01-02', hours: 8 },
        ])
        .onConflict((oc) => oc.doNothing())
        .execute();
      await db
        .insertInto('time_report_months')
        .values([
          { assignment_id: assignmentId, month: '2018-12-01', status: 'approved' },
          { assignment_id: assignmentId, month: '2019-01-01', status: 'approved' },
        ])
        .execute();
    }
    // The ended one's January report and month went in a purge of their own (say, by the consultant).
    await db
      .deleteFrom('time_reports')
      .where('assignment_id', '=', ended)
      .where('work_date', '=', '2019-01-02')
      .execute();
    await db
      .deleteFrom('time_report_months')
      .where('assignment_id', '=', ended)
      .where('month', '=', '2019-01-01')
      .execute();
    await db
      .deleteFrom('time_reports')
      .where('assignment_id', '=', billedLater)
      .where('work_date', '=', '2019-01-02')
      .execute();
    await db
      .deleteFrom('time_report_months')
      .where('assignment_id', '=', billedLater)
      .where('month', '=', '2019-01-01')
      .execute();
    const laterBill = await insertBill(consultant.id, new Date('2019-01-05T12:00:00Z'));
    await db
      .updateTable('bills')
      .set({ assignment_id: billedLater, period_month: '2018-12-01' })
      .where('id', '=', laterBill)
      .execute();

    const oldPayment = await payment(paidRecently, new Date('2018-12-30T12:00:00Z'));
    const keptPayment = await payment(paidRecently, new Date('2019-01-02T12:00:00Z'));
    const lastOldPayment = await payment(paidLongAgo, new Date('2018-06-01T12:00:00Z'));

    // Marketing and abuse-check data: 12 months.
    const inquiry = (name: string, at: Date) => ({
      name,
      email: `${name}-${tag}@example.se`,
      details: 'Vi söker en utvecklare.',
      terms_accepted: true,
      created_at: at,
      user_id: name === 'linked' ? due!.userId : null,
      // An inquiry a buyer sent about the consultant (from the profile): the link is cut, the inquiry stays.
      consultant_user_id: name === 'about' ? due!.userId : null,
    });
    await db
      .insertInto('inquiries')
      .values([
        inquiry('old', monthsAgo(13)),
        inquiry('recent', monthsAgo(11)),
        inquiry('linked', monthsAgo(1)),
        inquiry('about', monthsAgo(1)),
      ])
      .execute();
    await db
      .insertInto('login_attempts')
      .values([
        { key: `email:old-${tag}@example.se`, attempted_at: monthsAgo(13), succeeded: false },
        { key: `email:recent-${tag}@example.se`, attempted_at: monthsAgo(11), succeeded: false },
      ])
      .execute();
    await db
      .insertInto('audit_log')
      .values([
        { actor_user_id: null, action: `test.old.${tag}`, ip: '10.1.2.3', at: monthsAgo(13) },
        { actor_user_id: null, action: `test.recent.${tag}`, ip: '10.1.2.4', at: monthsAgo(11) },
      ])
      .execute();
    await db
      .insertInto('search_events')
      .values([
        { search_term: `old-${tag}`, total: 1, at: monthsAgo(13) },
        { search_term: `recent-${tag}`, total: 1, at: monthsAgo(11) },
      ])
      .execute();

    // Outbox: acknowledged rows go 30 days after their acknowledgement; a row never acknowledged stays.
    const outboxRow = (name: string, ackedAt: Date | null) => ({
      aggregate_type: 'retention-test',
      aggregate_id: `${name}-${tag}`,
      event_type: 'test',
      created_at: days(-60),
      sent_at: days(-60),
      acked_at: ackedAt,
    });
    await db
      .insertInto('outbox')
      .values([
        outboxRow('acked-old', days(-31)),
        outboxRow('acked-recent', days(-29)),
        outboxRow('unacked', null),
      ])
      .execute();

    // Mail outbox: sent or failed rows go 30 days after they were written; a pending row stays.
    // (Due far ahead, so a sweep in another test file never sends the pending one.)
    const mailRow = (name: string, status: 'sent' | 'failed' | 'pending', createdAt: Date) => ({
      recipient: `${name}-${tag}@example.se`,
      locale: 'sv' as const,
      template: 'timeMonthApproved',
      status,
      created_at: createdAt,
      next_attempt_at: new Date(Date.now() + 10 * 365 * 86_400_000),
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mailRow('sent-old', 'sent', days(-31)),
        mailRow('failed-old', 'failed', days(-31)),
        mailRow('pending-old', 'pending', days(-31)),
        mailRow('sent-recent', 'sent', days(-29)),
      ])
      .execute();

    const payload: RetentionPayload = { now: NOW.toISOString() };
    const result = await handleRetention({ db, batchSize: 2 }, payload);
    expect(result.accountsPurged).toBeGreaterThanOrEqual(1);

    // The due account: a tombstone with nothing personal left, and no profile.
    const tombstone = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', due!.userId)
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({
      email: null,
      password_hash: null,
      first_name: null,
      last_name: null,
      phone: null,
      national_identity_number_hash: null,
      national_identity_number_encrypted: null,
      picture_key: null,
      picture_url: null,
      settings: {},
      verified: false,
      purged_at: NOW,
    });
    expect(tombstone.deleted_at).toBeInstanceOf(Date);
    const left = async (table: 'profiles' | 'sessions', column: 'user_id') =>
      (await db.selectFrom(table).select(column).where(column, '=', due!.userId).execute()).length;
    expect(await left('profiles', 'user_id')).toBe(0);
    expect(await left('sessions', 'user_id')).toBe(0);
    const billed = await db
      .selectFrom('payment_details')
      .select('user_id')
      .where('user_id', 'in', [due!.userId, live!.userId])
      .execute();
    expect(billed).toEqual([{ user_id: live!.userId }]);
    // Its stored pictures are gone; those of the other accounts stay.
    const uploads = await db
      .selectFrom('uploads')
      .select(['key', 'owner_user_id'])
      .where('owner_user_id', 'in', [due!.userId, notYet!.userId, live!.userId])
      .orderBy('key')
      .execute();
    expect(uploads).toEqual(
      [notYet!, live!]
        .map((kept) => ({ key: pictures.get(kept.userId)!, owner_user_id: kept.userId }))
        .sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    const picture = await app.inject({ method: 'GET', url: `/api/pictures/${pictures.get(due!.userId)}` });
    expect(picture.statusCode).toBe(404);
    const members = await db
      .selectFrom('favorite_group_members')
      .select('profile_user_id')
      .where('group_id', '=', group.id)
      .execute();
    expect(members.map((m) => m.profile_user_id)).toEqual([notYet!.userId]);
    const linked = await db
      .selectFrom('inquiries')
      .select(['name', 'user_id', 'consultant_user_id'])
      .where('email', 'like', `%-${tag}@example.se`)
      .orderBy('name')
      .execute();
    expect(linked).toEqual([
      { name: 'about', user_id: null, consultant_user_id: null },
      { name: 'linked', user_id: null, consultant_user_id: null },
      { name: 'recent', user_id: null, consultant_user_id: null },
    ]);

    // 'Profile no longer exists' holds for the purged account.
    const viewed = await app.inject({
      method: 'GET',
      url: `/api/profile/${due!.userId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(viewed.statusCode).toBe(410);
    expect(viewed.json()).toEqual({
      code: 'PROFILE_NO_LONGER_EXISTS',
      errorMessage: 'Profile no longer exists',
    });

    // Not yet due and live accounts are untouched.
    for (const kept of [notYet!, live!]) {
      const row = await db
        .selectFrom('users')
        .innerJoin('profiles', 'profiles.user_id', 'users.id')
        .select(['users.email', 'users.first_name', 'users.purged_at', 'profiles.version'])
        .where('users.id', '=', kept.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        email: kept.email,
        first_name: row.first_name,
        purged_at: null,
        version: kept.version,
      });
      expect(row.first_name).not.toBeNull();
    }

    // Bills: 7 years, and the kept one still points at the tombstone.
    const bills = await db
      .selectFrom('bills')
      .select(['id', 'user_id'])
      .where('number', 'like', `R-${tag}-%`)
      .execute();
    expect(bills).toEqual(
      expect.arrayContaining([
        { id: keptBill, user_id: due!.userId },
        { id: laterBill, user_id: consultant.id },
      ]),
    );
    expect(bills).toHaveLength(2);
    expect(bills.map((b) => b.id)).not.toContain(oldBill);

    // 12 months: older rows go (the audit entry stays, without its address), newer ones stay.
    const attempts = await db
      .selectFrom('login_attempts')
      .select('key')
      .where('key', 'like', `%-${tag}@example.se`)
      .execute();
    expect(attempts.map((a) => a.key)).toEqual([`email:recent-${tag}@example.se`]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', sql<string | null>`host(ip)`.as('ip')])
      .where('action', 'like', `test.%.${tag}`)
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      { action: `test.old.${tag}`, ip: null },
      { action: `test.recent.${tag}`, ip: '10.1.2.4' },
    ]);
    const events = await db
      .selectFrom('search_events')
      .select('search_term')
      .where('search_term', 'like', `%-${tag}`)
      .execute();
    expect(events.map((e) => e.search_term)).toEqual([`recent-${tag}`]);
    const outbox = db.selectFrom('outbox').where('aggregate_id', 'like', `%-${tag}`);
    const keptOutbox = await outbox.select('aggregate_id').orderBy('aggregate_id').execute();
    expect(keptOutbox.map((r) => r.aggregate_id)).toEqual([`acked-recent-${tag}`, `unacked-${tag}`]);
    expect(result.outbox.acknowledged).toBeGreaterThanOrEqual(1);
    const keptMails = await db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('recipient', 'like', `%-${tag}@example.se`)
      .orderBy('recipient')
      .execute();
    expect(keptMails.map((r) => r.recipient)).toEqual([
      `pending-old-${tag}@example.se`,
      `sent-recent-${tag}@example.se`,
    ]);
    expect(result.mailOutbox.finished).toBeGreaterThanOrEqual(2);

    // Receipts from before the cutoff go; a paid subscription stays while a payment is left for it.
    const payments = await db
      .selectFrom('payments')
      .select('id')
      .where('id', 'in', [oldPayment, keptPayment, lastOldPayment])
      .execute();
    expect(payments).toEqual([{ id: keptPayment }]);
    expect(result.bookkeeping.payments).toBeGreaterThanOrEqual(2);
    const subscriptions = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', 'in', [unpaid, paidRecently, paidLongAgo])
      .execute();
    expect(subscriptions).toEqual([{ id: paidRecently }]);

    // Reports and months before the cutoff go; an assignment goes once nothing of its bookkeeping is left.
    const reports = await db
      .selectFrom('time_reports')
      .select(['assignment_id', sql<string>`work_date::text`.as('day')])
      .where('assignment_id', 'in', [ended, billedLater, running])
      .execute();
    expect(reports).toEqual([{ assignment_id: running, day: '2019-01-02' }]);
    const months = await db
      .selectFrom('time_report_months')
      .select(['assignment_id', sql<string>`month::text`.as('month')])
      .where('assignment_id', 'in', [ended, billedLater, running])
      .execute();
    expect(months).toEqual([{ assignment_id: running, month: '2019-01-01' }]);
    const assignments = await db
      .selectFrom('assignments')
      .select('id')
      .where('id', 'in', [ended, billedLater, running])
      .execute();
    expect(assignments.map((a) => a.id).sort()).toEqual([billedLater, running].sort());

    // Run again: nothing left to do for these rows.
    const again = await handleRetention({ db }, payload);
    expect(again.accountsPurged).toBe(0);
    expect(again.bookkeeping.bills).toBe(0);
    expect(again.bookkeeping.payments).toBe(0);
    expect(again.bookkeeping.assignments).toBe(0);
    expect(again.outbox.acknowledged).toBe(0);
    expect(again.mailOutbox.finished).toBe(0);
    // A pending row would be sent by a commerce worker's sweep.
    await db.deleteFrom('mail_outbox').where('recipient', 'like', `%-${tag}@example.se`).execute();
    // The kept rows would count as pending in the admin dashboard's outbox lag.
    await db.deleteFrom('outbox').where('aggregate_id', 'like', `%-${tag}`).execute();
  });

  it('is registered as one BullMQ job scheduler, removed by an empty pattern', async () => {
    const prefix = `it-retention-${tag}`;
    const config = loadIndexerConfig({ ...process.env, QUEUE_PREFIX: prefix });
    const queue = new Queue<RetentionPayload>(QUEUES.retention, {
      connection: { url: config.REDIS_URL },
      prefix,
    });
    try {
      await scheduleRetention(queue, config);
      await scheduleRetention(queue, config);
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => ({ key: s.key, pattern: s.pattern, tz: s.tz }))).toEqual([
        { key: RETENTION, pattern: '30 3 * * *', tz: 'Europe/Stockholm' },
      ]);
      await scheduleRetention(queue, { ...config, RETENTION_PATTERN: '' });
      expect(await queue.getJobSchedulers()).toEqual([]);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
