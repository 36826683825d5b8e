import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { findMembershipsOfUser } from './companies.repository';

export interface CompanySummary {
  id: string;
  businessName: string;
  businessType: string | null;
  organisationNumber: string | null;
  vatNumber: string | null;
  permissions: string[];
}

/** GET companies: the companies the user administers and those the user is a member of. */
export async function listCompaniesOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<{ adminForCompanies: CompanySummary[]; memberInCompanies: CompanySummary[] }> {
  const rows = await findMembershipsOfUser(db, userId);
  const toSummary = (r: (typeof rows)[number]): CompanySummary => ({
    id: r.id,
    businessName: r.business_name,
    businessType: r.business_type,
    organisationNumber: r.organisation_number,
    vatNumber: r.vat_number,
    permissions: r.permissions,
  });
  return {
    adminForCompanies: rows.filter((r) => r.role === 'admin').map(toSummary),
    memberInCompanies: rows.filter((r) => r.role === 'member').map(toSummary),
  };
}
