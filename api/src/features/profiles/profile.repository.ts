import type { Database, DiscSource, VocabularyKind } from '@mp/migrations/database';
import { profileSourceSchema, serializeStoredDocument, storedDocumentKey } from '@mp/search-schema';
import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { ProfilePartRows } from './profile-parts';

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

/** The part tables of a profile, by the name of their rows in `ProfilePartRows`. */
const PART_TABLES = {
  jobTitles: 'profile_job_titles',
  skills: 'profile_skills',
  languages: 'profile_languages',
  educations: 'educations',
  experiences: 'experiences',
} as const;
export type ProfilePart = keyof typeof PART_TABLES;
const ALL_PARTS = Object.keys(PART_TABLES) as ProfilePart[];

/**
 * Deletes parts of the given profiles, every part unless told which (experience skills and references go
 * with their experience).
 */
export async function deleteProfileParts(
  trx: Trx,
  profileIds: readonly string[],
  parts: readonly ProfilePart[] = ALL_PARTS,
): Promise<void> {
  if (profileIds.length === 0) return;
  for (const part of parts) {
    await trx
      .deleteFrom(PART_TABLES[part])
      .where('profile_id', 'in', [...profileIds])
      .execute();
  }
}

/** Inserts part rows built by `profile-parts.ts` (any subset of the tables), in chunks. */
export async function insertProfileParts(trx: Trx, parts: Partial<ProfilePartRows>): Promise<void> {
  await insertChunked(trx, 'profile_job_titles', parts.jobTitles ?? []);
  await insertChunked(trx, 'profile_skills', parts.skills ?? []);
  await insertChunked(trx, 'profile_languages', parts.languages ?? []);
  await insertChunked(trx, 'educations', parts.educations ?? []);
  await insertChunked(trx, 'experiences', parts.experiences ?? []);
  await insertChunked(trx, 'experience_skills', parts.experienceSkills ?? []);
}

/** Deletes the skills of the given experiences (before their new skills are inserted). */
export async function deleteExperienceSkills(trx: Trx, experienceIds: readonly string[]): Promise<void> {
  if (experienceIds.length === 0) return;
  await trx
    .deleteFrom('experience_skills')
    .where('experience_id', 'in', [...experienceIds])
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

/** Bumps the version of these users' profiles without changing them; returns the new versions. */
export async function bumpProfileVersions(
  trx: Trx,
  userIds: readonly string[],
): Promise<{ user_id: string; version: number }[]> {
  if (userIds.length === 0) return [];
  return trx
    .updateTable('profiles')
    .set({ version: sql<number>`version + 1` })
    .where('user_id', 'in', [...userIds])
    .returning(['user_id', 'version'])
    .execute();
}

/**
 * Stores `profile_search_source()` for these users' profiles, and the search document built from it (keyed by
 * `storedDocumentKey()`, so the indexer ships it only while it would build the same): call after the change,
 * in its transaction. Each source is validated here, once, where it is produced (a source that does not fit the
 * schema is a bug, and the change fails with it); the indexer then trusts a stored source of the profile's
 * current version. A document that cannot be built is not stored: the indexer builds it again and sends the
 * profile to its dead letters with the reason, as for any document it cannot build.
 */
export async function refreshSearchSources(trx: Trx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const { rows } = await sql<{ id: string; source: string }>`
    SELECT id, profile_search_source(id)::text AS source FROM profiles
    WHERE user_id = ANY(${[...userIds]}::uuid[])`.execute(trx);
  if (rows.length === 0) return;
  const key = storedDocumentKey();
  const documents: (string | null)[] = [];
  const keys: (string | null)[] = [];
  for (const row of rows) {
    const source = profileSourceSchema.parse(JSON.parse(row.source));
    let document: string | null = null;
    let built = key !== null;
    if (built) {
      try {
        document = serializeStoredDocument(source);
      } catch {
        built = false;
      }
    }
    documents.push(document);
    keys.push(built ? key : null);
  }
  await sql`
    UPDATE profiles p
    SET search_source = d.source::json, search_source_version = p.version,
        search_document = d.document, search_document_key = d.key
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.source)}::text[],
                ${documents}::text[], ${keys}::text[]) AS d(id, source, document, key)
    WHERE p.id = d.id`.execute(trx);
}

/**
 * Of the given vocabulary entries (`kind` as the table names it), the active ones, each locked FOR SHARE until
 * the transaction ends: a change of one of them (an admin's delete, which locks its entry before counting the
 * profiles that use it) waits for this transaction, and one under way makes this read wait and then see it.
 */
export async function lockActiveVocabularyEntries(
  trx: Trx,
  entries: readonly { kind: VocabularyKind; id: string }[],
): Promise<{ kind: VocabularyKind; id: string }[]> {
  if (entries.length === 0) return [];
  return trx
    .selectFrom('vocabulary_entries')
    .select(['kind', 'id'])
    .where('active', '=', true)
    .where(
      sql<boolean>`(kind, id) IN (SELECT * FROM unnest(${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.id)}::text[]))`,
    )
    .orderBy('kind')
    .orderBy('id')
    .forShare()
    .execute();
}
