import { sekToOre, type AssignmentInput } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { isUuid } from '../../lib/uuid';
import type { AuthUser } from '../../plugins/auth';
import { authorizeCompany } from '../companies/company-access';
import { assertPremium } from '../subscriptions/premium-gate';
import { findAssignmentRow, findVisibleAssignments, type AssignmentRow } from './assignments.repository';
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
    approver: { userId: row.approver_user_id, name: row.approver_name },
    hourlyFeeOre: Number(row.hourly_fee_ore),
    overtimeFeeOre: Number(row.overtime_fee_ore),
    startDate: row.start_date,
    endDate: row.end_date,
    isConsultant: row.consultant_user_id === readerId,
    isApprover: row.approver_user_id === readerId,
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
 * Hires the signer of a signed contract on the contract's (or the given) project: manage_contracts and premium
 * (time reporting is a premium feature, spec sections 1 and 6). The approver must be a member of the company, and
 * the period must not overlap another assignment under the same contract.
 */
export async function createAssignment(
  db: Kysely<Database>,
  user: AuthUser,
  companyId: string,
  input: AssignmentInput & { endDate: string | null },
) {
  await authorizeCompany(db, user.id, companyId, 'manage_contracts');
  assertPremium(user);
  return db.transaction().execute(async (trx) => {
    const contract = await trx
      .selectFrom('contracts')
      .select(['id', 'status', 'signer_user_id', 'project_id'])
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
    const approver = await trx
      .selectFrom('company_memberships')
      .select('user_id')
      .where('company_id', '=', companyId)
      .where('user_id', '=', input.approverUserId)
      .executeTakeFirst();
    if (!approver) throw new AppError('APPROVER_NOT_MEMBER');
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
