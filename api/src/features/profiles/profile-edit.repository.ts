import { randomUUID } from 'node:crypto';
import type { Database } from '@mp/migrations/database';
import { sql, type Transaction, type Updateable } from 'kysely';
import type {
  EducationEdit,
  ExperienceEdit,
  LanguageEdit,
  SkillEdit,
} from '@mp/api-contract/profile-edit.schema';
import { resolveTerm } from '@mp/search-schema/vocabulary-resolver';

// The SQL of the profile editor. Every function runs inside the profile service's transaction
// (changeProfile), which has locked the profile row and will record the outbox row.

type Trx = Transaction<Database>;

/** Keeps the first of entries with the same key (the part tables are unique per profile and term). */
function uniqueBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const termKey = (t: { id: string | null; name: string }) => t.id ?? t.name.toLowerCase();

/**
 * A DISC type picked by hand is self-assessed: marks the source 'self' when `discType` differs from the
 * stored type (re-saving an assessed type keeps it assessed). Call before writing the new type.
 */
export async function markDiscSelfPickedIfChanged(trx: Trx, profileId: string, discType: string | null) {
  await trx
    .updateTable('profiles')
    .set({ disc_source: 'self' })
    .where('id', '=', profileId)
    .where(sql<boolean>`disc_type IS DISTINCT FROM ${discType}`)
    .execute();
}

export async function updateProfileRow(
  trx: Trx,
  profileId: string,
  patch: Updateable<Database['profiles']>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await trx.updateTable('profiles').set(patch).where('id', '=', profileId).execute();
}

export async function updateUserRow(
  trx: Trx,
  userId: string,
  patch: Updateable<Database['users']>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await trx.updateTable('users').set(patch).where('id', '=', userId).execute();
}

export async function replaceJobTitles(
  trx: Trx,
  profileId: string,
  titles: readonly string[],
): Promise<void> {
  await trx.deleteFrom('profile_job_titles').where('profile_id', '=', profileId).execute();
  const rows = uniqueBy(
    titles.map((t) => resolveTerm('jobTitles', t)),
    termKey,
  ).map((t, i) => ({ profile_id: profileId, job_title_id: t.id, name: t.name, sort_order: i }));
  if (rows.length) await trx.insertInto('profile_job_titles').values(rows).execute();
}

export async function replaceSkills(
  trx: Trx,
  profileId: string,
  skills: readonly SkillEdit[],
): Promise<void> {
  await trx.deleteFrom('profile_skills').where('profile_id', '=', profileId).execute();
  const rows = uniqueBy(
    skills.map((s) => ({ ...s, resolved: resolveTerm('skills', s.name) })),
    (s) => termKey(s.resolved),
  ).map((s, i) => ({
    profile_id: profileId,
    skill_id: s.resolved.id,
    name: s.resolved.name,
    years_of_experience: s.yearsOfExperience,
    last_used_year: s.lastUsedYear,
    starred: s.starred,
    sort_order: i,
  }));
  if (rows.length) await trx.insertInto('profile_skills').values(rows).execute();
}

export async function replaceLanguages(
  trx: Trx,
  profileId: string,
  languages: readonly LanguageEdit[],
): Promise<void> {
  await trx.deleteFrom('profile_languages').where('profile_id', '=', profileId).execute();
  // The table has no sort column; languages are read in created_at order, and now() is the same for the
  // whole transaction, so each row gets its own millisecond.
  const base = Date.now();
  const rows = uniqueBy(languages, (l) => l.code).map((l, i) => ({
    profile_id: profileId,
    language_id: l.code,
    level: l.level,
    created_at: new Date(base + i),
  }));
  if (rows.length) await trx.insertInto('profile_languages').values(rows).execute();
}

export async function replaceEducations(
  trx: Trx,
  profileId: string,
  educations: readonly EducationEdit[],
): Promise<void> {
  await trx.deleteFrom('educations').where('profile_id', '=', profileId).execute();
  const rows = educations.map((e, i) => {
    const field = e.fieldOfStudy ? resolveTerm('fieldsOfStudy', e.fieldOfStudy) : null;
    const degree = e.degree ? resolveTerm('degrees', e.degree) : null;
    return {
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
    };
  });
  if (rows.length) await trx.insertInto('educations').values(rows).execute();
}

export async function findExperienceIds(trx: Trx, profileId: string): Promise<string[]> {
  const rows = await trx.selectFrom('experiences').select('id').where('profile_id', '=', profileId).execute();
  return rows.map((r) => r.id);
}

function experienceRow(x: ExperienceEdit, sortOrder: number) {
  return {
    company: x.company,
    job_title: x.jobTitle,
    job_title_id: resolveTerm('jobTitles', x.jobTitle).id,
    start_year: x.startYear,
    end_year: x.ongoing ? null : x.endYear,
    ongoing: x.ongoing,
    employment_form: x.employmentForm,
    description: x.description,
    sort_order: sortOrder,
  };
}

async function replaceExperienceSkills(trx: Trx, experienceId: string, skills: readonly string[]) {
  await trx.deleteFrom('experience_skills').where('experience_id', '=', experienceId).execute();
  const rows = uniqueBy(
    skills.map((name) => resolveTerm('skills', name)),
    termKey,
  ).map((s) => ({ experience_id: experienceId, skill_id: s.id, name: s.name }));
  if (rows.length) await trx.insertInto('experience_skills').values(rows).execute();
}

export async function insertExperience(
  trx: Trx,
  profileId: string,
  x: ExperienceEdit,
  sortOrder: number,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('experiences')
    .values({ id, profile_id: profileId, ...experienceRow(x, sortOrder) })
    .execute();
  await replaceExperienceSkills(trx, id, x.skills);
  return id;
}

/** Updates an experience of the profile in place (its references stay); false when it is not the profile's. */
export async function updateExperience(
  trx: Trx,
  profileId: string,
  experienceId: string,
  x: ExperienceEdit,
  sortOrder?: number,
): Promise<boolean> {
  const { sort_order, ...row } = experienceRow(x, sortOrder ?? 0);
  const result = await trx
    .updateTable('experiences')
    .set(sortOrder === undefined ? row : { ...row, sort_order })
    .where('id', '=', experienceId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await replaceExperienceSkills(trx, experienceId, x.skills);
  return true;
}

/** Deletes experiences of the profile (their skills and references go with them); returns how many. */
export async function deleteExperiences(
  trx: Trx,
  profileId: string,
  experienceIds: string[],
): Promise<number> {
  if (experienceIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('experiences')
    .where('profile_id', '=', profileId)
    .where('id', 'in', experienceIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function nextExperienceSortOrder(trx: Trx, profileId: string): Promise<number> {
  const row = await trx
    .selectFrom('experiences')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function setProfileCompletion(trx: Trx, profileId: string, completion: number): Promise<void> {
  await trx.updateTable('profiles').set({ completion }).where('id', '=', profileId).execute();
}
