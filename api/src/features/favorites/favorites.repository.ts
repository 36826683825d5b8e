import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's favourites groups with their members (consultant user ids, in the order they were added). */
export async function findGroupsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('favorite_groups as g')
    .leftJoin('favorite_group_members as m', 'm.group_id', 'g.id')
    .select([
      'g.id',
      'g.name',
      sql<
        string[]
      >`coalesce(array_agg(m.profile_user_id::text order by m.created_at, m.profile_user_id) filter (where m.profile_user_id is not null), '{}')`.as(
        'members',
      ),
    ])
    .where('g.user_id', '=', userId)
    .groupBy(['g.id', 'g.name', 'g.created_at'])
    .orderBy('g.created_at')
    .orderBy('g.id')
    .execute();
}

/**
 * Serialises the name checks and writes of one owner's groups until the transaction ends, so two requests
 * cannot both find a name free and both take it.
 */
export async function lockGroupsOfUser(db: Transaction<Database>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('favorite_groups'), hashtext(${userId}))`.execute(db);
}

/** Whether the user has a group of this name, case and surrounding spaces aside (another than `exceptId`). */
export async function hasGroupNamed(
  db: Db,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('favorite_groups')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertGroup(db: Db, userId: string, name: string): Promise<string> {
  const row = await db
    .insertInto('favorite_groups')
    .values({ user_id: userId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds members; ones already in the group stay as they were. */
export async function insertMembers(db: Db, groupId: string, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .insertInto('favorite_group_members')
    .values(memberIds.map((id) => ({ group_id: groupId, profile_user_id: id })))
    .onConflict((oc) => oc.columns(['group_id', 'profile_user_id']).doNothing())
    .execute();
}

/** The group when it belongs to the user, locked against concurrent member changes inside a transaction. */
export async function findGroupOfUserForUpdate(db: Db, userId: string, groupId: string) {
  return db
    .selectFrom('favorite_groups')
    .select('id')
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countMembers(db: Db, groupId: string): Promise<number> {
  const row = await db
    .selectFrom('favorite_group_members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function renameGroupOfUser(db: Db, userId: string, groupId: string, name: string) {
  const result = await db
    .updateTable('favorite_groups')
    .set({ name })
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the user's group and its memberships; false when the user has no such group. */
export async function deleteGroupOfUser(db: Db, userId: string, groupId: string) {
  const result = await db
    .deleteFrom('favorite_groups')
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteMember(db: Db, groupId: string, memberId: string): Promise<void> {
  await db
    .deleteFrom('favorite_group_members')
    .where('group_id', '=', groupId)
    .where('profile_user_id', '=', memberId)
    .execute();
}

/**
 * Takes a deleted account out of every user's favourites lists (in the deletion's transaction): a list holds
 * searchable consultants, and one that counted a removed account showed a member its search could not find.
 */
export async function deleteMemberFromAllGroups(db: Db, memberId: string): Promise<void> {
  await db.deleteFrom('favorite_group_members').where('profile_user_id', '=', memberId).execute();
}

/** Those of `userIds` who are consultants with a searchable profile and an account that is not deleted. */
export async function findSearchableConsultantIds(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('p.user_id')
    .where('p.user_id', 'in', [...userIds])
    .where('p.is_searchable', '=', true)
    .where('u.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The member ids of the user's group, or undefined when the user has no such group. */
export async function findMemberIdsOfOwnGroup(
  db: Db,
  ownerId: string,
  groupId: string,
): Promise<string[] | undefined> {
  const rows = await db
    .selectFrom('favorite_groups as g')
    .leftJoin('favorite_group_members as m', 'm.group_id', 'g.id')
    .select('m.profile_user_id')
    .where('g.id', '=', groupId)
    .where('g.user_id', '=', ownerId)
    .execute();
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.profile_user_id ? [r.profile_user_id] : []));
}

/** For the given consultants, which of the owner's groups hold each one: one query for a page of results. */
export async function findOwnGroupIdsByMember(
  db: Db,
  ownerId: string,
  memberIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byMember = new Map<string, string[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('favorite_group_members as m')
    .innerJoin('favorite_groups as g', 'g.id', 'm.group_id')
    .select(['m.profile_user_id', 'g.id'])
    .where('g.user_id', '=', ownerId)
    .where('m.profile_user_id', 'in', [...memberIds])
    .orderBy('g.created_at')
    .orderBy('g.id')
    .execute();
  for (const row of rows) {
    const groups = byMember.get(row.profile_user_id) ?? [];
    groups.push(row.id);
    byMember.set(row.profile_user_id, groups);
  }
  return byMember;
}
