/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// The consultant's CV profile and its parts. Vocabulary ids (skill_id, job_title_id, ...) are plain text
// without foreign keys: the stable ids come from search-schema's versioned vocabularies, admins may
// deactivate entries but never delete them, and free text that matches no entry must still be storable.

const discTypes = [
  'conductor',
  'persuader',
  'promoter',
  'relater',
  'supporter',
  'coordinator',
  'analyser',
  'implementor',
];
const availabilityKinds = ['available_now', 'not_available', 'available_at', 'available_with_in'];
const languageLevels = [
  'native_or_bilingual',
  'full_professional',
  'professional_working',
  'limited_working',
  'elementary',
];
const educationLevels = [
  'doctorate_or_higher',
  'licentiate',
  'masters',
  'bachelors',
  'secondary',
  'primary',
  'higher_vocational',
  'course',
  'certification',
];

export async function up(db: Kysely<any>): Promise<void> {
  // `version` is bumped by the profile service on every change to the profile or any of its parts, in the
  // same transaction as the outbox row; the indexer uses it as Elasticsearch's external version.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('profiles'))
      .addColumn('user_id', 'uuid', (col) =>
        col.notNull().unique().references('users.id').onDelete('cascade'),
      )
      .addColumn('is_searchable', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('completion', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('short_description', 'text')
      .addColumn('disc_type', 'text')
      .addColumn('driving_forces', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
      .addColumn('availability_kind', 'text', (col) => col.notNull().defaultTo('available_now'))
      .addColumn('available_at', 'date')
      .addColumn('available_within_days', 'integer')
      .addColumn('locations', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
      .addColumn('driving_licences', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
      .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1)),
  )
    .addCheckConstraint('profiles_completion_check', sql`completion BETWEEN 0 AND 100`)
    .addCheckConstraint('profiles_disc_type_check', sql`disc_type IN (${listLiterals(discTypes)})`)
    .addCheckConstraint(
      'profiles_availability_kind_check',
      sql`availability_kind IN (${listLiterals(availabilityKinds)})`,
    )
    .addCheckConstraint(
      'profiles_available_at_check',
      sql`availability_kind <> 'available_at' OR available_at IS NOT NULL`,
    )
    .addCheckConstraint(
      'profiles_available_within_days_check',
      sql`(availability_kind <> 'available_with_in' OR available_within_days IS NOT NULL)
        AND (available_within_days IS NULL OR available_within_days >= 0)`,
    )
    .addCheckConstraint('profiles_version_check', sql`version >= 1`)
    .execute();
  await addUpdatedAtTrigger(db, 'profiles');
  // Reindex and drift checks walk searchable profiles; the catch-up phase reads by updated_at.
  await db.schema.createIndex('profiles_updated_at_idx').on('profiles').column('updated_at').execute();

  await addUuidPrimaryKey(db.schema.createTable('profile_job_titles'))
    .addColumn('profile_id', 'uuid', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('job_title_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('profile_job_titles_name_check', sql`btrim(name) <> ''`)
    .execute();
  await db.schema
    .createIndex('profile_job_titles_unique_idx')
    .on('profile_job_titles')
    .unique()
    .expression(sql`profile_id, coalesce(job_title_id, lower(name))`)
    .execute();

  // At most 5 starred skills per profile is enforced by the profile service (a partial unique index cannot
  // count), which also keeps the check next to its user-facing message.
  await addUuidPrimaryKey(db.schema.createTable('profile_skills'))
    .addColumn('profile_id', 'uuid', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('skill_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('years_of_experience', 'numeric(4, 1)')
    .addColumn('last_used_year', 'integer')
    .addColumn('starred', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('profile_skills_name_check', sql`btrim(name) <> ''`)
    .addCheckConstraint(
      'profile_skills_years_check',
      sql`years_of_experience IS NULL OR years_of_experience BETWEEN 0 AND 80`,
    )
    .addCheckConstraint(
      'profile_skills_last_used_year_check',
      sql`last_used_year IS NULL OR last_used_year BETWEEN 1940 AND 2200`,
    )
    .execute();
  // "Unique per profile and skill": the vocabulary id when known, else the case-folded free text.
  await db.schema
    .createIndex('profile_skills_unique_idx')
    .on('profile_skills')
    .unique()
    .expression(sql`profile_id, coalesce(skill_id, lower(name))`)
    .execute();
  // Skill suggestions and drift checks look skills up by vocabulary id.
  await db.schema
    .createIndex('profile_skills_skill_id_idx')
    .on('profile_skills')
    .column('skill_id')
    .execute();

  await addUuidPrimaryKey(db.schema.createTable('profile_languages'))
    .addColumn('profile_id', 'uuid', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('language_id', 'text', (col) => col.notNull())
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('profile_languages_profile_language_key', ['profile_id', 'language_id'])
    .addCheckConstraint('profile_languages_level_check', sql`level IN (${listLiterals(languageLevels)})`)
    .execute();

  await addUuidPrimaryKey(db.schema.createTable('educations'))
    .addColumn('profile_id', 'uuid', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('field_of_study_id', 'text')
    .addColumn('field_of_study', 'text')
    .addColumn('degree_id', 'text')
    .addColumn('degree', 'text')
    .addColumn('school', 'text')
    .addColumn('start_year', 'integer')
    .addColumn('end_year', 'integer')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('educations_level_check', sql`level IN (${listLiterals(educationLevels)})`)
    .addCheckConstraint(
      'educations_years_check',
      sql`end_year IS NULL OR start_year IS NULL OR end_year >= start_year`,
    )
    .execute();
  await db.schema.createIndex('educations_profile_id_idx').on('educations').column('profile_id').execute();

  // Experiences and assignments are one table: the spec treats them as the same entity.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('experiences'))
      .addColumn('profile_id', 'uuid', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
      .addColumn('company', 'text', (col) => col.notNull())
      .addColumn('job_title', 'text', (col) => col.notNull())
      .addColumn('job_title_id', 'text')
      .addColumn('start_year', 'integer', (col) => col.notNull())
      .addColumn('end_year', 'integer')
      .addColumn('ongoing', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('employment_form', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0)),
  )
    .addCheckConstraint(
      'experiences_employment_form_check',
      sql`employment_form IN (${listLiterals(['employee', 'consultant'])})`,
    )
    .addCheckConstraint('experiences_ongoing_check', sql`NOT (ongoing AND end_year IS NOT NULL)`)
    .addCheckConstraint('experiences_years_check', sql`end_year IS NULL OR end_year >= start_year`)
    .execute();
  await addUpdatedAtTrigger(db, 'experiences');
  await db.schema.createIndex('experiences_profile_id_idx').on('experiences').column('profile_id').execute();

  await addUuidPrimaryKey(db.schema.createTable('experience_skills'))
    .addColumn('experience_id', 'uuid', (col) =>
      col.notNull().references('experiences.id').onDelete('cascade'),
    )
    .addColumn('skill_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addCheckConstraint('experience_skills_name_check', sql`btrim(name) <> ''`)
    .execute();
  await db.schema
    .createIndex('experience_skills_unique_idx')
    .on('experience_skills')
    .unique()
    .expression(sql`experience_id, coalesce(skill_id, lower(name))`)
    .execute();

  // Named experience_references because REFERENCES is an SQL keyword. The referee's link carries a token
  // whose hash is stored here; ratings and reviews are shown anonymously.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('experience_references'))
      .addColumn('experience_id', 'uuid', (col) =>
        col.notNull().references('experiences.id').onDelete('cascade'),
      )
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('email', sql`citext`, (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('rating', 'smallint')
      .addColumn('comment', 'text')
      .addColumn('review', 'text')
      .addColumn('requested_at', 'timestamptz')
      .addColumn('responded_at', 'timestamptz'),
  )
    .addCheckConstraint(
      'experience_references_status_check',
      sql`status IN (${listLiterals(['pending', 'approved', 'declined'])})`,
    )
    .addCheckConstraint('experience_references_rating_check', sql`rating IS NULL OR rating BETWEEN 1 AND 5`)
    .addCheckConstraint(
      'experience_references_responded_check',
      sql`(status = 'pending') = (responded_at IS NULL)`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'experience_references');
  await db.schema
    .createIndex('experience_references_experience_id_idx')
    .on('experience_references')
    .column('experience_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('experience_references').execute();
  await db.schema.dropTable('experience_skills').execute();
  await db.schema.dropTable('experiences').execute();
  await db.schema.dropTable('educations').execute();
  await db.schema.dropTable('profile_languages').execute();
  await db.schema.dropTable('profile_skills').execute();
  await db.schema.dropTable('profile_job_titles').execute();
  await db.schema.dropTable('profiles').execute();
}
