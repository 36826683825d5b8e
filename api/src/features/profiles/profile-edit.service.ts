import { randomUUID } from 'node:crypto';
import { swedishDayOf, translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent, type AuditEvent } from '../../lib/audit';
import {
  deleteExperiences,
  findExperienceIds,
  markDiscSelfPickedIfChanged,
  nextExperienceSortOrder,
  setProfileCompletion,
  updateExperience,
  updateUserRow,
} from './profile-edit.repository';
import type {
  AvailabilityEdit,
  EducationEdit,
  ExperienceEdit,
  LanguageEdit,
  PersonalityEdit,
  ProfileEditBody,
  ProfileEditPart,
  SkillEdit,
} from '@mp/api-contract/profile-edit.schema';
import { findChangedParts } from './changed-parts';
import { findProfileAggregate } from './profile-view.repository';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';
import { completionOfAggregate, profileNoLongerExists, toOwnProfile } from './profile-view.service';
import {
  educationRows,
  experienceColumns,
  experienceSkillRows,
  jobTitleRows,
  languageRows,
  skillRows,
  type ProfilePartRows,
} from './profile-parts';
import {
  deleteExperienceSkills,
  deleteProfileParts,
  insertProfileParts,
  updateProfileRow,
  type ProfilePart,
} from './profile.repository';
import { changeProfile } from './profile.service';
import { buildWithActiveEntries } from './active-entries';

type Trx = Transaction<Database>;

export const experienceNotFound = () => new AppError('EXPERIENCE_NOT_FOUND');

/**
 * Applies one edit of the consultant's own profile through the profile service (one transaction: the edit,
 * the recomputed completion, the version bump and the outbox row, so search follows within seconds) and
 * returns the profile as saved.
 */
export async function editOwnProfile(
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  edit: (trx: Trx, profileId: string) => Promise<void>,
  options: { expectedVersion?: number } = {},
): Promise<OwnProfile> {
  const { result } = await changeProfile(
    db,
    userId,
    async (trx, profileId) => {
      await edit(trx, profileId);
      const aggregate = await findProfileAggregate(trx, userId);
      if (!aggregate || aggregate.user.deleted_at) throw profileNoLongerExists();
      const { completion } = completionOfAggregate(aggregate);
      if (aggregate.profile!.completion !== completion)
        await setProfileCompletion(trx, profileId, completion);
      return aggregate;
    },
    options,
  );
  return toOwnProfile(result, locale);
}

/**
 * 'Available from' a day gone by says nothing, so a date the consultant sets must be today (in Sweden) or later.
 * The date the profile already has is accepted as it is when it has since passed: saving the whole profile to
 * change something else must not fail on it (the search already reads a past date as available now).
 */
async function assertAvailabilityDate(
  trx: Transaction<Database>,
  profileId: string,
  locale: Locale,
  availability: AvailabilityEdit,
  field: string,
): Promise<void> {
  if (availability.kind !== 'available_at' || !availability.date) return;
  if (availability.date >= swedishDayOf(new Date())) return;
  const stored = await trx
    .selectFrom('profiles')
    .select(['availability_kind', 'available_at'])
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (stored?.availability_kind === 'available_at' && stored.available_at === availability.date) return;
  const code = 'validation.dateBeforeToday';
  throw new AppError('VALIDATION_FAILED', {
    message: code,
    data: { issues: [{ field, code, message: translateMessage(code, locale) }] },
  });
}

function availabilityColumns(a: AvailabilityEdit) {
  return { availability_kind: a.kind, available_at: a.date, available_within_days: a.withinDays };
}

/** Replaces whole parts of the profile with rows built by `profile-parts.ts` (delete, then insert). */
async function replaceParts(trx: Trx, profileId: string, parts: Partial<Pick<ProfilePartRows, ProfilePart>>) {
  await deleteProfileParts(trx, [profileId], Object.keys(parts) as ProfilePart[]);
  await insertProfileParts(trx, parts);
}

// Rows that store vocabulary entries are built with `buildWithActiveEntries`: an entry deleted meanwhile is
// not stored (and its delete, if not yet committed, counts this profile).
const replaceJobTitles = async (trx: Trx, profileId: string, titles: readonly string[]) =>
  replaceParts(trx, profileId, {
    jobTitles: await buildWithActiveEntries(trx, (resolve) => jobTitleRows(profileId, titles, resolve)),
  });

