import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the reader is a member of assignment `a`'s company who sees all its assignments, with their fees: an
 * admin, or a member who manages contracts (hires) or sees the bills. Other members see only those they work
 * on or approve.
 */
const seesCompanyAssignments = (readerId: string) => sql<boolean>`EXISTS (SELECT 1 FROM company_memberships m
  WHERE m.company_id = a.company_id AND m.user_id = ${readerId}
    AND (m.role = 'admin' OR 'manage_contracts' = ANY(m.permissions) OR 'view_billing' = ANY(m.permissions)))`;

/** Whether the reader may see assignment `a`: its consultant, its approver, or {@link seesCompanyAssignments}. */
export const assignmentVisibleTo = (readerId: string) =>
  sql<boolean>`(a.consultant_user_id = ${readerId} OR a.approver_user_id = ${readerId}
    OR ${seesCompanyAssignments(readerId)})`;

/** Assignments with their company, project, contract, consultant and approver, for views. */
export function selectAssignmentRows(db: Db, readerId: string) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('contracts as k', 'k.id', 'a.contract_id')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('users as cu', 'cu.id', 'a.consultant_user_id')
    .innerJoin('users as au', 'au.id', 'a.approver_user_id')
    .select([
      'a.id',
      'a.company_id',
      'c.business_name as company_name',
      'a.project_id',
      'p.name as project_name',
      'a.contract_id',
      'k.name as contract_name',
      'a.consultant_user_id',
      sql<string | null>`nullif(concat_ws(' ', cu.first_name, cu.last_name), '')`.as('consultant_name'),
      'a.approver_user_id',
      sql<string | null>`nullif(concat_ws(' ', au.first_name, au.last_name), '')`.as('approver_name'),
      'a.hourly_fee_ore',
      'a.overtime_fee_ore',
      'a.start_date',
      'a.end_date',
      seesCompanyAssignments(readerId).as('reader_sees_company_assignments'),
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
