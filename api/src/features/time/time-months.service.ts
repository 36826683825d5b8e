import {
  firstDayOfMonth,
  lastDayOfMonth,
  monthOf,
  monthSchema,
  swedishDayOf,
  translateMessage,
  type Locale,
  type TimeMonthStatus,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { buildWebLink, WEB_PATHS } from '../../lib/links';
import { enqueueMail, type DeliverMails } from '../../lib/mail-outbox';
import type { AuthUser } from '../../plugins/auth';
import { formatPeriod, formatQuantity } from '../billing/bill-texts';
import { enqueueBillIssuedMails } from '../billing/bill-mails';
import { issueBillForMonth } from '../billing/bills.service';
import { assertPremium } from '../subscriptions/premium-gate';
import { lockAssignmentTerms, selectAssignmentRows } from './assignments.repository';
import { findVisibleAssignment, toAssignmentView } from './assignments.service';
import { canTransitionMonth, statusConflict, type MonthStep } from './time-month-status';
import {
  countReportsWithHours,
  findLeftOpenMonths,
  findMonthMailFacts,
  findMonthRows,
  lockTimeMonth,
  setMonthStatus,
  type MonthMailFacts,
} from './time-months.repository';
import { findAssignmentReports } from './time-reports.service';
import type { TimeMonthView } from '@mp/api-contract/time.schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What a month's submission and decisions need: the database, and delivery of the mails they write. */
export interface TimeMonthDeps {
  db: Kysely<Database>;
  deliverMails: DeliverMails;
  config: Pick<AppConfig, 'PUBLIC_URL'>;
}

type MonthMail =
  | { template: 'timeMonthSubmitted'; to: 'approver' }
  | { template: 'timeMonthReturned'; to: 'consultant'; comment: string }
  | { template: 'timeMonthApproved'; to: 'consultant' };

/**
 * Writes the mail telling the other party about a month's new status, in their language, to the mail outbox in
 * the step's transaction (sent once committed, retried until it is): the approver of a submission, the
 * consultant of a decision. Nobody is mailed without an address, with a deleted account, or about their own
 * action (an assignment from before the rule that the consultant is not their own approver). Returns the
 * outbox row's id, if any.
 */
async function enqueueMonthMail(
  trx: Transaction<Database>,
  config: TimeMonthDeps['config'],
  facts: MonthMailFacts,
  actorId: string,
  view: TimeMonthView,
  mail: MonthMail,
): Promise<string[]> {
  const recipient =
    mail.to === 'approver'
      ? {
          id: facts.approver_user_id,
          email: facts.approver_email,
          firstName: facts.approver_first_name,
          locale: facts.approver_locale,
          deleted: facts.approver_deleted_at !== null,
        }
      : {
          id: facts.consultant_user_id,
          email: facts.consultant_email,
          firstName: facts.consultant_first_name,
          locale: facts.consultant_locale,
          deleted: facts.consultant_deleted_at !== null,
        };
  if (
    !recipient.id ||
    recipient.id === actorId ||
    !recipient.email ||
    !recipient.locale ||
    recipient.deleted
  ) {
    return [];
  }
  const locale = recipient.locale;
  const common = {
    firstName: recipient.firstName,
    month: formatPeriod(view.month, locale),
    contractName: facts.contract_name,
    projectName: facts.project_name,
    companyName: facts.company_name,
    hours: formatQuantity(view.hours, locale),
    overtimeHours: view.overtimeHours > 0 ? formatQuantity(view.overtimeHours, locale) : null,
    // The approver's list of months to decide is the time page itself; the consultant's link opens the month.
    link: buildWebLink(
      config.PUBLIC_URL,
      locale,
      WEB_PATHS.time,
      mail.to === 'consultant' ? { assignment: view.assignmentId, month: view.month } : undefined,
    ),
  };
  const consultantName = facts.consultant_name ?? 'n/a';
  const approverName = facts.approver_name ?? 'n/a';
  const to = recipient.email;
  const id =
    mail.template === 'timeMonthSubmitted'
      ? await enqueueMail(trx, { to, locale, template: mail.template, params: { ...common, consultantName } })
      : mail.template === 'timeMonthReturned'
        ? await enqueueMail(trx, {
            to,
            locale,
            template: mail.template,
            params: { ...common, approverName, comment: mail.comment },
          })
        : await enqueueMail(trx, {
            to,
            locale,
            template: mail.template,
            params: { ...common, approverName },
          });
  return [id];
}

/**
 * Only the assignment's approver decides, as it stands under a shared lock: a change of approver waits for the
 * decision, and a decision after the change is the new approver's. An assignment whose approver left has none:
 * 409 ASSIGNMENT_NO_APPROVER says so (someone who manages contracts picks one). Never the consultant on their own months
 * (OWN_TIME_DECISION), should an assignment from before that rule still name them as its approver.
 */
async function assertApprover(trx: Transaction<Database>, assignmentId: string, userId: string) {
  const terms = await lockAssignmentTerms(trx, assignmentId);
  if (terms.approver_user_id === null) throw new AppError('ASSIGNMENT_NO_APPROVER');
  if (terms.approver_user_id !== userId) throw new AppError('APPROVER_REQUIRED');
  if (terms.consultant_user_id === userId) throw new AppError('OWN_TIME_DECISION');
}

/** 'YYYY-MM' from a path segment: the spec's short-date message otherwise. */
export function parseMonth(value: string): string {
  const parsed = monthSchema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { message: 'validation.invalidShortDate' });
  return parsed.data;
}

