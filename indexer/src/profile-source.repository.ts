import type { Database } from '@mp/migrations/database';
import { profileSourceSchema, type ProfileSource } from '@mp/search-schema';
import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * One row per user: the user, the profile and every part the search document needs, aggregated in
 * Postgres so a batch of profiles costs one round trip.
 */
function selectProfileSources(where: RawBuilder<unknown>, limit?: number) {
  return sql<{ source: unknown }>`
    SELECT json_build_object(
      'userId', u.id,
      'version', p.version,
      'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'isSearchable', p.is_searchable,
      'deleted', u.deleted_at IS NOT NULL,
      'firstName', u.first_name,
      'lastName', u.last_name,
      'pictureUrl', u.picture_url,
      'completion', p.completion,
      'shortDescription', p.short_description,
      'discType', p.disc_type,
      'drivingForces', p.driving_forces,
      'availability', json_build_object(
        'kind', p.availability_kind,
        'date', to_char(p.available_at, 'YYYY-MM-DD'),
        'withinDays', p.available_within_days),
      'locations', p.locations,
      'drivingLicences', p.driving_licences,
      'jobTitles', coalesce((
        SELECT json_agg(json_build_object('vocabularyId', t.job_title_id, 'text', t.name) ORDER BY t.sort_order, t.created_at)
        FROM profile_job_titles t WHERE t.profile_id = p.id), '[]'::json),
      'skills', coalesce((
        SELECT json_agg(json_build_object(
          'vocabularyId', s.skill_id, 'name', s.name, 'yearsOfExperience', s.years_of_experience,
          'lastUsedYear', s.last_used_year, 'starred', s.starred) ORDER BY s.starred DESC, s.sort_order, s.created_at)
        FROM profile_skills s WHERE s.profile_id = p.id), '[]'::json),
      'languages', coalesce((
        SELECT json_agg(json_build_object('code', l.language_id, 'level', l.level) ORDER BY l.created_at)
        FROM profile_languages l WHERE l.profile_id = p.id), '[]'::json),
      'educations', coalesce((
        SELECT json_agg(json_build_object(
          'level', e.level, 'fieldOfStudyId', e.field_of_study_id, 'fieldOfStudy', e.field_of_study,
          'degreeId', e.degree_id, 'degree', e.degree, 'school', e.school) ORDER BY e.sort_order, e.created_at)
        FROM educations e WHERE e.profile_id = p.id), '[]'::json),
      'experiences', coalesce((
        SELECT json_agg(json_build_object(
          'company', x.company, 'jobTitle', x.job_title, 'description', x.description,
          'startYear', x.start_year, 'endYear', x.end_year, 'ongoing', x.ongoing,
          'employmentForm', x.employment_form,
          'skills', coalesce((SELECT json_agg(xs.name) FROM experience_skills xs WHERE xs.experience_id = x.id), '[]'::json)
        ) ORDER BY x.sort_order, x.start_year DESC)
        FROM experiences x WHERE x.profile_id = p.id), '[]'::json),
      'approvedReferenceCount', (
        SELECT count(*) FROM experience_references r JOIN experiences x ON x.id = r.experience_id
        WHERE x.profile_id = p.id AND r.status = 'approved')
    ) AS source
    FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE ${where}
    ORDER BY u.id
    ${limit ? sql`LIMIT ${limit}` : sql``}`;
}

function parseSources(rows: { source: unknown }[]): ProfileSource[] {
  return rows.map((r) => profileSourceSchema.parse(r.source));
}

/** Current state of the given users' profiles; users without a profile are simply absent. */
export async function findProfileSources(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<ProfileSource[]> {
  if (userIds.length === 0) return [];
  const { rows } = await selectProfileSources(sql`u.id = ANY(${[...userIds]}::uuid[])`).execute(db);
  return parseSources(rows);
}

/**
 * Walks every profile in user-id order in pages (keyset pagination, so it neither holds a long transaction
 * nor slows down on later pages). Used by reindex and the drift check.
 */
export async function* streamProfileSources(
  db: Kysely<Database>,
  pageSize = 1000,
): AsyncGenerator<ProfileSource[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await selectProfileSources(sql`u.id > ${after}::uuid`, pageSize).execute(db);
    if (rows.length === 0) return;
    const page = parseSources(rows);
    yield page;
    after = page[page.length - 1]!.userId;
    if (rows.length < pageSize) return;
  }
}

/** Number of profiles and the user ids of those changed since `since` (reindex catch-up). */
export async function findProfileUserIdsChangedSince(db: Kysely<Database>, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select('profiles.user_id')
    .where((eb) => eb.or([eb('profiles.updated_at', '>=', since), eb('users.updated_at', '>=', since)]))
    .execute();
  return rows.map((r) => r.user_id);
}
