import { issueBillForMonth } from '@mp/api/features/billing/bills.service';
import { addDays, addMonths, firstDayOfMonth, lastDayOfMonth, monthOf, swedishDayOf } from '@mp/domain';
import type { Database, TimeMonthStatusColumn } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { DEMO_COMPANY } from './demo-companies.service';

// Demo time reporting and bills for the demo company (`npm run seed:companies`, after the company): its signed
// contract's consultant (Bruno Berg) on two projects, with months approved (bills paid, overdue and open),
// returned with a comment, submitted and waiting for approval, and the current month open. The admin (Agnes
// Andersson, premium) approves. Idempotent: a company that already has assignments is left as it is.

const DAY_MS = 86_400_000;

interface MonthPlan {
  /** Months before the current one. */
  ago: number;
  status: TimeMonthStatusColumn;
  bill?: 'paid' | 'overdue' | 'open';
  comment?: string;
}

const PLANS: { project: string; hourlyFeeOre: number; overtimeFeeOre: number; months: MonthPlan[] }[] = [
  {
    project: 'Molnmigrering 2027',
    hourlyFeeOre: 115_000,
    overtimeFeeOre: 172_500,
    months: [
      { ago: 4, status: 'approved', bill: 'paid' },
      { ago: 3, status: 'approved', bill: 'overdue' },
      { ago: 2, status: 'approved', bill: 'open' },
      {
        ago: 1,
        status: 'returned',
        comment:
          'Övertiden den 12:e saknar förklaring – lägg till en anteckning eller flytta den till ordinarie tid.',
      },
      { ago: 0, status: 'open' },
    ],
  },
  {
    project: 'Förvaltning',
    hourlyFeeOre: 98_000,
    overtimeFeeOre: 147_000,
    months: [
      { ago: 2, status: 'approved', bill: 'paid' },
      { ago: 1, status: 'submitted' },
      { ago: 0, status: 'open' },
    ],
  },
];

/** Weekdays of a month up to `until`, with 8 hours (first project) or 4 hours (second) and some overtime. */
function reportsFor(month: string, until: string, planIndex: number) {
  const rows: { date: string; hours: number; overtime: number; note: string | null }[] = [];
  for (
    let date = firstDayOfMonth(month);
    date <= lastDayOfMonth(month) && date <= until;
    date = addDays(date, 1)
  ) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const day = Number(date.slice(8));
    if (planIndex === 0) {
      rows.push({
        date,
        hours: day % 7 === 3 ? 7.5 : 8,
        overtime: day === 12 ? 2 : day % 9 === 0 ? 1.5 : 0,
        note: day === 12 ? null : day % 9 === 0 ? 'Releasekväll' : null,
      });
    } else if (weekday === 2 || weekday === 4) {
      rows.push({ date, hours: 4, overtime: 0, note: null });
    }
  }
  return rows;
}

async function seedMonths(
  trx: Transaction<Database>,
  assignment: { id: string; userId: string; contractId: string; projectId: string; approverId: string },
  planIndex: number,
  months: MonthPlan[],
  now: Date,
) {
  const today = swedishDayOf(now);
  const current = monthOf(today);
  for (const plan of months) {
    const month = addMonths(current, -plan.ago);
    const rows = reportsFor(month, plan.ago === 0 ? today : lastDayOfMonth(month), planIndex);
    if (rows.length > 0) {
      await trx
        .insertInto('time_reports')
        .values(
          rows.map((row) => ({
            user_id: assignment.userId,
            assignment_id: assignment.id,
            contract_id: assignment.contractId,
            project_id: assignment.projectId,
            work_date: row.date,
            hours: row.hours,
            overtime_hours: row.overtime,
            note: row.note,
          })),
        )
        .execute();
    }
    const endOfMonth = new Date(`${lastDayOfMonth(month)}T16:00:00Z`);
    const submittedAt = new Date(Math.min(endOfMonth.getTime() + DAY_MS, now.getTime() - DAY_MS));
    // The open bill was approved a few days ago, so it is not yet due.
    const decidedAt =
      plan.bill === 'open'
        ? new Date(now.getTime() - 3 * DAY_MS)
        : new Date(submittedAt.getTime() + 2 * DAY_MS);
    await trx
      .insertInto('time_report_months')
      .values({
        assignment_id: assignment.id,
        month: firstDayOfMonth(month),
        status: plan.status,
        comment: plan.comment ?? null,
        submitted_at: plan.status === 'open' ? null : submittedAt,
        decided_at: plan.status === 'approved' || plan.status === 'returned' ? decidedAt : null,
        decided_by_user_id:
          plan.status === 'approved' || plan.status === 'returned' ? assignment.approverId : null,
      })
      .execute();
    if (plan.status === 'approved') {
      const bill = await issueBillForMonth(trx, assignment.id, month, decidedAt);
      if (plan.bill === 'paid') {
        await trx
          .updateTable('bills')
          .set({ status: 'paid', paid_at: new Date(decidedAt.getTime() + 20 * DAY_MS) })
          .where('id', '=', bill.id)
          .execute();
      }
      await trx
        .insertInto('audit_log')
        .values({
          actor_user_id: assignment.approverId,
          action: 'bill.issue',
          subject_type: 'bill',
          subject_id: bill.id,
          data: { assignmentId: assignment.id, month, invoiceNumber: bill.invoiceNumber, via: 'demo_seed' },
        })
        .execute();
    }
  }
}

