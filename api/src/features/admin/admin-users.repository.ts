import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import { userDisplayNameSql, userEmailSql, userNameSql } from '../../lib/user-name';
import type { AdminUsersQuery } from '@mp/api-contract/admin.schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%` and `_` typed by the admin are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function usersQuery(db: Kysely<Database>, query: AdminUsersQuery) {
  let builder = db.selectFrom('users').leftJoin('profiles', 'profiles.user_id', 'users.id');
  if (query.q) {
    const q = query.q;
    const pattern = likePattern(q);
    builder = builder.where((eb) =>
      eb.or([
        ...(UUID.test(q) ? [eb('users.id', '=', q)] : []),
        eb(sql`users.email::text`, 'ilike', pattern),
        eb(userNameSql('users'), 'ilike', pattern),
      ]),
    );
  }
  if (query.verified !== undefined) builder = builder.where('users.verified', '=', query.verified);
  if (query.premium !== undefined) builder = builder.where('users.is_premium', '=', query.premium);
  if (query.admin !== undefined) builder = builder.where('users.is_admin', '=', query.admin);
  if (query.searchable !== undefined) {
    builder = builder.where(sql<boolean>`coalesce(profiles.is_searchable, false)`, '=', query.searchable);
  }
  if (query.deleted !== undefined) {
    builder = builder.where('users.deleted_at', query.deleted ? 'is not' : 'is', null);
  }
  return builder;
}

/** One page of users matching the search and filters, newest first, and the number matching. */
export async function findUsersPage(db: Kysely<Database>, query: AdminUsersQuery) {
  const [rows, count] = await Promise.all([
    usersQuery(db, query)
      .select([
        'users.id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.verified',
        'users.is_admin',
        'users.is_premium',
        'users.created_at',
        'users.last_login_at',
        'users.deleted_at',
        'profiles.is_searchable',
      ])
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    usersQuery(db, query)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function findUserWithProfile(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .selectAll('users')
    .select([
      'profiles.is_searchable',
      'profiles.completion',
      'profiles.version as profile_version',
      'profiles.id as profile_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function findAcceptedTermsVersion(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('terms_acceptances')
    .innerJoin('terms_versions', 'terms_versions.id', 'terms_acceptances.terms_version_id')
    .select(sql<number>`max(terms_versions.version)::int`.as('version'))
    .where('terms_acceptances.user_id', '=', userId)
    .where('terms_versions.kind', '=', 'users')
    .executeTakeFirst();
  return row?.version ?? null;
}

/**
 * The audit entries about or by one user, or matching a search: part of the action, or of the actor's name or
 * e-mail address (as god/users matches them), or a whole subject or actor id. The actor is joined (`actor`) for
 * the search and for the name the entries show.
 */
function auditQuery(db: Kysely<Database>, options: { userId?: string; q?: string }) {
  let builder = db.selectFrom('audit_log').leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id');
  if (options.userId) {
    const userId = options.userId;
    builder = builder.where((eb) =>
      eb.or([eb('audit_log.subject_id', '=', userId), eb('audit_log.actor_user_id', '=', userId)]),
    );
  }
  if (options.q) {
    const q = options.q;
    const pattern = likePattern(q);
    builder = builder.where((eb) =>
      eb.or([
        eb('audit_log.action', 'ilike', pattern),
        eb('audit_log.subject_id', '=', q),
        ...(UUID.test(q) ? [eb('audit_log.actor_user_id', '=', q)] : []),
        eb(userNameSql('actor'), 'ilike', pattern),
        eb(userEmailSql('actor'), 'ilike', pattern),
      ]),
    );
  }
  return builder;
}

/** Audit entries, newest first, each with its actor's name (else e-mail address) when there is one. */
export async function findAuditEntries(
  db: Kysely<Database>,
  options: { userId?: string; q?: string; limit: number; offset?: number },
) {
  return auditQuery(db, options)
    .selectAll('audit_log')
    .select(userDisplayNameSql('actor').as('actor_name'))
    .orderBy('audit_log.id', 'desc')
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
}

/** How many audit entries match (the pages of god/audit). */
export async function countAuditEntries(db: Kysely<Database>, options: { q?: string }) {
  const row = await auditQuery(db, options)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}
