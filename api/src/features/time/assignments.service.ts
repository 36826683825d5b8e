import {
  assignmentEndIssue,
  assignmentPeriodIssues,
  sekToOre,
  swedishDayOf,
  translateMessage,
  type AssignmentInput,
  type AssignmentPeriodIssue,
  type Locale,
  type MessageParams,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { isUuid } from '../../lib/uuid';
import type { AuthUser } from '../../plugins/auth';
import { authorizeCompany, isChoosableMember } from '../companies/company-access';
import { assertPremium } from '../subscriptions/premium-gate';
import {
  clearApprover,
  findAssignmentRow,
  findLastReportedDayAfter,
  findRunningConsultantAssignments,
  findVisibleAssignments,
  lockCompanyAssignment,
  updateAssignment,
  type AssignmentRow,
} from './assignments.repository';
import type { AssignmentView } from '@mp/api-contract/time.schema';

type Db = Kysely<Database> | Transaction<Database>;

export const assignmentNotFound = () => new AppError('ASSIGNMENT_NOT_FOUND');

export function toAssignmentView(row: AssignmentRow, readerId: string): AssignmentView {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    projectId: row.project_id,
    projectName: row.project_name,
    contractId: row.contract_id,
    contractName: row.contract_name,
    consultant: { userId: row.consultant_user_id, name: row.consultant_name },
    approver: row.approver_user_id ? { userId: row.approver_user_id, name: row.approver_name } : null,
    hourlyFeeOre: Number(row.hourly_fee_ore),
    overtimeFeeOre: Number(row.overtime_fee_ore),
    startDate: row.start_date,
    endDate: row.end_date,
    isConsultant: row.consultant_user_id === readerId,
    isApprover: row.approver_user_id === readerId,
    canManage: row.reader_manages_company_contracts,
  };
}

/**
 * Whether the reader may see an assignment: its consultant, its approver, or a member of its company who sees
 * its assignments (an admin, or with manage_contracts or view_billing).
 */
export const canSeeAssignment = (row: AssignmentRow, readerId: string) =>
  row.consultant_user_id === readerId ||
  row.approver_user_id === readerId ||
  row.reader_sees_company_assignments;

/** One assignment the reader may see; anyone else (and an unknown or malformed id) gets 404. */
export async function findVisibleAssignment(db: Db, readerId: string, assignmentId: string) {
  if (!isUuid(assignmentId)) throw assignmentNotFound();
  const row = await findAssignmentRow(db, readerId, assignmentId);
  if (!row || !canSeeAssignment(row, readerId)) throw assignmentNotFound();
  return row;
}

/** GET /assignments: the caller's assignments as consultant, approver or a company member who sees them. */
export async function listAssignments(db: Kysely<Database>, userId: string) {
  const rows = await findVisibleAssignments(db, userId);
  return { assignments: rows.map((row) => toAssignmentView(row, userId)) };
}

/**
 * An approver is a current member of the company with a live account; the membership stays locked until the
 * transaction ends, so a leaving approver's removal waits and then takes them off this assignment too.
 */
async function assertApproverIsMember(trx: Transaction<Database>, companyId: string, userId: string) {
  if (!(await isChoosableMember(trx, companyId, userId))) throw new AppError('APPROVER_NOT_MEMBER');
}

/** A date in a message, written as the request's language writes dates. */
const dayParams = (dates: Readonly<Record<string, string>>): MessageParams =>
  Object.fromEntries(Object.entries(dates).map(([name, day]) => [name, { day }]));

/** 400 VALIDATION_FAILED for a period out of bounds, each issue at its field, in the request's language. */
function periodRefused(issues: readonly AssignmentPeriodIssue[], locale: Locale) {
  const [first] = issues as [AssignmentPeriodIssue];
  return new AppError('VALIDATION_FAILED', {
    message: first.code,
    params: dayParams(first.dates),
    data: {
      issues: issues.map(({ field, code, dates }) => ({
        field,
        code,
        message: translateMessage(code, locale, dayParams(dates)),
      })),
    },
  });
}

/**
 * Separation of duties: the consultant never approves their own time (an approval issues the bill), even when
 * they are also a member of the hiring company.
 */
function assertApproverIsNotConsultant(approverUserId: string, consultantUserId: string) {
  if (approverUserId === consultantUserId) throw new AppError('APPROVER_IS_CONSULTANT');
}

/**
 * Hires the signer of a signed contract on the contract's (or the given) project: manage_contracts and premium
 * (time reporting is a premium feature, spec sections 1 and 6). The period starts no earlier than the month
 * before the contract was signed and within a year, and ends within three years (400 at the field, see
 * `assignmentPeriodIssues`). The approver must be a member of the company other than the signer
 * (APPROVER_IS_CONSULTANT), and the period must not overlap another assignment under the same contract.
 */
