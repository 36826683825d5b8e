/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listLiterals } from '../schema-helpers';

// Companies, members, invite links and contracts as the API uses them (issue 15):
// - companies get an address; memberships a fixed permission vocabulary (docs/company-permissions.md);
// - a company has at most one live invite link (regenerating revokes the old one);
// - contract PDFs (the upload and the provider's signed copy) are stored in Postgres, which every API process
//   sees, with their SHA-256 and size;
// - signing-provider webhooks are recorded by event id, so a replayed delivery is recognised and ignored.

const PERMISSIONS = ['manage_members', 'manage_projects', 'manage_contracts', 'view_billing'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('address', 'text')
    .addColumn('created_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();

  // Rows written before the vocabulary existed (nothing read them) keep only the permissions it knows, and a
  // company with several live invite links keeps its newest one, so the constraints below hold on old data.
  await sql`UPDATE company_memberships
    SET permissions = ARRAY(SELECT p FROM unnest(permissions) AS p WHERE p = ANY(ARRAY[${listLiterals(PERMISSIONS)}]::text[]))
    WHERE NOT permissions <@ ARRAY[${listLiterals(PERMISSIONS)}]::text[]`.execute(db);
  await sql`UPDATE company_invite_links l SET revoked_at = now()
    WHERE l.revoked_at IS NULL AND EXISTS (
      SELECT 1 FROM company_invite_links n
      WHERE n.company_id = l.company_id AND n.revoked_at IS NULL
        AND (n.created_at, n.id) > (l.created_at, l.id))`.execute(db);

  await db.schema
    .alterTable('company_memberships')
    .addCheckConstraint(
      'company_memberships_permissions_check',
      sql`permissions <@ ARRAY[${listLiterals(PERMISSIONS)}]::text[]`,
    )
    .execute();

  await db.schema
    .createIndex('company_invite_links_live_key')
    .on('company_invite_links')
    .column('company_id')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('contracts')
    .addColumn('file_sha256', 'text')
    .addColumn('file_size_bytes', 'integer')
    .addColumn('signed_file_sha256', 'text')
    .addColumn('status_changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('contracts')
    .addCheckConstraint('contracts_signer_check', sql`num_nonnulls(signer_user_id, signer_email) >= 1`)
    .execute();

  await db.schema
    .createTable('contract_files')
    .addColumn('contract_id', 'uuid', (col) => col.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contract_files_pkey', ['contract_id', 'kind'])
    .addCheckConstraint('contract_files_kind_check', sql`kind IN (${listLiterals(['original', 'signed'])})`)
    .addCheckConstraint('contract_files_sha256_check', sql`sha256 ~ '^[0-9a-f]{64}$'`)
    .execute();

  await db.schema
    .createTable('signing_webhook_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('order_reference', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('signing_webhook_events_pkey', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_webhook_events').execute();
  await db.schema.dropTable('contract_files').execute();
  await db.schema.alterTable('contracts').dropConstraint('contracts_signer_check').execute();
  await db.schema
    .alterTable('contracts')
    .dropColumn('file_sha256')
    .dropColumn('file_size_bytes')
    .dropColumn('signed_file_sha256')
    .dropColumn('status_changed_at')
    .execute();
  await db.schema.dropIndex('company_invite_links_live_key').execute();
  await db.schema
    .alterTable('company_memberships')
    .dropConstraint('company_memberships_permissions_check')
    .execute();
  await db.schema.alterTable('companies').dropColumn('address').dropColumn('created_by_user_id').execute();
}
