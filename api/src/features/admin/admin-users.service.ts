import type { Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import type { ProfileEditBody } from '@mp/api-contract/profile-edit.schema';
import { saveWholeProfile } from '../profiles/profile-edit.service';
import { getOwnProfile } from '../profiles/profile-view.service';
import {
  countAuditEntries,
  findAcceptedTermsVersion,
  findAuditEntries,
  findUsersPage,
  findUserWithProfile,
} from './admin-users.repository';
import type { AdminUserDetail, AdminUsersQuery } from '@mp/api-contract/admin.schema';

export const userNotFound = () => new AppError('USER_NOT_FOUND');

const iso = (date: Date | null) => date?.toISOString() ?? null;

type AuditRow = Awaited<ReturnType<typeof findAuditEntries>>[number];

export const toAuditEntry = (row: AuditRow) => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  action: row.action,
  actorUserId: row.actor_user_id,
  actorName: row.actor_name,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  data: row.data,
});

/** The last page of `total` items (1 when there are none). */
const lastPageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The users list of the god area: search by e-mail, name or id, filters, 1-based pages. A page past the end
 * answers the last page (and says so in `page`).
 */
export async function listUsers(db: Kysely<Database>, query: AdminUsersQuery) {
  let { rows, total } = await findUsersPage(db, query);
  let page = query.page;
  if (rows.length === 0 && page > lastPageOf(total, query.pageSize)) {
    page = lastPageOf(total, query.pageSize);
    ({ rows, total } = await findUsersPage(db, { ...query, page }));
  }
  return {
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      verified: row.verified,
      isAdmin: row.is_admin,
      isPremium: row.is_premium,
      searchable: row.is_searchable,
      createdAt: row.created_at.toISOString(),
      lastLoginAt: iso(row.last_login_at),
      deletedAt: iso(row.deleted_at),
    })),
    total,
    page,
    pageSize: query.pageSize,
  };
}

/** One user for god/users/{userId}: account, profile state, accepted terms and the latest audit entries. */
export async function getUserDetail(db: Kysely<Database>, userId: string): Promise<AdminUserDetail> {
  const row = await findUserWithProfile(db, userId);
  if (!row) throw userNotFound();
  const [acceptedTermsVersion, audit] = await Promise.all([
    findAcceptedTermsVersion(db, userId),
    findAuditEntries(db, { userId, limit: 20 }),
  ]);
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    locale: row.locale,
    verified: row.verified,
    isAdmin: row.is_admin,
    isPremium: row.is_premium,
    searchable: row.is_searchable,
    hasPassword: row.password_hash !== null,
    hasBankId: row.national_identity_number_hash !== null,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: iso(row.last_login_at),
    deletedAt: iso(row.deleted_at),
    purgeAfter: iso(row.purge_after),
    profile:
      row.profile_id === null
        ? null
        : {
            completion: row.completion ?? 0,
            version: row.profile_version ?? 0,
            searchable: row.is_searchable ?? false,
          },
    acceptedTermsVersion,
    audit: audit.map(toAuditEntry),
  };
}

/** The user's profile as its owner sees it in the editor. */
export async function getUserProfile(db: Kysely<Database>, userId: string, locale: Locale) {
  if (!(await findUserWithProfile(db, userId))) throw userNotFound();
  return getOwnProfile(db, userId, locale);
}

/**
 * An admin saves a user's whole profile on their behalf: the owner's own save (so the outbox row and search
 * follow), with an `admin.profile.edit` audit entry naming the parts it changed, in the same transaction.
 */
export async function saveUserProfile(
  db: Kysely<Database>,
  input: { adminId: string; userId: string; locale: Locale; body: ProfileEditBody; ip: string },
) {
  if (!(await findUserWithProfile(db, input.userId))) throw userNotFound();
  try {
    return await saveWholeProfile(db, input.userId, input.locale, input.body, (changedParts) => ({
      actorUserId: input.adminId,
      action: 'admin.profile.edit',
      subjectType: 'user',
      subjectId: input.userId,
      // What the admin changed, not every part the whole-profile save wrote.
      data: { parts: changedParts },
      ip: input.ip,
    }));
  } catch (error) {
    // The same refusal, told the admin, whose edit is of someone else's profile.
    if (error instanceof AppError && error.code === 'PROFILE_CHANGED') {
      throw new AppError('PROFILE_CHANGED', { message: 'error.userProfileChanged' });
    }
    throw error;
  }
}

/** The audit log, searchable (spec section 6), newest first; a page past the end answers the last page. */
export async function searchAuditLog(
  db: Kysely<Database>,
  query: { q?: string; page: number; pageSize: number },
) {
  const total = await countAuditEntries(db, { q: query.q });
  const page = Math.min(query.page, lastPageOf(total, query.pageSize));
  const rows = await findAuditEntries(db, {
    q: query.q,
    limit: query.pageSize,
    offset: (page - 1) * query.pageSize,
  });
  return { entries: rows.map(toAuditEntry), total, page, pageSize: query.pageSize };
}

/**
 * Makes a live user an admin or takes it back (god/users/{id}), with an `admin.user.grant_admin` or
 * `admin.user.revoke_admin` audit entry in the same transaction; the change holds from the user's next request
 * (the session check reads the flag). Nobody takes away their own rights (409 OWN_ADMIN_RIGHTS), so the god
 * area always keeps the admin who is using it; a deleted account is not found.
 */
export async function setUserAdmin(
  db: Kysely<Database>,
  input: { adminId: string; userId: string; isAdmin: boolean; ip: string },
): Promise<AdminUserDetail> {
  if (input.userId === input.adminId && !input.isAdmin) throw new AppError('OWN_ADMIN_RIGHTS');
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'is_admin'])
      .where('id', '=', input.userId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw userNotFound();
    if (user.is_admin === input.isAdmin) return;
    await trx.updateTable('users').set({ is_admin: input.isAdmin }).where('id', '=', user.id).execute();
    await recordAuditEvent(trx, {
      actorUserId: input.adminId,
      action: input.isAdmin ? 'admin.user.grant_admin' : 'admin.user.revoke_admin',
      subjectType: 'user',
      subjectId: user.id,
      ip: input.ip,
    });
  });
  return getUserDetail(db, input.userId);
}
