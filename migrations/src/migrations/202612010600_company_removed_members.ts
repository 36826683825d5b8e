/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// QA7 H1: a member an admin removed could join again at once through the company's invite link. A removal is now
// remembered here: the removed user cannot join through any of the company's links until an admin invites that
// user's e-mail address (POST company/{id}/invites), which deletes the row. Leaving on one's own leaves no row.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_removed_members')
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('removed_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('removed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('company_removed_members_pkey', ['company_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_removed_members').execute();
}
