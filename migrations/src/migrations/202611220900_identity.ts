/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// Users and everything that proves who they are: sessions, rate limiting, e-mail tokens, BankID orders.

export async function up(db: Kysely<any>): Promise<void> {
  // citext gives case-insensitive e-mail equality and uniqueness without lower() in every query.
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);

  // Only touches updated_at when the statement did not set it itself, so seeds and tests may set it.
  await sql`
    CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
        NEW.updated_at := now();
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);

  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('users'))
      // Nullable: a BankID sign-up has no e-mail until setup. citext + unique = one account per address.
      .addColumn('email', sql`citext`, (col) => col.unique())
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('phone', 'text')
      // The personal number is never stored in clear: an HMAC for lookup and an AES-GCM envelope to read it back.
      .addColumn('national_identity_number_hash', 'text', (col) => col.unique())
      .addColumn('national_identity_number_encrypted', 'text')
      .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('is_admin', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('is_premium', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('locale', 'text', (col) => col.notNull().defaultTo('sv'))
      .addColumn('picture_key', 'text')
      .addColumn('picture_url', 'text')
      .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('last_login_at', 'timestamptz')
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('purge_after', 'timestamptz'),
  )
    .addCheckConstraint('users_locale_check', sql`locale IN (${listLiterals(['sv', 'en'])})`)
    .addCheckConstraint(
      'users_nin_pair_check',
      sql`(national_identity_number_hash IS NULL) = (national_identity_number_encrypted IS NULL)`,
    )
    .addCheckConstraint('users_purge_after_check', sql`purge_after IS NULL OR deleted_at IS NOT NULL`)
    .addCheckConstraint('users_settings_check', sql`jsonb_typeof(settings) = 'object'`)
    .execute();
  await addUpdatedAtTrigger(db, 'users');
  // The retention job scans deleted accounts whose purge date has passed.
  await db.schema
    .createIndex('users_purge_after_idx')
    .on('users')
    .column('purge_after')
    .where('purge_after', 'is not', null)
    .execute();

  // One row per issued JWT (jti): logout and account deletion revoke it; expired rows are pruned.
  await db.schema
    .createTable('sessions')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint('sessions_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  // Rate limiting across stateless API processes: key is e.g. 'nin:<hmac>', 'email:<addr>' or 'ip:<addr>'.
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('succeeded', 'boolean', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_key_attempted_at_idx')
    .on('login_attempts')
    .columns(['key', 'attempted_at desc'])
    .execute();

  // Single-use links sent by mail; only a hash of the token is stored, so a database leak opens nothing.
  await addUuidPrimaryKey(db.schema.createTable('email_tokens'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('new_email', sql`citext`)
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint(
      'email_tokens_purpose_check',
      sql`purpose IN (${listLiterals(['verify', 'reset', 'change_email'])})`,
    )
    .addCheckConstraint(
      'email_tokens_new_email_check',
      sql`(purpose = 'change_email') = (new_email IS NOT NULL)`,
    )
    .execute();
  await db.schema
    .createIndex('email_tokens_user_id_purpose_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  // A BankID RP v6 order from auth to collect. The QR secret is encrypted like the personal number, and rows
  // are short-lived: the retention job deletes finished or stale orders.
  await addTimestamps(
    db.schema
      .createTable('bankid_orders')
      .addColumn('order_ref', 'text', (col) => col.primaryKey())
      .addColumn('personal_number_hash', 'text')
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('hint_code', 'text')
      .addColumn('error_code', 'text')
      .addColumn('auto_start_token', 'text')
      .addColumn('qr_start_token', 'text')
      .addColumn('qr_start_secret_encrypted', 'text')
      .addColumn('end_user_ip', 'text')
      .addColumn('external_company_token', 'text')
      .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('completed_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null')),
  )
    .addCheckConstraint(
      'bankid_orders_status_check',
      sql`status IN (${listLiterals(['pending', 'complete', 'failed', 'cancelled'])})`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'bankid_orders');
  await db.schema
    .createIndex('bankid_orders_started_at_idx')
    .on('bankid_orders')
    .column('started_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bankid_orders').execute();
  await db.schema.dropTable('email_tokens').execute();
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
  await sql`DROP FUNCTION set_updated_at()`.execute(db);
  await sql`DROP EXTENSION IF EXISTS citext`.execute(db);
}
