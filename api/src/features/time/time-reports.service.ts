import {
  addMonths,
  firstDayOfMonth,
  lastDayOfMonth,
  hoursToCentihours,
  LOCKED_TIME_MONTH_STATUSES,
  monthOf,
  REPORTED_HOURS_MAX_PER_DAY,
  REPORTED_HOURS_MAX_PER_MONTH,
  swedishDayOf,
  translateMessage,
  type Locale,
  type TimeMonthStatus,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { isUuid } from '../../lib/uuid';
import { lockAssignmentTerms } from './assignments.repository';
import { findVisibleAssignment } from './assignments.service';
import { monthLocked } from './time-month-status';
import { listMonthViews } from './time-months.service';
import { lockTimeMonth } from './time-months.repository';
import type { TimeReportView } from '@mp/api-contract/time.schema';

type Db = Kysely<Database> | Transaction<Database>;

const reportNotFound = () => new AppError('TIME_REPORT_NOT_FOUND');
const tooManyPerDay = () => new AppError('TOO_MANY_HOURS_PER_DAY');
const tooManyPerMonth = () => new AppError('TOO_MANY_HOURS_PER_MONTH');

/** Time is reported for work done: no day after today on the Swedish calendar. */
function assertDayHasCome(date: string) {
  if (date > swedishDayOf(new Date())) throw new AppError('TIME_REPORT_IN_FUTURE');
}

/**
 * The caps of spec section 5 across all of a consultant's assignments: at most 744 hours in a calendar month,
 * then at most 24 hours a day (hours and overtime together). The month is judged first: once a month is
 * full, every further hour is refused for that reason. Call under {@link lockConsultantTime}.
 */
async function assertWithinCaps(
  trx: Transaction<Database>,
  userId: string,
  date: string,
  centihours: number,
  exceptReportId: string | null,
) {
  const month = monthOf(date);
  const sumOf = (from: string, to: string) =>
    trx
      .selectFrom('time_reports')
      .select(sql<number>`coalesce(sum(round((hours + overtime_hours) * 100)), 0)::int`.as('total'))
      .where('user_id', '=', userId)
      .where('work_date', '>=', from)
      .where('work_date', '<=', to)
      .$if(exceptReportId !== null, (qb) => qb.where('id', '<>', exceptReportId!))
      .executeTakeFirstOrThrow();
  const monthTotal = (await sumOf(firstDayOfMonth(month), lastDayOfMonth(month))).total;
  if (monthTotal + centihours > REPORTED_HOURS_MAX_PER_MONTH * 100) throw tooManyPerMonth();
  const dayTotal = (await sumOf(date, date)).total;
  if (dayTotal + centihours > REPORTED_HOURS_MAX_PER_DAY * 100) throw tooManyPerDay();
}

/** Serialises a consultant's time writes, so two concurrent reports cannot both fit under a cap. */
async function lockConsultantTime(trx: Transaction<Database>, userId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`time_reports:${userId}`}, 0))`.execute(trx);
}

function toReportView(
  row: {
    id: string;
    assignment_id: string | null;
    work_date: string;
    hours: number;
    overtime_hours: number;
    note: string | null;
  },
  lockedStatus: TimeMonthStatus | undefined,
): TimeReportView {
  return {
    id: row.id,
    assignmentId: row.assignment_id!,
    date: row.work_date,
    hours: Number(row.hours),
    overtimeHours: Number(row.overtime_hours),
    note: row.note,
    locked: lockedStatus !== undefined && LOCKED_TIME_MONTH_STATUSES.includes(lockedStatus),
  };
}

interface ReportFields {
  hours: number;
  overtimeHours: number;
  note: string | null;
}

/**
 * The assignment a consultant reports on: visible (else 404), theirs (else 403), the day in its period and
 * not after today. The period is read under a shared lock, so an assignment being ended meanwhile either
 * waits for this report (and then sees it) or has its new end seen here.
 */
async function assignmentForReporting(
  trx: Transaction<Database>,
  userId: string,
  assignmentId: string,
  date: string,
) {
  const assignment = await findVisibleAssignment(trx, userId, assignmentId);
  if (assignment.consultant_user_id !== userId) throw new AppError('FORBIDDEN');
  const period = await lockAssignmentTerms(trx, assignment.id);
  if (period.end_date && date > period.end_date) {
    throw new AppError('DATE_OUTSIDE_ASSIGNMENT', {
      message: 'error.assignmentEnded',
      params: { date: { day: period.end_date } },
    });
  }
  if (date < period.start_date) {
    throw new AppError('DATE_OUTSIDE_ASSIGNMENT', {
      message: 'error.assignmentNotStarted',
      params: { date: { day: period.start_date } },
    });
  }
  assertDayHasCome(date);
  return assignment;
}

/** POST /time-reports: one day on one of the caller's assignments, within the caps, in an open month. */
export async function createTimeReport(
  db: Kysely<Database>,
  userId: string,
  input: ReportFields & { assignmentId: string; date: string },
  locale: Locale,
) {
  return db.transaction().execute(async (trx) => {
    await assignmentForReporting(trx, userId, input.assignmentId, input.date);
    const month = await lockTimeMonth(trx, input.assignmentId, monthOf(input.date));
    if (LOCKED_TIME_MONTH_STATUSES.includes(month.status)) throw monthLocked(month.status);
    await lockConsultantTime(trx, userId);
    const existing = await trx
      .selectFrom('time_reports')
      .select('id')
      .where('assignment_id', '=', input.assignmentId)
      .where('work_date', '=', input.date)
      .executeTakeFirst();
    if (existing) {
      throw new AppError('TIME_REPORT_EXISTS', { data: { reportId: existing.id } });
    }
    await assertWithinCaps(
      trx,
      userId,
      input.date,
      hoursToCentihours(input.hours) + hoursToCentihours(input.overtimeHours),
      null,
    );
    const assignment = await trx
      .selectFrom('assignments')
      .select(['contract_id', 'project_id'])
      .where('id', '=', input.assignmentId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('time_reports')
      .values({
        user_id: userId,
        assignment_id: input.assignmentId,
        contract_id: assignment.contract_id,
        project_id: assignment.project_id,
        work_date: input.date,
        hours: input.hours,
        overtime_hours: input.overtimeHours,
        note: input.note,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'time_report.create',
      subjectType: 'time_report',
      subjectId: row.id,
      data: {
        assignmentId: input.assignmentId,
        date: input.date,
        hours: input.hours,
        overtimeHours: input.overtimeHours,
      },
    });
    return {
      report: toReportView(row, month.status),
      message: translateMessage('success.timeReportSaved', locale),
    };
  });
}

/** The caller's own report, with its month locked for the transaction; 404 for anyone else's. */
async function lockOwnReport(trx: Transaction<Database>, userId: string, reportId: string) {
  if (!isUuid(reportId)) throw reportNotFound();
  const report = await trx
    .selectFrom('time_reports')
    .selectAll()
    .where('id', '=', reportId)
    .where('user_id', '=', userId)
    .where('assignment_id', 'is not', null)
    .executeTakeFirst();
  if (!report) throw reportNotFound();
  const month = await lockTimeMonth(trx, report.assignment_id!, monthOf(report.work_date));
  if (LOCKED_TIME_MONTH_STATUSES.includes(month.status)) throw monthLocked(month.status);
  return { report, month };
}

/**
 * PUT /time-reports/{id}: new hours, overtime and note; refused once the month is submitted or approved, and
 * for a day after today (a report made before that rule; it can still be deleted).
 */
export async function updateTimeReport(
  db: Kysely<Database>,
  userId: string,
  reportId: string,
  input: ReportFields,
  locale: Locale,
) {
  return db.transaction().execute(async (trx) => {
    const { report, month } = await lockOwnReport(trx, userId, reportId);
    assertDayHasCome(report.work_date);
    await lockConsultantTime(trx, userId);
    await assertWithinCaps(
      trx,
      userId,
      report.work_date,
      hoursToCentihours(input.hours) + hoursToCentihours(input.overtimeHours),
      report.id,
    );
    const row = await trx
      .updateTable('time_reports')
      .set({ hours: input.hours, overtime_hours: input.overtimeHours, note: input.note })
      .where('id', '=', report.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'time_report.update',
      subjectType: 'time_report',
      subjectId: report.id,
      data: {
        assignmentId: report.assignment_id,
        date: report.work_date,
        from: { hours: Number(report.hours), overtimeHours: Number(report.overtime_hours) },
        to: { hours: input.hours, overtimeHours: input.overtimeHours },
      },
    });
    return {
      report: toReportView(row, month.status),
      message: translateMessage('success.timeReportSaved', locale),
    };
  });
}

/** DELETE /time-reports/{id}; refused once the month is submitted or approved. */
export async function deleteTimeReport(db: Kysely<Database>, userId: string, reportId: string) {
  await db.transaction().execute(async (trx) => {
    const { report } = await lockOwnReport(trx, userId, reportId);
    await trx.deleteFrom('time_reports').where('id', '=', report.id).execute();
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'time_report.delete',
      subjectType: 'time_report',
      subjectId: report.id,
      data: {
        assignmentId: report.assignment_id,
        date: report.work_date,
        hours: Number(report.hours),
        overtimeHours: Number(report.overtime_hours),
      },
    });
  });
}

/** Reports of one assignment in a period, with lock flags, for the month view. */
export async function findAssignmentReports(db: Db, assignmentId: string, from: string, to: string) {
  const rows = await db
    .selectFrom('time_reports as r')
    .leftJoin('time_report_months as m', (join) =>
      join
        .onRef('m.assignment_id', '=', 'r.assignment_id')
        .on('m.month', '=', sql<string>`date_trunc('month', r.work_date)::date`),
    )
    .select(['r.id', 'r.assignment_id', 'r.work_date', 'r.hours', 'r.overtime_hours', 'r.note', 'm.status'])
    .where('r.assignment_id', '=', assignmentId)
    .where('r.work_date', '>=', from)
    .where('r.work_date', '<=', to)
    .orderBy('r.work_date')
    .execute();
  return rows.map((row) => toReportView(row, row.status ?? undefined));
}

/**
 * GET /time-reports?from&to: the caller's own reports (as consultant) and the months of the period that fall
 * within each of their assignments (a week across an assignment's first day lists no month before it).
 */
export async function listTimeReports(db: Kysely<Database>, userId: string, from: string, to: string) {
  const rows = await db
    .selectFrom('time_reports as r')
    .innerJoin('assignments as a', 'a.id', 'r.assignment_id')
    .leftJoin('time_report_months as m', (join) =>
      join
        .onRef('m.assignment_id', '=', 'r.assignment_id')
        .on('m.month', '=', sql<string>`date_trunc('month', r.work_date)::date`),
    )
    .select(['r.id', 'r.assignment_id', 'r.work_date', 'r.hours', 'r.overtime_hours', 'r.note', 'm.status'])
    .where('a.consultant_user_id', '=', userId)
    .where('r.work_date', '>=', from)
    .where('r.work_date', '<=', to)
    .orderBy('r.work_date')
    .orderBy('r.assignment_id')
    .execute();
  const assignments = await db
    .selectFrom('assignments')
    .select('id')
    .where('consultant_user_id', '=', userId)
    .execute();
  const months: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = addMonths(month, 1)) months.push(month);
  return {
    reports: rows.map((row) => toReportView(row, row.status ?? undefined)),
    months: await listMonthViews(
      db,
      assignments.map((a) => a.id),
      months,
      { withinAssignment: true },
    ),
  };
}