/**
 * Month views (status, totals, bill) of the given assignments and months; months without a row are open. With
 * `withinAssignment`, only the months inside each assignment's period (and any outside it with reports, a row
 * or a bill, should there be one).
 */
export async function listMonthViews(
  db: Db,
  assignmentIds: readonly string[],
  months: readonly string[],
  options: { withinAssignment?: boolean } = {},
): Promise<TimeMonthView[]> {
  if (assignmentIds.length === 0 || months.length === 0) return [];
  const rows = await findMonthRows(db, assignmentIds, months, options);
  return rows.map((row) => ({
    assignmentId: row.assignment_id,
    month: String(row.month).slice(0, 7),
    status: row.status ?? 'open',
    comment: row.comment,
    submittedAt: row.submitted_at?.toISOString() ?? null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_user_id ? { userId: row.decided_by_user_id, name: row.decided_by_name } : null,
    hours: row.centis / 100,
    overtimeHours: row.overtime_centis / 100,
    billId: row.bill_id,
  }));
}

async function monthView(db: Db, assignmentId: string, month: string) {
  const [view] = await listMonthViews(db, [assignmentId], [month]);
  return view!;
}

/** GET /assignments/{id}/months/{month}: the month's status and reports, for anyone who sees the assignment. */
export async function getTimeMonth(
  db: Kysely<Database>,
  userId: string,
  assignmentId: string,
  month: string,
) {
  const assignment = await findVisibleAssignment(db, userId, assignmentId);
  return {
    month: await monthView(db, assignment.id, month),
    assignment: toAssignmentView(assignment, userId),
    reports: await findAssignmentReports(db, assignment.id, firstDayOfMonth(month), lastDayOfMonth(month)),
  };
}

/** GET /time-months: months of the caller's assignments (as consultant or approver) that left "open". */
export async function listTimeMonths(
  db: Kysely<Database>,
  userId: string,
  filter: { status?: TimeMonthStatus; role?: 'consultant' | 'approver' },
) {
  const rows = await findLeftOpenMonths(db, userId, filter);
  if (rows.length === 0) return { months: [] };
  const assignmentIds = [...new Set(rows.map((row) => row.assignment_id))];
  const assignments = await selectAssignmentRows(db, userId).where('a.id', 'in', assignmentIds).execute();
  const byId = new Map(assignments.map((row) => [row.id, toAssignmentView(row, userId)]));
  const months = [...new Set(rows.map((row) => String(row.month).slice(0, 7)))];
  const wanted = new Set(rows.map((row) => `${row.assignment_id}/${String(row.month).slice(0, 7)}`));
  const views = (await listMonthViews(db, assignmentIds, months)).filter((view) =>
    wanted.has(`${view.assignmentId}/${view.month}`),
  );
  return {
    months: views
      .sort((a, b) => b.month.localeCompare(a.month))
      .map((view) => ({ ...view, assignment: byId.get(view.assignmentId)! })),
  };
}

async function transitionMonth(
  trx: Transaction<Database>,
  actorId: string,
  assignmentId: string,
  month: string,
  to: MonthStep,
  comment: string | null,
) {
  const row = await lockTimeMonth(trx, assignmentId, month);
  if (!canTransitionMonth(row.status, to)) throw statusConflict(row.status, to);
  const now = new Date();
  await setMonthStatus(trx, {
    assignmentId,
    month: row.month,
    status: to,
    // A resubmission clears the return comment: it was the reason for the last return, not for this month as it
    // now stands (the audit log's time_month.returned keeps it).
    comment: to === 'submitted' ? null : comment,
    at: now,
    actorId,
  });
  await recordAuditEvent(trx, {
    actorUserId: actorId,
    action: `time_month.${to}`,
    subjectType: 'assignment',
    subjectId: assignmentId,
    data: { month, from: row.status, to, ...(comment ? { comment } : {}) },
  });
  return now;
}

