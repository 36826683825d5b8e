/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listLiterals } from '../schema-helpers';

// An admin may delete a vocabulary entry no profile uses (god/vocabulary). The entry is deactivated, not removed
// (`vocabulary_entries.active`, as a merged entry is, without `merged_into`): the change is recorded like the
// others in `vocabulary_changes`, whose actions now include 'delete'.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE vocabulary_changes DROP CONSTRAINT vocabulary_changes_action_check`.execute(db);
  await sql`ALTER TABLE vocabulary_changes ADD CONSTRAINT vocabulary_changes_action_check
    CHECK (action IN (${listLiterals(['create', 'update', 'merge', 'delete'])}))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The deleted entries stay inactive (as before this migration, entries were only ever deactivated).
  await db.deleteFrom('vocabulary_changes').where('action', '=', 'delete').execute();
  await sql`ALTER TABLE vocabulary_changes DROP CONSTRAINT vocabulary_changes_action_check`.execute(db);
  await sql`ALTER TABLE vocabulary_changes ADD CONSTRAINT vocabulary_changes_action_check
    CHECK (action IN (${listLiterals(['create', 'update', 'merge'])}))`.execute(db);
}