export async function createAssignment(
  db: Kysely<Database>,
  user: AuthUser,
  companyId: string,
  input: AssignmentInput & { endDate: string | null },
  locale: Locale,
) {
  await authorizeCompany(db, user.id, companyId, 'manage_contracts');
  assertPremium(user);
  return db.transaction().execute(async (trx) => {
    const contract = await trx
      .selectFrom('contracts')
      .select(['id', 'status', 'signer_user_id', 'project_id', 'signed_at'])
      .where('id', '=', input.contractId)
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!contract) throw new AppError('CONTRACT_NOT_FOUND');
    if (contract.status !== 'signed') {
      throw new AppError('CONTRACT_NOT_SIGNED');
    }
    if (!contract.signer_user_id) {
      throw new AppError('CONTRACT_SIGNER_NOT_USER');
    }
    // A signed contract has its signing time (contracts_signed_check).
    const periodIssues = assignmentPeriodIssues(input, {
      signedOn: swedishDayOf(contract.signed_at!),
      today: swedishDayOf(new Date()),
    });
    if (periodIssues.length > 0) throw periodRefused(periodIssues, locale);
    await assertApproverIsMember(trx, companyId, input.approverUserId);
    assertApproverIsNotConsultant(input.approverUserId, contract.signer_user_id);
    // One assignment per contract at a time: a second one for days the first still covers would bill the same
    // consultant twice. The contract row's lock (above) makes two hires at once wait for each other.
    const overlapping = await trx
      .selectFrom('assignments')
      .select('id')
      .where('contract_id', '=', contract.id)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', input.startDate)]))
      .$if(input.endDate !== null, (qb) => qb.where('start_date', '<=', input.endDate!))
      .executeTakeFirst();
    if (overlapping) throw new AppError('ASSIGNMENT_OVERLAPS');
    let projectId = contract.project_id;
    if (input.projectId) {
      const project = await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', input.projectId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      projectId = project.id;
    }
    const { id } = await trx
      .insertInto('assignments')
      .values({
        company_id: companyId,
        project_id: projectId,
        contract_id: contract.id,
        consultant_user_id: contract.signer_user_id,
        approver_user_id: input.approverUserId,
        created_by_user_id: user.id,
        hourly_fee_ore: sekToOre(Number(input.hourlyFee)),
        overtime_fee_ore: sekToOre(Number(input.overtimeFee)),
        start_date: input.startDate,
        end_date: input.endDate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, {
      actorUserId: user.id,
      action: 'assignment.create',
      subjectType: 'assignment',
      subjectId: id,
      data: { companyId, contractId: contract.id, consultantUserId: contract.signer_user_id },
    });
    const row = await findAssignmentRow(trx, user.id, id);
    return { assignment: toAssignmentView(row!, user.id) };
  });
}

async function lockAssignmentOfCompany(trx: Transaction<Database>, companyId: string, assignmentId: string) {
  const assignment = isUuid(assignmentId)
    ? await lockCompanyAssignment(trx, companyId, assignmentId)
    : undefined;
  if (!assignment) throw assignmentNotFound();
  return assignment;
}

async function assignmentAnswer(trx: Transaction<Database>, readerId: string, assignmentId: string) {
  const row = await findAssignmentRow(trx, readerId, assignmentId);
  return { assignment: toAssignmentView(row!, readerId) };
}

/**
 * POST company/{id}/assignments/{id}/approver (manage_contracts): another member, or the caller, approves the
 * assignment's months from now on, including those already submitted and waiting (a month's approver is always
 * the assignment's). Refused with APPROVER_NOT_MEMBER for anyone who is not a current member with a live
 * account, and with APPROVER_IS_CONSULTANT for the assignment's own consultant. Audited as
 * assignment.approver_change.
 */
export async function changeAssignmentApprover(
  db: Kysely<Database>,
  actorId: string,
  companyId: string,
  assignmentId: string,
  approverUserId: string,
) {
  return db.transaction().execute(async (trx) => {
    await authorizeCompany(trx, actorId, companyId, 'manage_contracts');
    // The membership before the assignment: the order a member's removal locks them in.
    await assertApproverIsMember(trx, companyId, approverUserId);
    const assignment = await lockAssignmentOfCompany(trx, companyId, assignmentId);
    assertApproverIsNotConsultant(approverUserId, assignment.consultant_user_id);
    if (assignment.approver_user_id !== approverUserId) {
      await updateAssignment(trx, assignment.id, { approver_user_id: approverUserId });
      await recordAuditEvent(trx, {
        actorUserId: actorId,
        action: 'assignment.approver_change',
        subjectType: 'assignment',
        subjectId: assignment.id,
        data: { companyId, from: assignment.approver_user_id, to: approverUserId },
      });
    }
    return assignmentAnswer(trx, actorId, assignment.id);
  });
}

/**
 * POST company/{id}/assignments/{id}/end (manage_contracts): the assignment's last day. Time can be reported up
 * to and including it, and its months submitted and approved as before; days after it cannot be reported. What
 * is reported stays: a day before the last reported one is refused (ASSIGNMENT_TIME_AFTER_END), and so is a day
 * after an end already set (ASSIGNMENT_ALREADY_ENDS: that would extend it). Audited as assignment.end.
 */
