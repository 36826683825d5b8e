/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Profiles the indexer could not write for a reason that retrying will not fix: a document that cannot be
// built, or a 4xx from Elasticsearch (a mapping error). One row per profile version, so the repair job meeting
// the same failure again only counts it; a later version that indexes resolves the profile's rows.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('index_dead_letters')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull())
    .addColumn('profile_version', 'bigint', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('error_type', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('occurrences', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addUniqueConstraint('index_dead_letters_user_version_key', ['user_id', 'profile_version'])
    .execute();
  await db.schema
    .createIndex('index_dead_letters_open_idx')
    .on('index_dead_letters')
    .columns(['user_id'])
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('index_dead_letters').execute();
}
