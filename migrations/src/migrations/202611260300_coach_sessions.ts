/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey } from '../schema-helpers';

// The Full Coach Package's feedback session: admins publish time slots, a consultant who bought the Full
// package books one. A slot holds at most one live booking and an order at most one (partial unique indexes),
// so two consultants racing for a slot cannot both get it whatever the application does. A cancelled booking is
// kept (cancelled_at) for the history and frees the slot. The unused `assessment_orders.coach_session_at`
// goes: the booking is the record of the session.
//
// The search document learns where a DISC type came from (`discSource`: picked by hand or from the
// assessment): `profile_search_source()` wraps the earlier function and adds it, and the stored sources are
// recomputed so the indexer's fast path (stored source of the current version) carries it too.

export async function up(db: Kysely<any>): Promise<void> {
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('coach_session_slots'))
      .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
      .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
      .addColumn('created_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null')),
  )
    .addCheckConstraint('coach_session_slots_period_check', sql`ends_at > starts_at`)
    .execute();
  await addUpdatedAtTrigger(db, 'coach_session_slots');
  await db.schema
    .createIndex('coach_session_slots_starts_at_idx')
    .on('coach_session_slots')
    .column('starts_at')
    .execute();

  await addUuidPrimaryKey(db.schema.createTable('coach_session_bookings'))
    .addColumn('slot_id', 'uuid', (col) =>
      col.notNull().references('coach_session_slots.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('assessment_orders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('booked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('coach_session_bookings_live_slot_idx')
    .on('coach_session_bookings')
    .column('slot_id')
    .unique()
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('coach_session_bookings_live_order_idx')
    .on('coach_session_bookings')
    .column('order_id')
    .unique()
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('coach_session_bookings_user_id_idx')
    .on('coach_session_bookings')
    .column('user_id')
    .execute();

  await db.schema
    .alterTable('assessment_orders')
    .dropConstraint('assessment_orders_coach_session_check')
    .execute();
  await db.schema.alterTable('assessment_orders').dropColumn('coach_session_at').execute();

  await sql`ALTER FUNCTION profile_search_source(uuid) RENAME TO profile_search_source_base`.execute(db);
  await sql`
    CREATE FUNCTION profile_search_source(pid uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
      SELECT profile_search_source_base(p.id) || jsonb_build_object('discSource', p.disc_source)
      FROM profiles p WHERE p.id = pid
    $$
  `.execute(db);
  await sql`UPDATE profiles SET search_source = profile_search_source(id)::json
    WHERE search_source IS NOT NULL AND search_source_version = version`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION profile_search_source(uuid)`.execute(db);
  await sql`ALTER FUNCTION profile_search_source_base(uuid) RENAME TO profile_search_source`.execute(db);
  await sql`UPDATE profiles SET search_source = profile_search_source(id)::json
    WHERE search_source IS NOT NULL AND search_source_version = version`.execute(db);
  await db.schema.alterTable('assessment_orders').addColumn('coach_session_at', 'timestamptz').execute();
  await db.schema
    .alterTable('assessment_orders')
    .addCheckConstraint(
      'assessment_orders_coach_session_check',
      sql`coach_session_at IS NULL OR package = 'full_coach'`,
    )
    .execute();
  await db.schema.dropTable('coach_session_bookings').execute();
  await db.schema.dropTable('coach_session_slots').execute();
}