export async function seedDemoTimeReporting(
  db: Kysely<Database>,
  now = new Date(),
): Promise<'created' | 'present'> {
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('organisation_number', '=', DEMO_COMPANY.organisationNumber)
    .where('business_name', '=', DEMO_COMPANY.businessName)
    .executeTakeFirst();
  if (!company) throw new Error(`seed the demo company first (${DEMO_COMPANY.businessName})`);
  const existing = await db
    .selectFrom('assignments')
    .select('id')
    .where('company_id', '=', company.id)
    .executeTakeFirst();
  if (existing) return 'present';

  await db.transaction().execute(async (trx) => {
    const contract = await trx
      .selectFrom('contracts')
      .select(['id', 'signer_user_id', 'delegate_user_id'])
      .where('company_id', '=', company.id)
      .where('status', '=', 'signed')
      .where('signer_user_id', 'is not', null)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const admin = await trx
      .selectFrom('company_memberships')
      .select('user_id')
      .where('company_id', '=', company.id)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const today = swedishDayOf(now);
    for (const [index, plan] of PLANS.entries()) {
      // One assignment per contract at a time (the API refuses an overlap: ASSIGNMENT_OVERLAPS): each plan
      // after the first runs under a signed copy of the first contract, named after its project.
      const contractId =
        index === 0
          ? contract.id
          : await copySignedContract(trx, contract.id, `Konsultavtal – ${plan.project}`);
      const project = await trx
        .selectFrom('projects')
        .select('id')
        .where('company_id', '=', company.id)
        .where('name', '=', plan.project)
        .executeTakeFirstOrThrow();
      const oldest = Math.max(...plan.months.map((month) => month.ago));
      // Starting on the 1st of the oldest month: that month's bill carries the 30-day guarantee.
      const startDate = firstDayOfMonth(addMonths(monthOf(today), -oldest));
      const { id } = await trx
        .insertInto('assignments')
        .values({
          company_id: company.id,
          project_id: project.id,
          contract_id: contractId,
          consultant_user_id: contract.signer_user_id!,
          approver_user_id: admin.user_id,
          created_by_user_id: admin.user_id,
          hourly_fee_ore: plan.hourlyFeeOre,
          overtime_fee_ore: plan.overtimeFeeOre,
          start_date: startDate,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedMonths(
        trx,
        {
          id,
          userId: contract.signer_user_id!,
          contractId,
          projectId: project.id,
          approverId: admin.user_id,
        },
        index,
        plan.months,
        now,
      );
    }
  });
  return 'created';
}

/** A copy of a signed contract (its row and its original and signed files) under another name. */
async function copySignedContract(trx: Transaction<Database>, contractId: string, name: string) {
  const {
    id: _id,
    created_at: _created,
    updated_at: _updated,
    ...row
  } = await trx.selectFrom('contracts').selectAll().where('id', '=', contractId).executeTakeFirstOrThrow();
  const copy = await trx
    .insertInto('contracts')
    .values({
      ...row,
      name,
      signing_provider_reference: row.signing_provider_reference && `${row.signing_provider_reference}-copy`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const files = await trx
    .selectFrom('contract_files')
    .select(['kind', 'content', 'sha256', 'size_bytes'])
    .where('contract_id', '=', contractId)
    .execute();
  if (files.length > 0) {
    await trx
      .insertInto('contract_files')
      .values(files.map((file) => ({ ...file, contract_id: copy.id })))
      .execute();
  }
  return copy.id;
}
