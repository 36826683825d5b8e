import type { CompanyDetails } from '@mp/domain';
import type { CompanyRole, Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { userEmailSql, userNameSql } from '../../lib/user-name';

type Db = Kysely<Database> | Transaction<Database>;

const companyColumns = [
  'c.id',
  'c.business_name',
  'c.business_type',
  'c.organisation_number',
  'c.vat_number',
  'c.website',
  'c.address',
  'c.updated_at',
] as const;

// Counted per company row; a company has a handful of members and projects, both indexed by company_id. A
// deleted account is no member (its memberships end with the deletion; this also hides any left from before).
const memberCount = sql<number>`(SELECT count(*) FROM company_memberships cm JOIN users cu ON cu.id = cm.user_id
  WHERE cm.company_id = c.id AND cu.deleted_at IS NULL)`;
const projectCount = sql<number>`(SELECT count(*) FROM projects p WHERE p.company_id = c.id)`;
const counts = [memberCount.as('member_count'), projectCount.as('project_count')] as const;

/** The companies a user belongs to, with the user's role and permissions in each, by name. */
export async function findMembershipsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([...companyColumns, 'm.role', 'm.permissions', ...counts])
    .where('m.user_id', '=', userId)
    .orderBy('c.business_name')
    .execute();
}

export async function findCompanyOfMember(db: Db, companyId: string, userId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([...companyColumns, 'm.role', 'm.permissions', ...counts])
    .where('m.user_id', '=', userId)
    .where('c.id', '=', companyId)
    .executeTakeFirst();
}
export type CompanyOfMemberRow = NonNullable<Awaited<ReturnType<typeof findCompanyOfMember>>>;

const detailsToRow = (details: CompanyDetails) => ({
  business_name: details.businessName,
  business_type: details.businessType,
  organisation_number: details.organisationNumber,
  vat_number: details.vatNumber,
  website: details.website,
  address: details.address,
});

