import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { userDisplayNameSql } from '../../lib/user-name';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the reader is a member of assignment `a`'s company who sees all its assignments, with their fees: an
 * admin, or a member who manages contracts (hires) or sees the bills. Other members see only those they work
 * on or approve.
 */
const seesCompanyAssignments = (readerId: string) => sql<boolean>`EXISTS (SELECT 1 FROM company_memberships m
  WHERE m.company_id = a.company_id AND m.user_id = ${readerId}
    AND (m.role = 'admin' OR 'manage_contracts' = ANY(m.permissions) OR 'view_billing' = ANY(m.permissions)))`;

/** Whether the reader manages the contracts of assignment `a`'s company: changes its approver and ends it. */
const managesCompanyContracts = (readerId: string) => sql<boolean>`EXISTS (SELECT 1 FROM company_memberships m
  WHERE m.company_id = a.company_id AND m.user_id = ${readerId}
    AND (m.role = 'admin' OR 'manage_contracts' = ANY(m.permissions)))`;

/** Whether the reader may see assignment `a`: its consultant, its approver, or {@link seesCompanyAssignments}. */
export const assignmentVisibleTo = (readerId: string) =>
  sql<boolean>`(a.consultant_user_id = ${readerId} OR a.approver_user_id = ${readerId}
    OR ${seesCompanyAssignments(readerId)})`;

/**
 * Assignments with their company, project, contract, consultant and approver (if any), for views; each person
 * by name, else e-mail address.
 */
export function selectAssignmentRows(db: Db, readerId: string) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('contracts as k', 'k.id', 'a.contract_id')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('users as cu', 'cu.id', 'a.consultant_user_id')
    .leftJoin('users as au', 'au.id', 'a.approver_user_id')
    .select([
      'a.id',
      'a.company_id',
      'c.business_name as company_name',
      'a.project_id',
      'p.name as project_name',
      'a.contract_id',
      'k.name as contract_name',
      'a.consultant_user_id',
      userDisplayNameSql('cu').as('consultant_name'),
      'a.approver_user_id',
      userDisplayNameSql('au').as('approver_name'),
      'a.hourly_fee_ore',
      'a.overtime_fee_ore',
      'a.start_date',
      'a.end_date',
      seesCompanyAssignments(readerId).as('reader_sees_company_assignments'),
      managesCompanyContracts(readerId).as('reader_manages_company_contracts'),
    ]);
}

export type AssignmentRow = Awaited<
  ReturnType<ReturnType<typeof selectAssignmentRows>['executeTakeFirstOrThrow']>
>;

/** Assignments the reader may see ({@link assignmentVisibleTo}). */
export function findVisibleAssignments(db: Db, readerId: string) {
  return selectAssignmentRows(db, readerId)
    .where(assignmentVisibleTo(readerId))
    .orderBy('a.start_date', 'desc')
    .orderBy('a.id')
    .execute();
}

export function findAssignmentRow(db: Db, readerId: string, assignmentId: string) {
  return selectAssignmentRows(db, readerId).where('a.id', '=', assignmentId).executeTakeFirst();
}

/** An assignment of the company, locked for a change of its approver or its end. */
export function lockCompanyAssignment(trx: Transaction<Database>, companyId: string, assignmentId: string) {
  return trx
    .selectFrom('assignments')
    .select(['id', 'company_id', 'consultant_user_id', 'approver_user_id', 'start_date', 'end_date'])
    .where('id', '=', assignmentId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The assignment's approver and period as they stand, locked (shared) for the rest of the transaction: a report
 * or a decision is checked against them while a change of approver or end waits.
 */
export function lockAssignmentTerms(trx: Transaction<Database>, assignmentId: string) {
  return trx
    .selectFrom('assignments')
    .select(['approver_user_id', 'consultant_user_id', 'start_date', 'end_date'])
    .where('id', '=', assignmentId)
    .forShare()
    .executeTakeFirstOrThrow();
}

export async function updateAssignment(
  trx: Transaction<Database>,
  assignmentId: string,
  values: { approver_user_id?: string; end_date?: string },
): Promise<void> {
  await trx.updateTable('assignments').set(values).where('id', '=', assignmentId).execute();
}

/** The last day with a report on the assignment after the given day, if any. */
export async function findLastReportedDayAfter(db: Db, assignmentId: string, day: string) {
  const row = await db
    .selectFrom('time_reports')
    .select((eb) => eb.fn.max('work_date').as('last'))
    .where('assignment_id', '=', assignmentId)
    .where('work_date', '>', day)
    .executeTakeFirst();
  return row?.last ?? null;
}

/** Takes the user off as approver of the assignments of one company (or of all, for a deleted account). */
export function clearApprover(trx: Transaction<Database>, userId: string, companyId: string | null) {
  return trx
    .updateTable('assignments')
    .set({ approver_user_id: null })
    .where('approver_user_id', '=', userId)
    .$if(companyId !== null, (qb) => qb.where('company_id', '=', companyId!))
    .returning(['id', 'company_id'])
    .execute();
}

/**
 * The company's assignments whose consultant is one of the given users and that have not ended by the given day
 * (open-ended, or ending after it), with their contract and project names, oldest first; with `lock`, locked
 * for update (an end) for the rest of the transaction.
 */
export function findRunningConsultantAssignments(
  db: Db,
  companyId: string,
  userIds: readonly string[],
  day: string,
  options: { lock?: boolean } = {},
) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('assignments as a')
    .innerJoin('contracts as c', 'c.id', 'a.contract_id')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .select([
      'a.id',
      'a.consultant_user_id',
      'a.start_date',
      'a.end_date',
      'c.name as contract_name',
      'p.name as project_name',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.consultant_user_id', 'in', userIds)
    .where((eb) => eb.or([eb('a.end_date', 'is', null), eb('a.end_date', '>', day)]))
    .orderBy('a.start_date')
    .orderBy('a.id')
    .$if(options.lock === true, (qb) => qb.forUpdate('a'))
    .execute();
}
