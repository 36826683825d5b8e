/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The search document's source, materialised when the profile changes. `profile_search_source(id)` aggregates a
// profile with its user and every part into the JSON the indexer turns into an Elasticsearch document; the profile
// service stores it in `profiles.search_source` in the same transaction as the change and its outbox row, so the
// indexer and reindex read one column instead of aggregating eight tables per profile. The indexer falls back to
// the function whenever the stored source's version is not the row's current version.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION profile_search_source(pid uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_object(
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
        'availability', jsonb_build_object(
          'kind', p.availability_kind,
          'date', to_char(p.available_at, 'YYYY-MM-DD'),
          'withinDays', p.available_within_days),
        'locations', p.locations,
        'drivingLicences', p.driving_licences,
        'jobTitles', coalesce((
          SELECT jsonb_agg(jsonb_build_object('vocabularyId', t.job_title_id, 'text', t.name)
            ORDER BY t.sort_order, t.created_at)
          FROM profile_job_titles t WHERE t.profile_id = p.id), '[]'::jsonb),
        'skills', coalesce((
          SELECT jsonb_agg(jsonb_build_object(
            'vocabularyId', s.skill_id, 'name', s.name, 'yearsOfExperience', s.years_of_experience,
            'lastUsedYear', s.last_used_year, 'starred', s.starred) ORDER BY s.starred DESC, s.sort_order, s.created_at)
          FROM profile_skills s WHERE s.profile_id = p.id), '[]'::jsonb),
        'languages', coalesce((
          SELECT jsonb_agg(jsonb_build_object('code', l.language_id, 'level', l.level) ORDER BY l.created_at)
          FROM profile_languages l WHERE l.profile_id = p.id), '[]'::jsonb),
        'educations', coalesce((
          SELECT jsonb_agg(jsonb_build_object(
            'level', e.level, 'fieldOfStudyId', e.field_of_study_id, 'fieldOfStudy', e.field_of_study,
            'degreeId', e.degree_id, 'degree', e.degree, 'school', e.school) ORDER BY e.sort_order, e.created_at)
          FROM educations e WHERE e.profile_id = p.id), '[]'::jsonb),
        'experiences', coalesce((
          SELECT jsonb_agg(jsonb_build_object(
            'company', x.company, 'jobTitle', x.job_title, 'description', x.description,
            'startYear', x.start_year, 'endYear', x.end_year, 'ongoing', x.ongoing,
            'employmentForm', x.employment_form,
            'skills', coalesce((SELECT jsonb_agg(xs.name) FROM experience_skills xs WHERE xs.experience_id = x.id),
              '[]'::jsonb)
          ) ORDER BY x.sort_order, x.start_year DESC)
          FROM experiences x WHERE x.profile_id = p.id), '[]'::jsonb),
        'approvedReferenceCount', (
          SELECT count(*) FROM experience_references r JOIN experiences x ON x.id = r.experience_id
          WHERE x.profile_id = p.id AND r.status = 'approved')
      )
      FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.id = pid
    $$
  `.execute(db);
  await db.schema.alterTable('profiles').addColumn('search_source', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('search_source').execute();
  await sql`DROP FUNCTION profile_search_source(uuid)`.execute(db);
}
