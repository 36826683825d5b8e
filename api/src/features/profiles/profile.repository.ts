import type { Database, DiscSource } from '@mp/migrations/database';
import { profileSourceSchema } from '@mp/search-schema';
import { sql, type Insertable, type Transaction } from 'kysely';

type Trx = Transaction<Database>;

/** Postgres allows 65535 bind parameters per statement; inserts are split well below that. */
async function insertChunked<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: Insertable<Database[T]>[],
  chunk = 2000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // kysely cannot narrow a generic table name to its insert type.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

/** Inserts or updates profile rows, bumping the version of existing ones. Returns ids and new versions. */
export async function upsertProfiles(
  trx: Trx,
  rows: Insertable<Database['profiles']>[],
): Promise<{ id: string; user_id: string; version: number }[]> {
  if (rows.length === 0) return [];
  return trx
    .insertInto('profiles')
    .values(rows)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        is_searchable: eb.ref('excluded.is_searchable'),
        completion: eb.ref('excluded.completion'),
        short_description: eb.ref('excluded.short_description'),
        disc_type: eb.ref('excluded.disc_type'),
        // A changed type is picked by hand (self-assessed); an unchanged one keeps where it came from.
        disc_source: sql<DiscSource>`CASE WHEN profiles.disc_type IS NOT DISTINCT FROM excluded.disc_type
          THEN profiles.disc_source ELSE 'self' END`,
        driving_forces: eb.ref('excluded.driving_forces'),
        availability_kind: eb.ref('excluded.availability_kind'),
        available_at: eb.ref('excluded.available_at'),
        available_within_days: eb.ref('excluded.available_within_days'),
        locations: eb.ref('excluded.locations'),
        driving_licences: eb.ref('excluded.driving_licences'),
        version: sql<number>`profiles.version + 1`,
      })),
    )
    .returning(['id', 'user_id', 'version'])
    .execute();
}

/** Removes every part of the given profiles (experience skills and references go with their experience). */
export async function deleteProfileParts(trx: Trx, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  for (const table of [
    'profile_job_titles',
    'profile_skills',
    'profile_languages',
    'educations',
    'experiences',
  ] as const) {
    await trx.deleteFrom(table).where('profile_id', 'in', profileIds).execute();
  }
}

export interface ProfilePartRows {
  jobTitles: Insertable<Database['profile_job_titles']>[];
  skills: Insertable<Database['profile_skills']>[];
  languages: Insertable<Database['profile_languages']>[];
  educations: Insertable<Database['educations']>[];
  experiences: (Insertable<Database['experiences']> & { id: string })[];
  experienceSkills: Insertable<Database['experience_skills']>[];
}

export async function insertProfileParts(trx: Trx, parts: ProfilePartRows): Promise<void> {
  await insertChunked(trx, 'profile_job_titles', parts.jobTitles);
  await insertChunked(trx, 'profile_skills', parts.skills);
  await insertChunked(trx, 'profile_languages', parts.languages);
  await insertChunked(trx, 'educations', parts.educations);
  await insertChunked(trx, 'experiences', parts.experiences);
  await insertChunked(trx, 'experience_skills', parts.experienceSkills);
}

/** Sets first and last name of many users in one statement. */
export async function updateUserNames(
  trx: Trx,
  names: { userId: string; firstName: string | null; lastName: string | null }[],
): Promise<void> {
  if (names.length === 0) return;
  const values = sql.join(
    names.map((n) => sql`(${n.userId}::uuid, ${n.firstName}::text, ${n.lastName}::text)`),
    sql`, `,
  );
  await sql`UPDATE users SET first_name = v.first_name, last_name = v.last_name
    FROM (VALUES ${values}) AS v(id, first_name, last_name) WHERE users.id = v.id`.execute(trx);
}

export async function findPictureUrls(trx: Trx, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'picture_url'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.picture_url]));
}

/** Locks the profile row and bumps its version; creates an empty profile when the user has none yet. */
export async function bumpProfileVersion(trx: Trx, userId: string): Promise<{ id: string; version: number }> {
  const row = await trx
    .insertInto('profiles')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ version: sql<number>`profiles.version + 1` }))
    .returning(['id', 'version'])
    .execute();
  return row[0]!;
}

/**
 * Stores `profile_search_source()` for these users' profiles: call after the change, in its transaction. Each
 * source is validated here, once, where it is produced (a source that does not fit the schema is a bug, and the
 * change fails with it); the indexer then trusts a stored source of the profile's current version.
 */
export async function refreshSearchSources(trx: Trx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const { rows } = await sql<{ source: unknown }>`
    UPDATE profiles SET search_source = profile_search_source(id)::json, search_source_version = version
    WHERE user_id = ANY(${[...userIds]}::uuid[])
    RETURNING search_source AS source`.execute(trx);
  for (const row of rows) profileSourceSchema.parse(row.source);
}
