import {
  BUSINESS_TYPES,
  effectivePermissions,
  translateMessage,
  type BusinessType,
  type CompanyDetails,
  type Locale,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { recordAuditEvent } from '../../lib/audit';
import { authorizeCompany, companyNotFound } from './company-access';
import {
  findCompanyOfMember,
  findMembershipsOfUser,
  insertCompany,
  insertMembership,
  updateCompany,
  type CompanyOfMemberRow,
} from './companies.repository';
import type { CompanyView } from '@mp/api-contract/companies.schema';

const asBusinessType = (value: string | null): BusinessType | null =>
  (BUSINESS_TYPES as readonly string[]).includes(value ?? '') ? (value as BusinessType) : null;

function toCompanyView(row: CompanyOfMemberRow): CompanyView {
  return {
    id: row.id,
    businessName: row.business_name,
    businessType: asBusinessType(row.business_type),
    organisationNumber: row.organisation_number,
    vatNumber: row.vat_number,
    website: row.website,
    address: row.address,
    role: row.role,
    permissions: effectivePermissions(row.role, row.permissions),
    memberCount: Number(row.member_count),
    projectCount: Number(row.project_count),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** GET companies: the companies the user administers and those the user is a member of. */
export async function listCompaniesOfUser(db: Kysely<Database>, userId: string) {
  const rows = (await findMembershipsOfUser(db, userId)).map(toCompanyView);
  return {
    adminForCompanies: rows.filter((company) => company.role === 'admin'),
    memberInCompanies: rows.filter((company) => company.role === 'member'),
  };
}

async function loadCompany(db: Kysely<Database>, companyId: string, userId: string): Promise<CompanyView> {
  const row = await findCompanyOfMember(db, companyId, userId);
  if (!row) throw companyNotFound();
  return toCompanyView(row);
}

/** GET company/{id}: any member. */
export async function getCompany(db: Kysely<Database>, userId: string, companyId: string) {
  await authorizeCompany(db, userId, companyId, 'member');
  return { company: await loadCompany(db, companyId, userId) };
}

/** POST companies: the creator becomes the company's admin, in one transaction. */
export async function createCompany(
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  details: CompanyDetails,
) {
  const companyId = await db.transaction().execute(async (trx) => {
    const id = await insertCompany(trx, details, userId);
    await insertMembership(trx, id, userId, 'admin');
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'company.create',
      subjectType: 'company',
      subjectId: id,
    });
    return id;
  });
  return {
    company: await loadCompany(db, companyId, userId),
    message: translateMessage('success.companySaved', locale),
  };
}

/** POST company/{companyId}/update: admins only. */
export async function updateCompanyDetails(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
  locale: Locale,
  details: CompanyDetails,
) {
  await authorizeCompany(db, userId, companyId, 'admin');
  await db.transaction().execute(async (trx) => {
    await updateCompany(trx, companyId, details);
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'company.update',
      subjectType: 'company',
      subjectId: companyId,
    });
  });
  return {
    company: await loadCompany(db, companyId, userId),
    message: translateMessage('success.companySaved', locale),
  };
}
