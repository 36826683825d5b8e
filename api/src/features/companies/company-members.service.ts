import { effectivePermissions, type CompanyPermission } from '@mp/domain';
import type { CompanyRole, Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { findPremiumUserIds } from '../subscriptions/premium-gate';
import {
  endConsultantAssignments,
  findRunningAssignmentsOfMembers,
  releaseApprover,
} from '../time/assignments.service';
import { authorizeCompany, type CompanyAccess } from './company-access';
import {
  deleteMembership,
  deleteMembershipsOfUser,
  findCompaniesOfMember,
  findMembers,
  insertRemoval,
  lockMemberships,
  updateMembership,
} from './companies.repository';
import type { MemberView } from '@mp/api-contract/companies.schema';

const lastAdmin = () => new AppError('LAST_COMPANY_ADMIN');
const memberNotFound = () => new AppError('MEMBER_NOT_FOUND');
const adminRequired = () => new AppError('COMPANY_ADMIN_REQUIRED');

/** GET company/{id}/users: the members with their roles and permissions (manage_members). */
export async function listMembers(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
): Promise<{ users: MemberView[] }> {
  await authorizeCompany(db, userId, companyId, 'manage_members');
  const rows = await findMembers(db, companyId);
  const userIds = rows.map((row) => row.user_id);
  const premium = await findPremiumUserIds(db, userIds);
  const running = await findRunningAssignmentsOfMembers(db, companyId, userIds);
  return {
    users: rows.map((row) => ({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      role: row.role,
      permissions: effectivePermissions(row.role, row.permissions),
      canApproveTime: premium.has(row.user_id),
      joinedAt: row.created_at.toISOString(),
      runningAssignments: running.get(row.user_id) ?? [],
    })),
  };
}

/**
 * Changes a member's role and permissions. Needs manage_members; only admins make or unmake admins, and a
 * member who may manage members still cannot change an admin, nor grant or withdraw a permission they lack. The company always keeps one admin: the
 * memberships are locked first, so two admins demoting each other at once cannot both succeed.
 */
export async function changeMember(
  db: Kysely<Database>,
  actorId: string,
  companyId: string,
  memberId: string,
  change: { role?: CompanyRole; permissions?: CompanyPermission[] },
): Promise<{ users: MemberView[] }> {
  await db.transaction().execute(async (trx) => {
    const access = await authorizeCompany(trx, actorId, companyId, 'manage_members');
    const members = await lockMemberships(trx, companyId);
    const target = members.find((member) => member.user_id === memberId);
    if (!target) throw memberNotFound();
    const role = change.role ?? target.role;
    const touchesAdmin = target.role === 'admin' || role === 'admin';
    if (touchesAdmin && access.role !== 'admin') throw adminRequired();
    if (target.role === 'admin' && role !== 'admin' && countAdmins(members) === 1) throw lastAdmin();
    const permissions = role === 'admin' ? [] : [...new Set(change.permissions ?? target.permissions)];
    if (access.role !== 'admin') {
      // A member who manages members grants and withdraws only what they hold themselves, so nobody (least
      // of all themselves) gets more through them than they have.
      const changed = [
        ...permissions.filter((p) => !target.permissions.includes(p)),
        ...target.permissions.filter((p) => !permissions.includes(p)),
      ];
      const held = new Set<string>(access.permissions);
      const beyond = changed.find((p) => !held.has(p));
      if (beyond) throw new AppError('COMPANY_PERMISSION_REQUIRED', { data: { permission: beyond } });
    }
    await updateMembership(trx, companyId, memberId, { role, permissions });
    await recordAuditEvent(trx, {
      actorUserId: actorId,
      action: 'company.member.change',
      subjectType: 'company',
      subjectId: companyId,
      data: { userId: memberId, role, permissions },
    });
  });
  return listMembers(db, actorId, companyId);
}

/**
 * Removes a member (manage_members; admins only for an admin), or lets members leave on their own. The last
 * admin can do neither: 409 LAST_COMPANY_ADMIN. The assignments they approved have no approver afterwards, and
 * those of the company on which they are the consultant and that have not ended end today
 * ({@link endConsultantAssignments}; the removal dialog names them first). A
 * removed member cannot join again through the invite link (403 REMOVED_FROM_COMPANY) until a member who
 * manages members invites their e-mail address; one who left may.
 */
export async function removeMember(
  db: Kysely<Database>,
  actorId: string,
  companyId: string,
  memberId: string,
): Promise<{ removed: true }> {
  await db.transaction().execute(async (trx) => {
    const leaving = actorId === memberId;
    const access: CompanyAccess = await authorizeCompany(
      trx,
      actorId,
      companyId,
      leaving ? 'member' : 'manage_members',
    );
    const members = await lockMemberships(trx, companyId);
    const target = members.find((member) => member.user_id === memberId);
    if (!target) throw memberNotFound();
    if (target.role === 'admin' && !leaving && access.role !== 'admin') throw adminRequired();
    if (target.role === 'admin' && countAdmins(members) === 1) throw lastAdmin();
    await deleteMembership(trx, companyId, memberId);
    // Removed by someone else: the invite link no longer lets them back in (until invited by e-mail).
    if (!leaving) await insertRemoval(trx, companyId, memberId, actorId);
    await recordAuditEvent(trx, {
      actorUserId: actorId,
      action: leaving ? 'company.member.leave' : 'company.member.remove',
      subjectType: 'company',
      subjectId: companyId,
      data: { userId: memberId },
    });
    await releaseApprover(trx, {
      userId: memberId,
      companyId,
      actorId,
      reason: leaving ? 'left' : 'removed',
    });
    await endConsultantAssignments(trx, {
      userId: memberId,
      companyId,
      actorId,
      reason: leaving ? 'left' : 'removed',
    });
  });
  return { removed: true };
}

const countAdmins = (members: readonly { role: CompanyRole }[]) =>
  members.filter((member) => member.role === 'admin').length;

/**
 * Refuses (409 ACCOUNT_LAST_COMPANY_ADMIN, naming the companies) while the user is the last admin of a company
 * that has other members: someone else must be made admin first, or the other members removed. Locks the
 * memberships of the user's companies for the rest of the transaction.
 */
async function assertNotLastAdminOfOthers(trx: Transaction<Database>, userId: string) {
  const companies = await findCompaniesOfMember(trx, userId);
  const members = await lockMemberships(
    trx,
    companies.map((company) => company.id),
  );
  const blocked = companies.filter((company) => {
    const ofCompany = members.filter((member) => member.company_id === company.id);
    const isAdmin = ofCompany.some((member) => member.user_id === userId && member.role === 'admin');
    return isAdmin && countAdmins(ofCompany) === 1 && ofCompany.length > 1;
  });
  if (blocked.length > 0) {
    throw new AppError('ACCOUNT_LAST_COMPANY_ADMIN', {
      data: {
        companies: blocked.map((company) => ({ id: company.id, businessName: company.business_name })),
      },
      params: { companies: blocked.map((company) => company.business_name).join(', ') },
    });
  }
}

/**
 * Whether the user's account may be deleted as far as companies go (see {@link endMembershipsOfDeletedAccount}):
 * checked before the deletion is confirmed, so nobody confirms with BankID only to be refused.
 */
export async function assertAccountCanLeaveCompanies(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute((trx) => assertNotLastAdminOfOthers(trx, userId));
}

/**
 * Ends every company membership of an account being deleted, in the deletion's transaction (a deleted account
 * is nobody's member, admin, signer or approver to choose; the assignments it approved have no approver
 * afterwards). Refused with 409 ACCOUNT_LAST_COMPANY_ADMIN while it is the last admin of a company with other
 * members. A company whose only member it was keeps its projects, contracts and bills, with no members.
 */
export async function endMembershipsOfDeletedAccount(
  trx: Transaction<Database>,
  userId: string,
): Promise<void> {
  await assertNotLastAdminOfOthers(trx, userId);
  const ended = await deleteMembershipsOfUser(trx, userId);
  for (const { company_id: companyId } of ended) {
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'company.member.leave',
      subjectType: 'company',
      subjectId: companyId,
      data: { userId, accountDeleted: true },
    });
  }
  await releaseApprover(trx, { userId, companyId: null, actorId: userId, reason: 'account_deleted' });
}
