/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listLiterals } from '../schema-helpers';

// What the god area needs beyond 202611221000_admin: a feedback inbox (status, answer), offers with a logo and
// a validity window, and anonymous search analytics (spec section 7: events for search filters and terms).

export const FEEDBACK_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // Set by the retention job when a deleted account's personal data has been erased: the row stays as a
  // tombstone (id and dates only), so the id keeps answering 'Profile no longer exists' and bookkeeping rows
  // (kept 7 years) keep their reference.
  await db.schema.alterTable('users').addColumn('purged_at', 'timestamptz').execute();
  await db.schema
    .createIndex('users_purge_due_idx')
    .on('users')
    .column('purge_after')
    .where(sql.ref('purged_at'), 'is', null)
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('feedback')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('sv'))
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('acknowledged_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('feedback')
    .addCheckConstraint('feedback_status_check', sql`status IN (${listLiterals([...FEEDBACK_STATUSES])})`)
    .execute();
  await db.schema
    .alterTable('feedback')
    .addCheckConstraint('feedback_locale_check', sql`locale IN ('sv', 'en')`)
    .execute();
  await db.schema
    .createIndex('feedback_status_idx')
    .on('feedback')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .alterTable('offers')
    .addColumn('logo_url', 'text')
    .addColumn('valid_from', 'date')
    .addColumn('valid_until', 'date')
    .execute();
  await db.schema
    .alterTable('offers')
    .addCheckConstraint(
      'offers_validity_check',
      sql`valid_from IS NULL OR valid_until IS NULL OR valid_until >= valid_from`,
    )
    .execute();

  // No user id, session, IP or free text beyond the normalised search term: the events cannot be tied to a
  // person. Kept 12 months by the retention job.
  await db.schema
    .createTable('search_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('search_term', 'text')
    .addColumn('filters', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('total', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('search_events_at_idx').on('search_events').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_purge_due_idx').ifExists().execute();
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS purged_at`.execute(db);
  await db.schema.dropTable('search_events').execute();
  await db.schema
    .alterTable('offers')
    .dropColumn('logo_url')
    .dropColumn('valid_from')
    .dropColumn('valid_until')
    .execute();
  await db.schema.dropIndex('feedback_status_idx').execute();
  await db.schema
    .alterTable('feedback')
    .dropColumn('status')
    .dropColumn('locale')
    .dropColumn('answer')
    .dropColumn('answered_at')
    .dropColumn('acknowledged_at')
    .execute();
}