const replaceSkills = async (trx: Trx, profileId: string, skills: readonly SkillEdit[]) =>
  replaceParts(trx, profileId, {
    skills: await buildWithActiveEntries(trx, (resolve) => skillRows(profileId, skills, resolve)),
  });

const replaceLanguages = (trx: Trx, profileId: string, languages: readonly LanguageEdit[]) =>
  replaceParts(trx, profileId, { languages: languageRows(profileId, languages, Date.now()) });

const replaceEducations = async (trx: Trx, profileId: string, educations: readonly EducationEdit[]) =>
  replaceParts(trx, profileId, {
    educations: await buildWithActiveEntries(trx, (resolve) => educationRows(profileId, educations, resolve)),
  });

async function insertExperience(trx: Trx, profileId: string, x: ExperienceEdit, sortOrder: number) {
  const id = randomUUID();
  await insertProfileParts(
    trx,
    await buildWithActiveEntries(trx, (resolve) => ({
      experiences: [{ id, profile_id: profileId, ...experienceColumns(x, sortOrder, resolve) }],
      experienceSkills: experienceSkillRows(id, x.skills, resolve),
    })),
  );
}

/** Rewrites an experience in place (its references stay), at `sortOrder` if given; false when not the profile's. */
async function rewriteExperience(
  trx: Trx,
  profileId: string,
  experienceId: string,
  x: ExperienceEdit,
  sortOrder?: number,
): Promise<boolean> {
  const { row, skills } = await buildWithActiveEntries(trx, (resolve) => ({
    row: experienceColumns(x, sortOrder ?? 0, resolve),
    skills: experienceSkillRows(experienceId, x.skills, resolve),
  }));
  const { sort_order, ...columns } = row;
  const updated = await updateExperience(
    trx,
    profileId,
    experienceId,
    sortOrder === undefined ? columns : { ...columns, sort_order },
  );
  if (!updated) return false;
  await deleteExperienceSkills(trx, [experienceId]);
  await insertProfileParts(trx, { experienceSkills: skills });
  return true;
}

/**
 * Makes the profile's experiences exactly `list`, in its order: entries with an id update that experience
 * (keeping its references), entries without one are added, experiences left out are deleted.
 */
async function syncExperiences(trx: Trx, profileId: string, list: readonly ExperienceEdit[]): Promise<void> {
  const existing = new Set(await findExperienceIds(trx, profileId));
  if (list.some((x) => x.id && !existing.has(x.id))) throw experienceNotFound();
  const kept = new Set(list.map((x) => x.id).filter((id): id is string => Boolean(id)));
  await deleteExperiences(
    trx,
    profileId,
    [...existing].filter((id) => !kept.has(id)),
  );
  for (const [i, x] of list.entries()) {
    if (x.id) await rewriteExperience(trx, profileId, x.id, x, i);
    else await insertExperience(trx, profileId, x, i);
  }
}

/** The profile as its owner sees it, inside the edit's transaction (to compare before and after a save). */
async function readOwnProfile(trx: Trx, userId: string, locale: Locale): Promise<OwnProfile> {
  const aggregate = await findProfileAggregate(trx, userId);
  if (!aggregate || aggregate.user.deleted_at) throw profileNoLongerExists();
  return toOwnProfile(aggregate, locale);
}

/**
 * PUT /api/profile: the whole profile in one save. Experiences are replaced only when the body lists them
 * (left out, they and their references stay as they are); with `expectedVersion`, a profile changed since
 * that version is refused with PROFILE_CHANGED and nothing is saved. `audit` (an admin's edit on the user's
 * behalf) builds the audit entry from the parts the save changed (compared with the profile before it) and
 * is recorded in the same transaction, so an edit is never saved without its trail.
 */
