/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// What the god area manages: terms and policies with their acceptances, feedback, partner offers, and the
// audit log of sensitive actions.

export async function up(db: Kysely<any>): Promise<void> {
  // A new version takes effect 30 days after it is published (spec section 9); the service sets
  // effective_at, the CHECK only forbids taking effect before publication.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('terms_versions'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('published_at', 'timestamptz')
      .addColumn('effective_at', 'timestamptz')
      .addColumn('body_sv', 'text', (col) => col.notNull())
      .addColumn('body_en', 'text', (col) => col.notNull()),
  )
    .addUniqueConstraint('terms_versions_kind_version_key', ['kind', 'version'])
    .addCheckConstraint(
      'terms_versions_kind_check',
      sql`kind IN (${listLiterals(['users', 'privacy', 'cookies'])})`,
    )
    .addCheckConstraint('terms_versions_version_check', sql`version >= 1`)
    .addCheckConstraint(
      'terms_versions_effective_check',
      sql`effective_at IS NULL OR (published_at IS NOT NULL AND effective_at >= published_at)`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'terms_versions');

  // The unique key is what makes a second acceptance a 400 'Terms already accepted'.
  await addUuidPrimaryKey(db.schema.createTable('terms_acceptances'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terms_version_id', 'uuid', (col) =>
      col.notNull().references('terms_versions.id').onDelete('restrict'),
    )
    .addColumn('accepted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('terms_acceptances_user_version_key', ['user_id', 'terms_version_id'])
    .execute();

  await addUuidPrimaryKey(db.schema.createTable('feedback'))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('page', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('feedback_message_check', sql`btrim(message) <> ''`)
    .execute();
  await db.schema.createIndex('feedback_created_at_idx').on('feedback').column('created_at').execute();
  await db.schema.createIndex('feedback_user_id_idx').on('feedback').column('user_id').execute();

  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('offers'))
      .addColumn('partner', 'text', (col) => col.notNull())
      .addColumn('title_sv', 'text', (col) => col.notNull())
      .addColumn('title_en', 'text', (col) => col.notNull())
      .addColumn('body_sv', 'text', (col) => col.notNull())
      .addColumn('body_en', 'text', (col) => col.notNull())
      .addColumn('url', 'text')
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0)),
  ).execute();
  await addUpdatedAtTrigger(db, 'offers');

  // Append-only. actor_user_id is kept nullable (set null) so purging an account keeps the trail of what
  // was done; subject_id is text because subjects are uuids, order refs or numbers.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('actor_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', sql`inet`)
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['subject_type', 'subject_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_user_id', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('offers').execute();
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('terms_acceptances').execute();
  await db.schema.dropTable('terms_versions').execute();
}
