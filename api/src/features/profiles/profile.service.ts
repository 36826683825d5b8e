import { randomUUID } from 'node:crypto';
import { computeProfileCompletion } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordProfileChanges } from '../../lib/outbox';
import {
  bumpProfileVersion,
  deleteProfileParts,
  findPictureUrls,
  insertProfileParts,
  refreshSearchSources,
  updateUserNames,
  upsertProfiles,
  type ProfilePartRows,
} from './profile.repository';
import type { ProfileInput } from './profile.schema';
import { resolveTerm } from '@mp/search-schema/vocabulary-resolver';

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

/** Keeps the first of entries that resolve to the same key (the tables are unique per profile and term). */
function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function buildPartRows(profileId: string, input: ProfileInput): ProfilePartRows {
  const parts: ProfilePartRows = {
    jobTitles: [],
    skills: [],
    languages: [],
    educations: [],
    experiences: [],
    experienceSkills: [],
  };
  const titles = uniqueBy(
    input.jobTitles.map((t) => resolveTerm('jobTitles', t)),
    (t) => t.id ?? t.name.toLowerCase(),
  );
  titles.forEach((t, i) =>
    parts.jobTitles.push({ profile_id: profileId, job_title_id: t.id, name: t.name, sort_order: i }),
  );
  const skills = uniqueBy(
    input.skills.map((s) => ({ ...s, resolved: resolveTerm('skills', s.name) })),
    (s) => s.resolved.id ?? s.resolved.name.toLowerCase(),
  );
  skills.forEach((s, i) =>
    parts.skills.push({
      profile_id: profileId,
      skill_id: s.resolved.id,
      name: s.resolved.name,
      years_of_experience: s.yearsOfExperience,
      last_used_year: s.lastUsedYear,
      starred: s.starred,
      sort_order: i,
    }),
  );
  uniqueBy(input.languages, (l) => l.code).forEach((l) =>
    parts.languages.push({ profile_id: profileId, language_id: l.code, level: l.level }),
  );
  input.educations.forEach((e, i) => {
    const field = e.fieldOfStudy ? resolveTerm('fieldsOfStudy', e.fieldOfStudy) : null;
    const degree = e.degree ? resolveTerm('degrees', e.degree) : null;
    parts.educations.push({
      profile_id: profileId,
      level: e.level,
      field_of_study_id: field?.id ?? null,
      field_of_study: field?.name ?? null,
      degree_id: degree?.id ?? null,
      degree: degree?.name ?? null,
      school: e.school,
      start_year: e.startYear,
      end_year: e.endYear,
      sort_order: i,
    });
  });
  input.experiences.forEach((x, i) => {
    const id = randomUUID();
    const title = resolveTerm('jobTitles', x.jobTitle);
    parts.experiences.push({
      id,
      profile_id: profileId,
      company: x.company,
      job_title: x.jobTitle,
      job_title_id: title.id,
      start_year: x.startYear,
      end_year: x.ongoing ? null : x.endYear,
      ongoing: x.ongoing,
      employment_form: x.employmentForm,
      description: x.description,
      sort_order: i,
    });
    uniqueBy(
      x.skills.map((name) => resolveTerm('skills', name)),
      (s) => s.id ?? s.name.toLowerCase(),
    ).forEach((s) => parts.experienceSkills.push({ experience_id: id, skill_id: s.id, name: s.name }));
  });
  return parts;
}

function mergeParts(all: ProfilePartRows[]): ProfilePartRows {
  return {
    jobTitles: all.flatMap((p) => p.jobTitles),
    skills: all.flatMap((p) => p.skills),
    languages: all.flatMap((p) => p.languages),
    educations: all.flatMap((p) => p.educations),
    experiences: all.flatMap((p) => p.experiences),
    experienceSkills: all.flatMap((p) => p.experienceSkills),
  };
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
    await deleteProfileParts(trx, [...profileIdByUser.values()]);
    await insertProfileParts(
      trx,
      mergeParts(entries.map((e) => buildPartRows(profileIdByUser.get(e.userId)!, e.input))),
    );
    const changes = saved.map((s) => ({ userId: s.user_id, version: s.version }));
    await finishProfileChanges(trx, changes);
    return changes;
  });
}

export const saveProfile = async (db: Kysely<Database>, userId: string, input: ProfileInput) =>
  (await saveProfiles(db, [{ userId, input }]))[0]!;

/**
 * Runs `change` inside a transaction with the profile row locked, then bumps the version and records the
 * outbox row. Every partial edit (one skill, the searchable flag, a new picture, account deletion) goes here.
 */
export async function changeProfile<T>(
  db: Kysely<Database>,
  userId: string,
  change: (trx: Transaction<Database>, profileId: string) => Promise<T>,
): Promise<{ result: T; version: number }> {
  return db.transaction().execute(async (trx) => {
    const { id, version } = await bumpProfileVersion(trx, userId);
    const result = await change(trx, id);
    await finishProfileChanges(trx, [{ userId, version }]);
    return { result, version };
  });
}

/** Hides or shows a profile in search (hiding also hides the public profile). */
export async function setProfileSearchable(db: Kysely<Database>, userId: string, searchable: boolean) {
  return changeProfile(db, userId, async (trx, profileId) => {
    await trx
      .updateTable('profiles')
      .set({ is_searchable: searchable })
      .where('id', '=', profileId)
      .execute();
  });
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
    const rows = await trx
      .updateTable('profiles')
      .set({ version: sql<number>`version + 1` })
      .where('user_id', 'in', [...userIds])
      .returning(['user_id', 'version'])
      .execute();
    const changes = rows.map((r) => ({ userId: r.user_id, version: r.version }));
    await finishProfileChanges(trx, changes);
    return changes;
  });
}