/**
 * POST .../submit: the consultant sends a month with reported hours for approval; it is locked from now on.
 * The current month may go before it ends (an assignment that finishes on the 28th); a later one may not.
 */
export async function submitTimeMonth(
  deps: TimeMonthDeps,
  userId: string,
  assignmentId: string,
  month: string,
  locale: Locale,
) {
  const done = await deps.db.transaction().execute(async (trx) => {
    const assignment = await findVisibleAssignment(trx, userId, assignmentId);
    if (assignment.consultant_user_id !== userId) throw new AppError('FORBIDDEN');
    if (month > monthOf(swedishDayOf(new Date()))) throw new AppError('TIME_MONTH_NOT_STARTED');
    const reported = await countReportsWithHours(trx, assignment.id, month);
    const current = await lockTimeMonth(trx, assignment.id, month);
    if (reported === 0 && canTransitionMonth(current.status, 'submitted')) {
      throw new AppError('NOTHING_TO_SUBMIT');
    }
    await transitionMonth(trx, userId, assignment.id, month, 'submitted', null);
    const view = await monthView(trx, assignment.id, month);
    const facts = await findMonthMailFacts(trx, assignment.id);
    const mailIds = await enqueueMonthMail(trx, deps.config, facts, userId, view, {
      template: 'timeMonthSubmitted',
      to: 'approver',
    });
    return { month: view, mailIds };
  });
  deps.deliverMails(done.mailIds);
  return { month: done.month, message: translateMessage('success.timeMonthSubmitted', locale) };
}

/** POST .../return: the approver sends a submitted month back with a comment; the consultant can edit again. */
export async function returnTimeMonth(
  deps: TimeMonthDeps,
  user: AuthUser,
  assignmentId: string,
  month: string,
  comment: string,
  locale: Locale,
) {
  const done = await deps.db.transaction().execute(async (trx) => {
    const assignment = await findVisibleAssignment(trx, user.id, assignmentId);
    await assertApprover(trx, assignment.id, user.id);
    assertPremium(user);
    await transitionMonth(trx, user.id, assignment.id, month, 'returned', comment);
    const view = await monthView(trx, assignment.id, month);
    const facts = await findMonthMailFacts(trx, assignment.id);
    const mailIds = await enqueueMonthMail(trx, deps.config, facts, user.id, view, {
      template: 'timeMonthReturned',
      to: 'consultant',
      comment,
    });
    return { month: view, mailIds };
  });
  deps.deliverMails(done.mailIds);
  return { month: done.month, message: translateMessage('success.timeMonthReturned', locale) };
}

/**
 * POST .../approve: the approver approves a submitted month. In the same transaction the month is locked for
 * good and its bill is issued (with the next invoice number), so an approval without a bill cannot exist.
 * The same transaction writes the mails telling the consultant of the approval and the buyer's billing readers
 * of the bill (the mail outbox), delivered once committed.
 */
export async function approveTimeMonth(
  deps: TimeMonthDeps,
  user: AuthUser,
  assignmentId: string,
  month: string,
  locale: Locale,
) {
  const done = await deps.db.transaction().execute(async (trx) => {
    const assignment = await findVisibleAssignment(trx, user.id, assignmentId);
    await assertApprover(trx, assignment.id, user.id);
    assertPremium(user);
    const approvedAt = await transitionMonth(trx, user.id, assignment.id, month, 'approved', null);
    const bill = await issueBillForMonth(trx, assignment.id, month, approvedAt);
    await recordAuditEvent(trx, {
      actorUserId: user.id,
      action: 'bill.issue',
      subjectType: 'bill',
      subjectId: bill.id,
      data: {
        assignmentId: assignment.id,
        month,
        invoiceNumber: bill.invoiceNumber,
        totalOre: bill.totalOre,
      },
    });
    const view = await monthView(trx, assignment.id, month);
    const facts = await findMonthMailFacts(trx, assignment.id);
    const mailIds = [
      ...(await enqueueMonthMail(trx, deps.config, facts, user.id, view, {
        template: 'timeMonthApproved',
        to: 'consultant',
      })),
      ...(await enqueueBillIssuedMails(trx, deps.config, {
        ...bill,
        month,
        contractName: facts.contract_name,
        projectName: facts.project_name,
        companyName: facts.company_name,
        approverName: facts.approver_name ?? 'n/a',
      })),
    ];
    return { month: view, mailIds };
  });
  deps.deliverMails(done.mailIds);
  return { month: done.month, message: translateMessage('success.timeMonthApproved', locale) };
}
