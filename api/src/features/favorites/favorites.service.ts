import { translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { CreateGroupBody } from '@mp/api-contract/favorites.schema';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import {
  countMembers,
  deleteGroupOfUser,
  deleteMember,
  deleteMemberFromAllGroups,
  findGroupOfUserForUpdate,
  findGroupsOfUser,
  findMemberIdsOfOwnGroup,
  findOwnGroupIdsByMember,
  findSearchableConsultantIds,
  hasGroupNamed,
  insertGroup,
  insertMembers,
  lockGroupsOfUser,
  renameGroupOfUser,
} from './favorites.repository';
import type { FavoritesLookup } from '../search/search.service';
import type { GroupView } from '@mp/api-contract/favorites.schema';

// Favourites groups (spec sections 3, 4 and 7): a verified user's named lists of consultants. Only existing,
// searchable consultants can be added; a consultant who later hides the profile stays in the list but no
// longer shows up when the list is opened as a search; a deleted account leaves every list in its deletion.

/** More would make opening a list a very large ids filter; nobody shortlists that many consultants. */
export const FAVORITES_GROUP_MAX_MEMBERS = 500;

export const listNotFound = () => new AppError('LIST_NOT_FOUND');
const listNameTaken = () => new AppError('LIST_NAME_TAKEN');
const listFull = () => new AppError('LIST_FULL', { params: { max: FAVORITES_GROUP_MAX_MEMBERS } });

export async function listGroups(db: Kysely<Database>, userId: string): Promise<{ groups: GroupView[] }> {
  return { groups: await findGroupsOfUser(db, userId) };
}

/** 404 PROFILE_NOT_AVAILABLE unless every id is a consultant with a searchable profile. */
async function assertSearchableConsultants(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.some((id) => !isUuid(id))) throw new AppError('PROFILE_NOT_AVAILABLE');
  const found = new Set(await findSearchableConsultantIds(db, ids));
  if (ids.some((id) => !found.has(id))) throw new AppError('PROFILE_NOT_AVAILABLE');
}

/** POST /favorites: a new group, optionally with its first members; 409 LIST_NAME_TAKEN for a name in use. */
export async function createGroup(db: Kysely<Database>, userId: string, input: CreateGroupBody) {
  if (input.members.length > FAVORITES_GROUP_MAX_MEMBERS) throw listFull();
  await assertSearchableConsultants(db, input.members);
  const id = await db.transaction().execute(async (trx) => {
    await lockGroupsOfUser(trx, userId);
    if (await hasGroupNamed(trx, userId, input.name)) throw listNameTaken();
    const groupId = await insertGroup(trx, userId, input.name);
    await insertMembers(trx, groupId, input.members);
    return groupId;
  });
  const { groups } = await listGroups(db, userId);
  return { groups, group: groups.find((g) => g.id === id)! };
}

/**
 * PUT /favorites/{id}: renames the user's group; 409 LIST_NAME_TAKEN when another of the user's groups has
 * the name (a change of case of the group's own name is fine).
 */
export async function renameGroup(db: Kysely<Database>, userId: string, groupId: string, name: string) {
  if (!isUuid(groupId)) throw listNotFound();
  await db.transaction().execute(async (trx) => {
    await lockGroupsOfUser(trx, userId);
    if (await hasGroupNamed(trx, userId, name, groupId)) throw listNameTaken();
    if (!(await renameGroupOfUser(trx, userId, groupId, name))) throw listNotFound();
  });
  return listGroups(db, userId);
}

/** DELETE /favorites/{id}: returns the remaining groups and 'List successfully deleted!'. */
export async function deleteGroup(db: Kysely<Database>, userId: string, groupId: string, locale: Locale) {
  if (!isUuid(groupId) || !(await deleteGroupOfUser(db, userId, groupId))) throw listNotFound();
  return { ...(await listGroups(db, userId)), message: translateMessage('success.listDeleted', locale) };
}

/** PUT /favorites/{id}/members/{userId}: adds a searchable consultant (adding one already there is a no-op). */
export async function addMember(db: Kysely<Database>, userId: string, groupId: string, memberId: string) {
  if (!isUuid(groupId)) throw listNotFound();
  await db.transaction().execute(async (trx) => {
    // The lock serialises concurrent adds to one group, so the size limit holds.
    if (!(await findGroupOfUserForUpdate(trx, userId, groupId))) throw listNotFound();
    await assertSearchableConsultants(trx, [memberId]);
    if ((await countMembers(trx, groupId)) >= FAVORITES_GROUP_MAX_MEMBERS) {
      const present = await findMemberIdsOfOwnGroup(trx, userId, groupId);
      if (!present?.includes(memberId)) throw listFull();
    }
    await insertMembers(trx, groupId, [memberId]);
  });
  return listGroups(db, userId);
}

/** DELETE /favorites/{id}/members/{userId}: removes a consultant (removing one not there is a no-op). */
export async function removeMember(db: Kysely<Database>, userId: string, groupId: string, memberId: string) {
  if (!isUuid(groupId)) throw listNotFound();
  await db.transaction().execute(async (trx) => {
    if (!(await findGroupOfUserForUpdate(trx, userId, groupId))) throw listNotFound();
    if (isUuid(memberId)) await deleteMember(trx, groupId, memberId);
  });
  return listGroups(db, userId);
}

/**
 * Account deletion (in its transaction): the deleted account leaves every user's lists at once, so a list's
 * members are what opening it can show. A consultant who only hides the profile stays (it may come back).
 */
export async function removeDeletedAccountFromLists(
  trx: Transaction<Database>,
  userId: string,
): Promise<void> {
  await deleteMemberFromAllGroups(trx, userId);
}

/**
 * The consultants of the viewer's own group, for `POST /search/v3` with `favoritesGroup`; 404 LIST_NOT_FOUND
 * for anyone else's group or no group at all.
 */
export async function findOwnGroupMemberIds(
  db: Kysely<Database>,
  viewerId: string,
  groupId: string,
): Promise<string[]> {
  const members = isUuid(groupId) ? await findMemberIdsOfOwnGroup(db, viewerId, groupId) : undefined;
  if (!members) throw listNotFound();
  return members;
}

/** Which of the viewer's groups hold each of the consultants on a result page (one query per page). */
export async function findGroupIdsForCards(
  db: Kysely<Database>,
  viewerId: string,
  consultantIds: readonly string[],
): Promise<ReadonlyMap<string, readonly string[]>> {
  return findOwnGroupIdsByMember(db, viewerId, consultantIds.filter(isUuid));
}

/** The viewer's groups as `POST /search/v3` needs them (group members, and the groups on each card). */
export function favoritesLookup(db: Kysely<Database>, viewerId: string): FavoritesLookup {
  return {
    membersOf: (groupId) => findOwnGroupMemberIds(db, viewerId, groupId),
    groupsOf: (consultantIds) => findGroupIdsForCards(db, viewerId, consultantIds),
  };
}
