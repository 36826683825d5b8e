/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listLiterals } from '../schema-helpers';
import seed from '../seed/vocabularies-202611260200.json' with { type: 'json' };

// The vocabularies move into the database (god/vocabulary edits them): `vocabulary_entries` is seeded with the
// data search-schema shipped on 2026-11-26 (a frozen copy beside this file, so later edits of that code never
// change what this migration does), in the same order. `position` keeps that order (suggestions and the
// search-term analysis break ties by it); `category` groups entries; `merged_into` names the entry a merged
// one now lives on (it is inactive, its labels are aliases of the target). `vocabulary_revision` is one
// counter bumped with every change, so each process can tell cheaply whether its cached vocabularies are
// current. `vocabulary_changes` records each edit with the profiles it had to reindex (the admin's progress).

type SeedEntry = [id: string, sv: string, en: string, aliases: string[], category: string | null];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('vocabulary_entries')
    .addColumn('category', 'text')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('merged_into', 'text')
    .execute();
  await sql`ALTER TABLE vocabulary_entries ADD CONSTRAINT vocabulary_entries_merged_check
    CHECK (merged_into IS NULL OR (NOT active AND merged_into <> id))`.execute(db);
  await db.schema
    .createIndex('vocabulary_entries_kind_position_idx')
    .on('vocabulary_entries')
    .columns(['kind', 'position'])
    .execute();

  for (const [kind, entries] of Object.entries(seed as unknown as Record<string, SeedEntry[]>)) {
    for (let start = 0; start < entries.length; start += 500) {
      await db
        .insertInto('vocabulary_entries')
        .values(
          entries.slice(start, start + 500).map(([id, sv, en, aliases, category], offset) => ({
            kind,
            id,
            label_sv: sv,
            label_en: en,
            aliases: sql`${aliases}::text[]`,
            category,
            position: start + offset,
          })),
        )
        .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
        .execute();
    }
  }

  await db.schema
    .createTable('vocabulary_revision')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('revision', 'bigint', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.insertInto('vocabulary_revision').values({ id: 1, revision: 1 }).execute();

  await db.schema
    .createTable('vocabulary_changes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('merged_id', 'text')
    .addColumn('actor_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('profiles', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'vocabulary_changes_kind_check',
      sql`kind IN (${listLiterals(['skills', 'job_titles', 'languages', 'degrees', 'fields_of_study'])})`,
    )
    .addCheckConstraint(
      'vocabulary_changes_action_check',
      sql`action IN (${listLiterals(['create', 'update', 'merge'])})`,
    )
    .addCheckConstraint('vocabulary_changes_merged_check', sql`(action = 'merge') = (merged_id IS NOT NULL)`)
    .execute();
  await db.schema
    .createIndex('vocabulary_changes_created_at_idx')
    .on('vocabulary_changes')
    .column('created_at')
    .execute();
  // The progress of a change counts its outbox rows not yet acknowledged (payload.vocabularyChangeId).
  await db.schema
    .createIndex('outbox_vocabulary_change_idx')
    .on('outbox')
    .expression(sql`(payload->>'vocabularyChangeId')`)
    .where(sql.ref('acked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_vocabulary_change_idx').execute();
  await db.schema.dropTable('vocabulary_changes').execute();
  await db.schema.dropTable('vocabulary_revision').execute();
  await db.deleteFrom('vocabulary_entries').execute();
  await db.schema.dropIndex('vocabulary_entries_kind_position_idx').execute();
  await sql`ALTER TABLE vocabulary_entries DROP CONSTRAINT vocabulary_entries_merged_check`.execute(db);
  await db.schema
    .alterTable('vocabulary_entries')
    .dropColumn('category')
    .dropColumn('position')
    .dropColumn('merged_into')
    .execute();
}