export async function insertCompany(db: Db, details: CompanyDetails, createdBy: string): Promise<string> {
  const row = await db
    .insertInto('companies')
    .values({ ...detailsToRow(details), created_by_user_id: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCompany(db: Db, companyId: string, details: CompanyDetails): Promise<void> {
  await db.updateTable('companies').set(detailsToRow(details)).where('id', '=', companyId).execute();
}

// ---- memberships ----

export async function insertMembership(
  db: Db,
  companyId: string,
  userId: string,
  role: CompanyRole,
): Promise<boolean> {
  const row = await db
    .insertInto('company_memberships')
    .values({ company_id: companyId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findMembers(db: Db, companyId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'm.role',
      'm.permissions',
      'm.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('m.company_id', '=', companyId)
    .where('u.deleted_at', 'is', null)
    .orderBy(sql`m.role = 'admin'`, 'desc')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

/**
 * Locks the memberships of the companies (in id order, the same order for every caller) so concurrent
 * demotions, removals and account deletions cannot remove the last admin. Returns those of live accounts: a
 * deleted account is neither a member nor an admin.
 */
export async function lockMemberships(trx: Transaction<Database>, companyIds: string | readonly string[]) {
  const ids = typeof companyIds === 'string' ? [companyIds] : companyIds;
  if (ids.length === 0) return [];
  return trx
    .selectFrom('company_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.company_id', 'm.user_id', 'm.role', 'm.permissions'])
    .where('m.company_id', 'in', ids)
    .where('u.deleted_at', 'is', null)
    .orderBy('m.id')
    .forUpdate('m')
    .execute();
}

/**
 * Whether the user is a member of the company with a live account, the membership locked (shared) for the rest
 * of the transaction: someone chosen as signer or approver cannot leave, be removed or delete their account
 * until the choice is stored, so the removal that follows sees it.
 */
export async function lockLiveMembership(
  trx: Transaction<Database>,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('company_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.id')
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .forShare('m')
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids and names of the companies the user belongs to, by name. */
export async function findCompaniesOfMember(db: Db, userId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.business_name'])
    .where('m.user_id', '=', userId)
    .orderBy('c.business_name')
    .execute();
}

export async function deleteMembershipsOfUser(db: Db, userId: string) {
  return db.deleteFrom('company_memberships').where('user_id', '=', userId).returning('company_id').execute();
}

export async function updateMembership(
  db: Db,
  companyId: string,
  userId: string,
  values: { role: CompanyRole; permissions: string[] },
): Promise<void> {
  await db
    .updateTable('company_memberships')
    .set(values)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(db: Db, companyId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('company_memberships')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

// ---- removed members (QA7 H1) ----

/** Remembers that an admin removed the user: the company's invite links no longer let them in. */
export async function insertRemoval(db: Db, companyId: string, userId: string, removedBy: string) {
  await db
    .insertInto('company_removed_members')
    .values({ company_id: companyId, user_id: userId, removed_by_user_id: removedBy })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'user_id'])
        .doUpdateSet({ removed_by_user_id: removedBy, removed_at: sql`now()` }),
    )
    .execute();
}

export async function isRemovedMember(db: Db, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_removed_members')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An admin invited these addresses by e-mail: the removed users with them may join through the link again. */
export async function deleteRemovalsByEmails(db: Db, companyId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .deleteFrom('company_removed_members')
    .where('company_id', '=', companyId)
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('id')
        .where(
          sql<string>`lower(email)`,
          'in',
          emails.map((email) => email.toLowerCase()),
        ),
    )
    .returning('user_id')
    .execute();
}

// ---- invite links ----

export async function findLiveInviteLink(db: Db, companyId: string) {
  return db
    .selectFrom('company_invite_links')
    .select(['token', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeInviteLinks(db: Db, companyId: string): Promise<void> {
  await db
    .updateTable('company_invite_links')
    .set({ revoked_at: new Date() })
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertInviteLink(
  db: Db,
  values: { companyId: string; token: string; createdBy: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('company_invite_links')
    .values({
      company_id: values.companyId,
      token: values.token,
      created_by_user_id: values.createdBy,
      expires_at: values.expiresAt,
    })
    .execute();
}

export async function findInviteLinkByToken(db: Db, token: string) {
  return db
    .selectFrom('company_invite_links as l')
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .select(['l.company_id', 'l.expires_at', 'l.revoked_at', 'c.business_name', 'c.business_type'])
    .where('l.token', '=', token)
    .executeTakeFirst();
}

// ---- invitations by e-mail ----

/**
 * The company's name, with its row locked until the transaction ends: one company's invitations are sent one
 * request at a time, so the daily quota is counted without a race and at most one request issues a new link.
 */
export async function lockCompanyForInvites(trx: Transaction<Database>, companyId: string) {
  return trx
    .selectFrom('companies')
    .select(['id', 'business_name'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

/** Which of `emails` belong to live members of the company (as stored; the column is case-insensitive). */
export async function findMemberEmails(
  db: Db,
  companyId: string,
  emails: readonly string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('company_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.company_id', '=', companyId)
    .where('u.deleted_at', 'is', null)
    .where('u.email', 'in', [...emails])
    .execute();
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/** The invitation mails the company sent in the last 24 hours (the audit rows' `mailed` counts). */
export async function countInviteMailsLastDay(db: Db, companyId: string): Promise<number> {
  const { mailed } = await db
    .selectFrom('audit_log')
    .select(sql<string>`coalesce(sum((data->>'mailed')::int), 0)`.as('mailed'))
    .where('subject_type', '=', 'company')
    .where('subject_id', '=', companyId)
    .where('action', '=', 'company.invite.mail')
    .where('at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(mailed);
}

/** The inviter as the mail names them: the name (null without one) and the e-mail address. */
export async function findInviter(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([userNameSql('users').as('name'), userEmailSql('users').as('email')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function isMember(db: Db, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_memberships')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- projects ----

export async function findProjects(db: Db, companyId: string) {
  return db
    .selectFrom('projects')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('company_id', '=', companyId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Serialises the name checks and writes of one company's projects until the transaction ends, so two requests
 * cannot both find a name free and both take it.
 */
export async function lockProjectsOfCompany(db: Transaction<Database>, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('projects'), hashtext(${companyId}))`.execute(db);
}

/** Whether the company has a project of this name, case and surrounding spaces aside (another than `exceptId`). */
export async function hasProjectNamed(
  db: Db,
  companyId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('projects')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertProject(db: Db, companyId: string, name: string) {
  return db
    .insertInto('projects')
    .values({ company_id: companyId, name })
    .returning(['id', 'name', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export async function renameProject(db: Db, companyId: string, projectId: string, name: string) {
  return db
    .updateTable('projects')
    .set({ name })
    .where('company_id', '=', companyId)
    .where('id', '=', projectId)
    .returning(['id', 'name', 'created_at', 'updated_at'])
    .executeTakeFirst();
}

export async function deleteProject(db: Db, companyId: string, projectId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('projects')
    .where('company_id', '=', companyId)
    .where('id', '=', projectId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