export function saveWholeProfile(
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  body: ProfileEditBody,
  audit?: (changedParts: ProfileEditPart[]) => AuditEvent,
) {
  const { expectedVersion, experiences } = body;
  return editOwnProfile(
    db,
    userId,
    locale,
    async (trx, profileId) => {
      await assertAvailabilityDate(trx, profileId, locale, body.availability, 'availability.date');
      const before = audit ? await readOwnProfile(trx, userId, locale) : undefined;
      await updateUserRow(trx, userId, {
        ...(body.firstName !== undefined ? { first_name: body.firstName } : {}),
        ...(body.lastName !== undefined ? { last_name: body.lastName } : {}),
      });
      await updateProfileRow(trx, profileId, {
        ...(body.isSearchable !== undefined ? { is_searchable: body.isSearchable } : {}),
        short_description: body.shortDescription,
        disc_type: body.discType,
        driving_forces: body.drivingForces,
        ...availabilityColumns(body.availability),
        locations: body.locations,
        driving_licences: body.drivingLicences,
      });
      await replaceJobTitles(trx, profileId, body.jobTitles);
      await replaceSkills(trx, profileId, body.skills);
      await replaceLanguages(trx, profileId, body.languages);
      await replaceEducations(trx, profileId, body.educations);
      if (experiences) await syncExperiences(trx, profileId, experiences);
      if (audit && before) {
        const after = await readOwnProfile(trx, userId, locale);
        await recordAuditEvent(trx, audit(findChangedParts(before, after)));
      }
    },
    { expectedVersion },
  );
}

// One function per part (PUT /api/profile/<part>); each replaces that part only.

export const saveSkills = (db: Kysely<Database>, userId: string, locale: Locale, skills: SkillEdit[]) =>
  editOwnProfile(db, userId, locale, (trx, profileId) => replaceSkills(trx, profileId, skills));

export const saveLanguages = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  languages: LanguageEdit[],
) => editOwnProfile(db, userId, locale, (trx, profileId) => replaceLanguages(trx, profileId, languages));

export const saveEducations = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  educations: EducationEdit[],
) => editOwnProfile(db, userId, locale, (trx, profileId) => replaceEducations(trx, profileId, educations));

export const saveExperiences = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  experiences: ExperienceEdit[],
) => editOwnProfile(db, userId, locale, (trx, profileId) => syncExperiences(trx, profileId, experiences));

export const addExperience = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  experience: ExperienceEdit,
) =>
  editOwnProfile(db, userId, locale, async (trx, profileId) => {
    await insertExperience(trx, profileId, experience, await nextExperienceSortOrder(trx, profileId));
  });

export const changeExperience = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  experienceId: string,
  experience: ExperienceEdit,
) =>
  editOwnProfile(db, userId, locale, async (trx, profileId) => {
    if (!(await rewriteExperience(trx, profileId, experienceId, experience))) throw experienceNotFound();
  });

export const removeExperience = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  experienceId: string,
) =>
  editOwnProfile(db, userId, locale, async (trx, profileId) => {
    if ((await deleteExperiences(trx, profileId, [experienceId])) === 0) throw experienceNotFound();
  });

export const saveJobTitles = (db: Kysely<Database>, userId: string, locale: Locale, jobTitles: string[]) =>
  editOwnProfile(db, userId, locale, (trx, profileId) => replaceJobTitles(trx, profileId, jobTitles));

export const saveLocations = (db: Kysely<Database>, userId: string, locale: Locale, locations: string[]) =>
  editOwnProfile(db, userId, locale, (trx, profileId) => updateProfileRow(trx, profileId, { locations }));

export const saveDrivingLicences = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  drivingLicences: string[],
) =>
  editOwnProfile(db, userId, locale, (trx, profileId) =>
    updateProfileRow(trx, profileId, { driving_licences: drivingLicences }),
  );

export const saveAvailability = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  availability: AvailabilityEdit,
) =>
  editOwnProfile(db, userId, locale, async (trx, profileId) => {
    await assertAvailabilityDate(trx, profileId, locale, availability, 'date');
    await updateProfileRow(trx, profileId, availabilityColumns(availability));
  });

export const saveDescription = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  shortDescription: string | null,
) =>
  editOwnProfile(db, userId, locale, (trx, profileId) =>
    updateProfileRow(trx, profileId, { short_description: shortDescription }),
  );

export const savePersonality = (
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
  personality: PersonalityEdit,
) =>
  editOwnProfile(db, userId, locale, async (trx, profileId) => {
    await markDiscSelfPickedIfChanged(trx, profileId, personality.discType);
    await updateProfileRow(trx, profileId, {
      disc_type: personality.discType,
      driving_forces: personality.drivingForces,
    });
  });

/** PUT /api/profile/searchable: hiding removes the profile from search and hides the public profile. */
export const saveSearchable = (db: Kysely<Database>, userId: string, locale: Locale, isSearchable: boolean) =>
  editOwnProfile(db, userId, locale, (trx, profileId) =>
    updateProfileRow(trx, profileId, { is_searchable: isSearchable }),
  );
