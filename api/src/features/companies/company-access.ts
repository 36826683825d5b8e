import { effectivePermissions, type CompanyPermission, type CompanyRole } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { lockLiveMembership } from './companies.repository';

/** What a company route needs of the caller: any membership, the admin role, or one permission. */
export type CompanyRequirement = 'member' | 'admin' | CompanyPermission;

export interface CompanyAccess {
  companyId: string;
  userId: string;
  role: CompanyRole;
  permissions: CompanyPermission[];
}

export const companyNotFound = () => new AppError('COMPANY_NOT_FOUND');

/**
 * The one membership and permission check of every company route: an outsider (or an unknown or malformed
 * id) gets 404 COMPANY_NOT_FOUND, so nobody learns which companies exist; a member who lacks what the
 * route needs gets 403 (COMPANY_ADMIN_REQUIRED or COMPANY_PERMISSION_REQUIRED).
 */
export async function authorizeCompany(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  companyId: string,
  requirement: CompanyRequirement,
): Promise<CompanyAccess> {
  if (!isUuid(companyId)) throw companyNotFound();
  const membership = await db
    .selectFrom('company_memberships')
    .select(['role', 'permissions'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!membership) throw companyNotFound();
  const access: CompanyAccess = {
    companyId,
    userId,
    role: membership.role,
    permissions: effectivePermissions(membership.role, membership.permissions),
  };
  if (requirement === 'member') return access;
  if (requirement === 'admin') {
    if (access.role !== 'admin') {
      throw new AppError('COMPANY_ADMIN_REQUIRED');
    }
    return access;
  }
  if (!access.permissions.includes(requirement)) {
    throw new AppError('COMPANY_PERMISSION_REQUIRED', {
      data: {
        permission: requirement,
      },
    });
  }
  return access;
}

/**
 * Whether a member chosen for a role (a contract's signer, an assignment's approver) is a current member of the
 * company with a live account. Their membership stays locked until the transaction ends, so a removal at the
 * same moment waits for the choice to be stored and then sees it.
 */
export async function isChoosableMember(
  trx: Transaction<Database>,
  companyId: string,
  userId: string,
): Promise<boolean> {
  return isUuid(userId) && lockLiveMembership(trx, companyId, userId);
}
