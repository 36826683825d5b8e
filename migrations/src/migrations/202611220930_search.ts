/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey } from '../schema-helpers';

// What buyers keep from searching: saved searches with their weekly mail, favourite lists, and inquiries
// sent from the empty result state.

export async function up(db: Kysely<any>): Promise<void> {
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('saved_searches'))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(30)', (col) => col.notNull())
      .addColumn('criteria', 'jsonb', (col) => col.notNull())
      .addColumn('send_email', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('last_emailed_at', 'timestamptz'),
  )
    .addCheckConstraint('saved_searches_name_check', sql`btrim(name) <> ''`)
    .addCheckConstraint('saved_searches_criteria_check', sql`jsonb_typeof(criteria) = 'object'`)
    .execute();
  await addUpdatedAtTrigger(db, 'saved_searches');
  await db.schema.createIndex('saved_searches_user_id_idx').on('saved_searches').column('user_id').execute();
  // The weekly job only reads subscribed searches.
  await db.schema
    .createIndex('saved_searches_send_email_idx')
    .on('saved_searches')
    .column('id')
    .where(sql.ref('send_email'), '=', true)
    .execute();

  // One row per saved search and ISO week: the unique key, not timing, makes the weekly mail once-per-week
  // even when the job runs twice or on several workers (insert first, mail only if the insert won).
  await db.schema
    .createTable('saved_search_mailings')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('saved_search_id', 'uuid', (col) =>
      col.notNull().references('saved_searches.id').onDelete('cascade'),
    )
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('match_ids', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('saved_search_mailings_search_period_key', ['saved_search_id', 'period'])
    .addCheckConstraint(
      'saved_search_mailings_period_check',
      sql`period ~ '^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$'`,
    )
    .execute();

  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('favorite_groups'))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(30)', (col) => col.notNull()),
  )
    .addCheckConstraint('favorite_groups_name_check', sql`btrim(name) <> ''`)
    .execute();
  await addUpdatedAtTrigger(db, 'favorite_groups');
  await db.schema
    .createIndex('favorite_groups_user_id_idx')
    .on('favorite_groups')
    .column('user_id')
    .execute();

  // Members are consultants by user id (search results carry userId); a deleted account leaves every list.
  await db.schema
    .createTable('favorite_group_members')
    .addColumn('group_id', 'uuid', (col) =>
      col.notNull().references('favorite_groups.id').onDelete('cascade'),
    )
    .addColumn('profile_user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorite_group_members_pkey', ['group_id', 'profile_user_id'])
    .execute();
  await db.schema
    .createIndex('favorite_group_members_profile_user_id_idx')
    .on('favorite_group_members')
    .column('profile_user_id')
    .execute();

  // Contact form submissions; kept when the sender's account is removed (user_id is only a convenience).
  await addUuidPrimaryKey(db.schema.createTable('inquiries'))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', sql`citext`, (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('terms_accepted', 'boolean', (col) => col.notNull())
    .addColumn('criteria', 'jsonb')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('sv'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('handled_at', 'timestamptz')
    .addCheckConstraint('inquiries_terms_check', sql`terms_accepted`)
    .addCheckConstraint('inquiries_locale_check', sql`locale IN ('sv', 'en')`)
    .execute();
  await db.schema.createIndex('inquiries_created_at_idx').on('inquiries').column('created_at').execute();
  await db.schema.createIndex('inquiries_user_id_idx').on('inquiries').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiries').execute();
  await db.schema.dropTable('favorite_group_members').execute();
  await db.schema.dropTable('favorite_groups').execute();
  await db.schema.dropTable('saved_search_mailings').execute();
  await db.schema.dropTable('saved_searches').execute();
}
