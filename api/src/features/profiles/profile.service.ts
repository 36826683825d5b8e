import { randomUUID } from 'node:crypto';
import { computeProfileCompletion } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordProfileChanges } from '../../lib/outbox';
import { buildWithActiveEntries } from './active-entries';
import { buildPartRows, mergePartRows } from './profile-parts';
import {
  bumpProfileVersion,
  bumpProfileVersions,
  deleteProfileParts,
  findPictureUrls,
  insertProfileParts,
  refreshSearchSources,
  updateProfileRow,
  updateUserNames,
  upsertProfiles,
} from './profile.repository';
import type { ProfileInput } from './profile.schema';

/**
 * The one way profiles change. Every write bumps the profile's version and records an outbox row in the
 * same transaction, so the search index follows Postgres (architecture: search pipeline rules 1-3).
 */

/**
 * The last step of every profile change, inside its transaction: materialise the search source at the new
 * version (so the indexer reads one column) and record the outbox rows.
 */
async function finishProfileChanges(
  trx: Transaction<Database>,
  changes: readonly { userId: string; version: number }[],
): Promise<void> {
  await refreshSearchSources(
    trx,
    changes.map((c) => c.userId),
  );
  await recordProfileChanges(trx, changes);
}

function completionOf(input: ProfileInput, pictureUrl: string | null): number {
  return computeProfileCompletion({
    firstName: input.firstName,
    lastName: input.lastName,
    pictureUrl,
    shortDescription: input.shortDescription,
    jobTitles: input.jobTitles,
    skills: input.skills,
    languages: input.languages,
    educations: input.educations,
    experiences: input.experiences,
    locations: input.locations,
    availabilityKind: input.availability.kind,
    discType: input.discType,
  }).completion;
}

/**
 * Replaces whole profiles (the users must exist) in one transaction: profile rows, names, every part,
 * completion, version and outbox rows. Used for whole-profile saves, imports and the seed generator; a
 * replaced experience loses its references, so the editor's per-part changes use {@link changeProfile}.
 */
export async function saveProfiles(
  db: Kysely<Database>,
  entries: readonly { userId: string; input: ProfileInput }[],
): Promise<{ userId: string; version: number }[]> {
  if (entries.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const userIds = entries.map((e) => e.userId);
    const pictures = await findPictureUrls(trx, userIds);
    const saved = await upsertProfiles(
      trx,
      entries.map(({ userId, input }) => ({
        user_id: userId,
        is_searchable: input.isSearchable,
        completion: completionOf(input, pictures.get(userId) ?? null),
        short_description: input.shortDescription,
        disc_type: input.discType,
        driving_forces: input.drivingForces,
        availability_kind: input.availability.kind,
        available_at: input.availability.kind === 'available_at' ? input.availability.date : null,
        available_within_days:
          input.availability.kind === 'available_with_in' ? input.availability.withinDays : null,
        locations: input.locations,
        driving_licences: input.drivingLicences,
      })),
    );
    const profileIdByUser = new Map(saved.map((s) => [s.user_id, s.id]));
    await updateUserNames(
      trx,
      entries.map((e) => ({ userId: e.userId, firstName: e.input.firstName, lastName: e.input.lastName })),
    );
    const now = Date.now();
    const rows = await buildWithActiveEntries(trx, (resolve) =>
      mergePartRows(
        entries.map((e) =>
          buildPartRows(profileIdByUser.get(e.userId)!, e.input, { now, newId: randomUUID, resolve }),
        ),
      ),
    );
    await deleteProfileParts(trx, [...profileIdByUser.values()]);
    await insertProfileParts(trx, rows);
    const changes = saved.map((s) => ({ userId: s.user_id, version: s.version }));
    await finishProfileChanges(trx, changes);
    return changes;
  });
}

export const saveProfile = async (db: Kysely<Database>, userId: string, input: ProfileInput) =>
  (await saveProfiles(db, [{ userId, input }]))[0]!;

export const profileChanged = () => new AppError('PROFILE_CHANGED');

/**
 * Runs `change` inside a transaction with the profile row locked, then bumps the version and records the
 * outbox row. Every partial edit (one skill, the searchable flag, a new picture, account deletion) goes here.
 * With `expectedVersion` (the version the caller's edit was made from; 0 before the profile's first save),
 * the change is made only while that is still the profile's version, else PROFILE_CHANGED and nothing is
 * written: the bump locks the row, so a concurrent change waits and then finds the version moved on.
 */
export async function changeProfile<T>(
  db: Kysely<Database>,
  userId: string,
  change: (trx: Transaction<Database>, profileId: string) => Promise<T>,
  options: { expectedVersion?: number } = {},
): Promise<{ result: T; version: number }> {
  return db.transaction().execute(async (trx) => {
    const { id, version } = await bumpProfileVersion(trx, userId);
    if (options.expectedVersion !== undefined && version !== options.expectedVersion + 1) {
      throw profileChanged();
    }
    const result = await change(trx, id);
    await finishProfileChanges(trx, [{ userId, version }]);
    return { result, version };
  });
}

/** Sets the searchable flag inside a running profile change (`changeProfile`), e.g. an account's deletion. */
export function setSearchableFlag(trx: Transaction<Database>, profileId: string, searchable: boolean) {
  return updateProfileRow(trx, profileId, { is_searchable: searchable });
}

/** Hides or shows a profile in search (hiding also hides the public profile). */
export async function setProfileSearchable(db: Kysely<Database>, userId: string, searchable: boolean) {
  return changeProfile(db, userId, (trx, profileId) => setSearchableFlag(trx, profileId, searchable));
}

/**
 * Marks profiles as changed without editing them (bumps version, records outbox rows), e.g. after a
 * vocabulary label changed and their documents must be rebuilt. One transaction per call.
 */
export async function touchProfiles(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<{ userId: string; version: number }[]> {
  if (userIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await bumpProfileVersions(trx, userIds);
    const changes = rows.map((r) => ({ userId: r.user_id, version: r.version }));
    await finishProfileChanges(trx, changes);
    return changes;
  });
}