export async function endAssignment(
  db: Kysely<Database>,
  actorId: string,
  companyId: string,
  assignmentId: string,
  endDate: string,
  locale: Locale,
) {
  return db.transaction().execute(async (trx) => {
    await authorizeCompany(trx, actorId, companyId, 'manage_contracts');
    const assignment = await lockAssignmentOfCompany(trx, companyId, assignmentId);
    if (endDate < assignment.start_date) {
      throw periodRefused([{ field: 'endDate', code: 'validation.validityOrder', dates: {} }], locale);
    }
    if (assignment.end_date !== null && endDate > assignment.end_date) {
      throw new AppError('ASSIGNMENT_ALREADY_ENDS', {
        data: { endDate: assignment.end_date },
        params: { date: { day: assignment.end_date } },
      });
    }
    const tooLate = assignmentEndIssue(endDate, swedishDayOf(new Date()));
    if (tooLate) throw periodRefused([tooLate], locale);
    if (assignment.end_date !== endDate) {
      // Reports take the assignment's row shared before they are written, so none can land after the new end
      // once this lock is held.
      const lastReported = await findLastReportedDayAfter(trx, assignment.id, endDate);
      if (lastReported) {
        throw new AppError('ASSIGNMENT_TIME_AFTER_END', {
          data: { lastReportedDay: lastReported },
          params: { date: { day: lastReported } },
        });
      }
      await updateAssignment(trx, assignment.id, { end_date: endDate });
      await recordAuditEvent(trx, {
        actorUserId: actorId,
        action: 'assignment.end',
        subjectType: 'assignment',
        subjectId: assignment.id,
        data: { companyId, from: assignment.end_date, to: endDate },
      });
    }
    return assignmentAnswer(trx, actorId, assignment.id);
  });
}

/**
 * Takes a member who leaves or is removed from a company (companyId), or whose account is deleted (null: every
 * company), off as approver of its assignments, in the same transaction, after their memberships were locked
 * and ended. Those assignments then have no approver until someone who manages the company's contracts picks
 * one; their waiting months go to whoever that is. Audited as assignment.approver_removed.
 */
export async function releaseApprover(
  trx: Transaction<Database>,
  change: {
    userId: string;
    companyId: string | null;
    actorId: string;
    reason: 'left' | 'removed' | 'account_deleted';
  },
): Promise<void> {
  const released = await clearApprover(trx, change.userId, change.companyId);
  for (const assignment of released) {
    await recordAuditEvent(trx, {
      actorUserId: change.actorId,
      action: 'assignment.approver_removed',
      subjectType: 'assignment',
      subjectId: assignment.id,
      data: { companyId: assignment.company_id, userId: change.userId, reason: change.reason },
    });
  }
}

/** An assignment as the member list and the removal dialog name it: contract (project). */
const consultantAssignmentName = (row: { contract_name: string; project_name: string | null }) =>
  row.project_name ? `${row.contract_name} (${row.project_name})` : row.contract_name;

/**
 * The assignments of the company on which each of the given members is the consultant and that have not ended
 * (open-ended, or ending after today), by member: what a removal would end (see {@link endConsultantAssignments}).
 */
export async function findRunningAssignmentsOfMembers(
  db: Db,
  companyId: string,
  userIds: readonly string[],
): Promise<Map<string, { assignmentId: string; name: string }[]>> {
  const rows = await findRunningConsultantAssignments(db, companyId, userIds, swedishDayOf(new Date()));
  const byUser = new Map<string, { assignmentId: string; name: string }[]>();
  for (const row of rows) {
    const list = byUser.get(row.consultant_user_id) ?? [];
    list.push({ assignmentId: row.id, name: consultantAssignmentName(row) });
    byUser.set(row.consultant_user_id, list);
  }
  return byUser;
}

/**
 * Ends, as of today, the company's assignments on which a member who leaves or is removed is the consultant and
 * that have not ended, in the removal's transaction (docs/decisions.md, "A member who leaves stops being
 * billable"): the company is not billed for days after someone left. Time already reported stays, and its
 * months are submitted and approved as before. The last day is today, or the assignment's first day for one
 * that has not started, or a later day reported before the rule that time is reported only for days that have
 * come. Audited as assignment.end with the reason.
 */
export async function endConsultantAssignments(
  trx: Transaction<Database>,
  change: { userId: string; companyId: string; actorId: string; reason: 'left' | 'removed' },
): Promise<void> {
  const today = swedishDayOf(new Date());
  const running = await findRunningConsultantAssignments(trx, change.companyId, [change.userId], today, {
    lock: true,
  });
  for (const assignment of running) {
    let endDate = assignment.start_date > today ? assignment.start_date : today;
    const lastReported = await findLastReportedDayAfter(trx, assignment.id, endDate);
    if (lastReported) endDate = lastReported;
    if (assignment.end_date !== null && assignment.end_date <= endDate) continue;
    await updateAssignment(trx, assignment.id, { end_date: endDate });
    await recordAuditEvent(trx, {
      actorUserId: change.actorId,
      action: 'assignment.end',
      subjectType: 'assignment',
      subjectId: assignment.id,
      data: {
        companyId: change.companyId,
        from: assignment.end_date,
        to: endDate,
        consultantUserId: change.userId,
        reason: change.reason,
      },
    });
  }
}
