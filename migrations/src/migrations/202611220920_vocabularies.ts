/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, listLiterals } from '../schema-helpers';

// Vocabularies (skills, job titles, languages, degrees, fields of study) as the god area edits them. The
// stable ids are shared with search-schema's shipped vocabularies and referenced as text by profile rows,
// so entries are deactivated, never deleted.

export async function up(db: Kysely<any>): Promise<void> {
  await addTimestamps(
    db.schema
      .createTable('vocabulary_entries')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('label_sv', 'text', (col) => col.notNull())
      .addColumn('label_en', 'text', (col) => col.notNull())
      .addColumn('aliases', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      // Bumped on every edit, so caches and the index can tell which labels they were built from.
      .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1)),
  )
    .addPrimaryKeyConstraint('vocabulary_entries_pkey', ['kind', 'id'])
    .addCheckConstraint(
      'vocabulary_entries_kind_check',
      sql`kind IN (${listLiterals(['skills', 'job_titles', 'languages', 'degrees', 'fields_of_study'])})`,
    )
    .addCheckConstraint('vocabulary_entries_id_check', sql`btrim(id) <> ''`)
    .addCheckConstraint('vocabulary_entries_version_check', sql`version >= 1`)
    .execute();
  await addUpdatedAtTrigger(db, 'vocabulary_entries');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vocabulary_entries').execute();
}
