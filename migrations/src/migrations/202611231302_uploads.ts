/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Uploaded files (profile pictures today; contract PDFs later) live in Postgres, which every API process
// already shares, instead of on one machine's disk. Keys are random and never reused. A file belongs to a user
// and goes with the account (ON DELETE CASCADE for the purge; deletion of the account removes it at once).
// `kind` says what it is ('picture'; contract documents later), `owner_user_id` is null for files owned by no
// single user.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('owner_user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').column('owner_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
