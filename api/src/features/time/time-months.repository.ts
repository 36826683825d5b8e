import { firstDayOfMonth, lastDayOfMonth, type TimeMonthStatus } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { userDisplayNameSql, userEmailSql } from '../../lib/user-name';

type Db = Kysely<Database> | Transaction<Database>;

/** The month row of an assignment, created open if missing, locked for the rest of the transaction. */
export async function lockTimeMonth(trx: Transaction<Database>, assignmentId: string, month: string) {
  await trx
    .insertInto('time_report_months')
    .values({ assignment_id: assignmentId, month: firstDayOfMonth(month) })
    .onConflict((oc) => oc.columns(['assignment_id', 'month']).doNothing())
    .execute();
  return trx
    .selectFrom('time_report_months')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('month', '=', firstDayOfMonth(month))
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Every pair of the given assignments and months ('YYYY-MM') with its month row, if any (status, comment,
 * decision and who decided, by name else e-mail address), its bill, and the hours reported in it (in
 * hundredths, so sums stay exact). With `withinAssignment`, only the months that overlap the assignment's
 * period, and any other that has something to show (a report, a month row or a bill), so that nothing is hidden.
 */
export function findMonthRows(
  db: Db,
  assignmentIds: readonly string[],
  months: readonly string[],
  options: { withinAssignment?: boolean } = {},
) {
  return db
    .selectFrom(
      sql<{ assignment_id: string; month: string }>`(SELECT a.id AS assignment_id, m.month::date AS month
        FROM unnest(${sql.val([...assignmentIds])}::uuid[]) AS a(id)
        CROSS JOIN unnest(${sql.val(months.map(firstDayOfMonth))}::date[]) AS m(month))`.as('k'),
    )
    .leftJoin('time_report_months as t', (join) =>
      join.onRef('t.assignment_id', '=', 'k.assignment_id').onRef('t.month', '=', 'k.month'),
    )
    .leftJoin('bills as b', (join) =>
      join.onRef('b.assignment_id', '=', 'k.assignment_id').onRef('b.period_month', '=', 'k.month'),
    )
    .leftJoin('users as d', 'd.id', 't.decided_by_user_id')
    .$if(options.withinAssignment === true, (qb) =>
      qb.innerJoin('assignments as a', 'a.id', 'k.assignment_id').where(
        sql<boolean>`(k.month >= date_trunc('month', a.start_date)::date
            AND (a.end_date IS NULL OR k.month <= a.end_date))
          OR t.assignment_id IS NOT NULL
          OR b.id IS NOT NULL
          OR EXISTS (SELECT 1 FROM time_reports r WHERE r.assignment_id = k.assignment_id
            AND r.work_date BETWEEN k.month AND (k.month + interval '1 month' - interval '1 day')::date)`,
      ),
    )
    .select([
      'k.assignment_id',
      'k.month',
      't.status',
      't.comment',
      't.submitted_at',
      't.decided_at',
      't.decided_by_user_id',
      userDisplayNameSql('d').as('decided_by_name'),
      'b.id as bill_id',
      sql<number>`(SELECT coalesce(sum(round(r.hours * 100)), 0)::int FROM time_reports r
        WHERE r.assignment_id = k.assignment_id
          AND r.work_date BETWEEN k.month AND (k.month + interval '1 month' - interval '1 day')::date)`.as(
        'centis',
      ),
      sql<number>`(SELECT coalesce(sum(round(r.overtime_hours * 100)), 0)::int FROM time_reports r
        WHERE r.assignment_id = k.assignment_id
          AND r.work_date BETWEEN k.month AND (k.month + interval '1 month' - interval '1 day')::date)`.as(
        'overtime_centis',
      ),
    ])
    .orderBy('k.month')
    .orderBy('k.assignment_id')
    .execute();
}

/**
 * The newest 200 months that left "open" (or have the given status) of the user's assignments, as consultant,
 * as approver, or either.
 */
export function findLeftOpenMonths(
  db: Db,
  userId: string,
  filter: { status?: TimeMonthStatus; role?: 'consultant' | 'approver' },
) {
  return db
    .selectFrom('time_report_months as t')
    .innerJoin('assignments as x', 'x.id', 't.assignment_id')
    .select(['t.assignment_id', 't.month'])
    .where((eb) =>
      filter.role === 'consultant'
        ? eb('x.consultant_user_id', '=', userId)
        : filter.role === 'approver'
          ? eb('x.approver_user_id', '=', userId)
          : eb.or([eb('x.consultant_user_id', '=', userId), eb('x.approver_user_id', '=', userId)]),
    )
    .where('t.status', filter.status ? '=' : '<>', filter.status ?? 'open')
    .orderBy('t.month', 'desc')
    .limit(200)
    .execute();
}

/**
 * A month's new status: a submission clears the return comment and stamps `submitted_at`; a decision (returned,
 * approved) stamps when and by whom.
 */
export async function setMonthStatus(
  trx: Transaction<Database>,
  change: {
    assignmentId: string;
    /** The row's own month, as `lockTimeMonth` returned it. */
    month: string;
    status: TimeMonthStatus;
    comment: string | null;
    at: Date;
    actorId: string;
  },
) {
  await trx
    .updateTable('time_report_months')
    .set({
      status: change.status,
      comment: change.comment,
      ...(change.status === 'submitted'
        ? { submitted_at: change.at }
        : { decided_at: change.at, decided_by_user_id: change.actorId }),
    })
    .where('assignment_id', '=', change.assignmentId)
    .where('month', '=', change.month)
    .execute();
}

/** How many of the assignment's reports in the month ('YYYY-MM') have hours or overtime. */
export async function countReportsWithHours(trx: Transaction<Database>, assignmentId: string, month: string) {
  const row = await trx
    .selectFrom('time_reports')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('assignment_id', '=', assignmentId)
    .where('work_date', '>=', firstDayOfMonth(month))
    .where('work_date', '<=', lastDayOfMonth(month))
    .where(sql<boolean>`hours + overtime_hours > 0`)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Who a month's mails go to and what they name: the assignment's company, contract and project, and its consultant and
 * approver (if any), each with the e-mail address (trimmed, null when none), first name, language, whether the
 * account is deleted, and the name another person sees (name, else e-mail address).
 */
export function findMonthMailFacts(db: Db, assignmentId: string) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('contracts as k', 'k.id', 'a.contract_id')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('users as cu', 'cu.id', 'a.consultant_user_id')
    .leftJoin('users as au', 'au.id', 'a.approver_user_id')
    .select([
      'c.business_name as company_name',
      'k.name as contract_name',
      'p.name as project_name',
      'a.consultant_user_id',
      userEmailSql('cu').as('consultant_email'),
      'cu.first_name as consultant_first_name',
      'cu.locale as consultant_locale',
      'cu.deleted_at as consultant_deleted_at',
      userDisplayNameSql('cu').as('consultant_name'),
      'a.approver_user_id',
      userEmailSql('au').as('approver_email'),
      'au.first_name as approver_first_name',
      'au.locale as approver_locale',
      'au.deleted_at as approver_deleted_at',
      userDisplayNameSql('au').as('approver_name'),
    ])
    .where('a.id', '=', assignmentId)
    .executeTakeFirstOrThrow();
}

export type MonthMailFacts = Awaited<ReturnType<typeof findMonthMailFacts>>;
