import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

/** The companies a user belongs to, with the user's role and permissions in each. */
export async function findMembershipsOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      'c.id',
      'c.business_name',
      'c.business_type',
      'c.organisation_number',
      'c.vat_number',
      'm.role',
      'm.permissions',
    ])
    .where('m.user_id', '=', userId)
    .orderBy('c.business_name')
    .execute();
}
