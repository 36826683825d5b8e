import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as approverNotConsultant from './migrations/202611300100_assignment_approver_not_consultant';
import * as deletedAccountMemberships from './migrations/202611300110_deleted_account_memberships';
import * as paymentSucceededAt from './migrations/202612010800_payment_succeeded_at';
import { migrateToLatest } from './migrator';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

// The data repairs that bring rows from before a rule to the state the rule leaves: run on a database holding
// such rows (written directly, as the old code could), and run again to show they change nothing more.

let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await createScratchDatabase('marketplace_repairs');
  await migrateToLatest(scratch.db);
});

afterAll(async () => {
  await scratch?.drop();
});

async function insertUser(email: string, deletedAt: Date | null = null) {
  const user = await scratch.db
    .insertInto('users')
    .values({ email, first_name: 'Anna', last_name: 'Lind', deleted_at: deletedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

async function insertCompany(name: string, members: Array<[string, 'admin' | 'member']>) {
  const { id } = await scratch.db
    .insertInto('companies')
    .values({ business_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await scratch.db
    .insertInto('company_memberships')
    .values(members.map(([userId, role]) => ({ company_id: id, user_id: userId, role })))
    .execute();
  return id;
}

async function insertAssignment(companyId: string, consultantId: string, approverId: string) {
  const contract = await scratch.db
    .insertInto('contracts')
    .values({
      company_id: companyId,
      name: 'Konsultavtal',
      status: 'signed',
      signer_user_id: consultantId,
      sent_at: new Date(),
      signed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await scratch.db
    .insertInto('assignments')
    .values({
      company_id: companyId,
      contract_id: contract.id,
      consultant_user_id: consultantId,
      approver_user_id: approverId,
      hourly_fee_ore: 90_000,
      overtime_fee_ore: 120_000,
      start_date: '2026-03-02',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const membersOf = async (companyId: string) =>
  (
    await scratch.db
      .selectFrom('company_memberships')
      .select(['user_id', 'role'])
      .where('company_id', '=', companyId)
      .orderBy('user_id')
      .execute()
  ).map((row) => [row.user_id, row.role]);

const approverOf = async (assignmentId: string) =>
  (
    await scratch.db
      .selectFrom('assignments')
      .select('approver_user_id')
      .where('id', '=', assignmentId)
      .executeTakeFirstOrThrow()
  ).approver_user_id;

const auditRows = () =>
  scratch.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'action', 'subject_id', 'data'])
    .orderBy('id')
    .execute();

describe('data repairs', () => {
  it('an assignment whose approver is its own consultant loses its approver, once', async () => {
    const admin = await insertUser('admin-sod@example.se');
    const consultant = await insertUser('consultant-sod@example.se');
    const companyId = await insertCompany('Köparbolaget AB', [
      [admin, 'admin'],
      [consultant, 'member'],
    ]);
    const own = await insertAssignment(companyId, consultant, consultant);
    const other = await insertAssignment(companyId, consultant, admin);
    const before = (await auditRows()).length;

    await approverNotConsultant.up(scratch.db);
    await approverNotConsultant.up(scratch.db);

    expect(await approverOf(own)).toBeNull();
    expect(await approverOf(other)).toBe(admin);
    expect((await auditRows()).slice(before)).toEqual([
      {
        actor_user_id: null,
        action: 'assignment.approver_removed',
        subject_id: own,
        data: { companyId, userId: consultant, reason: 'consultant' },
      },
    ]);
  });

  it('memberships and approver roles of accounts deleted before deletions ended them are removed, once', async () => {
    const deletedAt = new Date('2026-10-01T10:00:00Z');
    const admin = await insertUser('admin-old@example.se');
    const live = await insertUser('live-old@example.se');
    const gone = await insertUser('gone-old@example.se', deletedAt);
    const goneAdmin = await insertUser('gone-admin-old@example.se', deletedAt);
    const consultant = await insertUser('consultant-old@example.se');
    const first = await insertCompany('Första AB', [
      [admin, 'admin'],
      [live, 'member'],
      [gone, 'member'],
    ]);
    const second = await insertCompany('Andra AB', [
      [goneAdmin, 'admin'],
      [gone, 'admin'],
      [live, 'member'],
    ]);
    const approvedByGone = await insertAssignment(first, consultant, gone);
    const approvedByLive = await insertAssignment(first, consultant, live);
    const before = (await auditRows()).length;

    await deletedAccountMemberships.up(scratch.db);
    await deletedAccountMemberships.up(scratch.db);

    expect(await membersOf(first)).toEqual(
      [
        [admin, 'admin'],
        [live, 'member'],
      ].sort(),
    );
    // A company whose every admin was deleted keeps its other members; nobody is made admin for it.
    expect(await membersOf(second)).toEqual([[live, 'member']]);
    expect(await approverOf(approvedByGone)).toBeNull();
    expect(await approverOf(approvedByLive)).toBe(live);

    const audit = (await auditRows()).slice(before);
    expect(audit).toHaveLength(4);
    expect(audit).toEqual(
      expect.arrayContaining([
        {
          actor_user_id: gone,
          action: 'company.member.leave',
          subject_id: first,
          data: { userId: gone, accountDeleted: true },
        },
        {
          actor_user_id: gone,
          action: 'company.member.leave',
          subject_id: second,
          data: { userId: gone, accountDeleted: true },
        },
        {
          actor_user_id: goneAdmin,
          action: 'company.member.leave',
          subject_id: second,
          data: { userId: goneAdmin, accountDeleted: true },
        },
        {
          actor_user_id: gone,
          action: 'assignment.approver_removed',
          subject_id: approvedByGone,
          data: { companyId: first, userId: gone, reason: 'account_deleted' },
        },
      ]),
    );
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM company_memberships m
      JOIN users u ON u.id = m.user_id WHERE u.deleted_at IS NOT NULL`.execute(scratch.db);
    expect(rows[0]?.count).toBe(0);
  });

  it('payments paid before succeeded_at get the earliest time known to be after their success', async () => {
    await paymentSucceededAt.down(scratch.db);
    const userId = await insertUser('paid-before@example.se');
    const created = new Date('2026-11-20T22:50:00Z');
    const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
    const insertPayment = async (key: string, values: object) =>
      (
        await scratch.db
          .insertInto('payments')
          .values({
            user_id: userId,
            purpose: 'assessment',
            assessment_package: 'basic',
            provider: 'card',
            provider_intent_id: `pi_${key}`,
            idempotency_key: key,
            amount_ore: 99_500,
            status: 'succeeded',
            created_at: created,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Paid after a 3-D Secure challenge past midnight; its receipt was sent a minute later.
    const paid = await insertPayment('paid', { receipt_sent_at: at(31), updated_at: at(31) });
    // Paid, then refunded days later (updated_at moved with the refund).
    const refunded = await insertPayment('refunded', {
      status: 'refunded',
      receipt_sent_at: at(15),
      refunded_at: at(5 * 24 * 60),
      updated_at: at(5 * 24 * 60),
    });
    const waiting = await insertPayment('waiting', { status: 'requires_action', updated_at: at(1) });

    await paymentSucceededAt.up(scratch.db);

    const rows = await scratch.db
      .selectFrom('payments')
      .select(['id', 'succeeded_at', 'updated_at'])
      .where('user_id', '=', userId)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(paid)).toEqual({ id: paid, succeeded_at: at(31), updated_at: at(31) });
    expect(byId.get(refunded)).toEqual({ id: refunded, succeeded_at: at(15), updated_at: at(5 * 24 * 60) });
    expect(byId.get(waiting)).toEqual({ id: waiting, succeeded_at: null, updated_at: at(1) });
  });
});
