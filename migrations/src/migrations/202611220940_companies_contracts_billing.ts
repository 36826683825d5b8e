/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// The business system: consulting companies with members and projects, contracts with digital signing,
// time reports and bills. Bookkeeping rows (time reports, bills) RESTRICT deletes of users and companies:
// they must be kept up to 7 years, so an account purge anonymises the users row instead of deleting it.

export async function up(db: Kysely<any>): Promise<void> {
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('companies'))
      .addColumn('business_name', 'text', (col) => col.notNull())
      .addColumn('business_type', 'text')
      .addColumn('organisation_number', 'text')
      .addColumn('vat_number', 'text')
      .addColumn('website', 'text'),
  )
    .addCheckConstraint('companies_business_name_check', sql`btrim(business_name) <> ''`)
    .execute();
  await addUpdatedAtTrigger(db, 'companies');
  await db.schema
    .createIndex('companies_organisation_number_idx')
    .on('companies')
    .column('organisation_number')
    .execute();

  // The exact meaning of each permission is not in the spec; they are free strings the api defines.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('company_memberships'))
      .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
      .addColumn('permissions', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`)),
  )
    .addUniqueConstraint('company_memberships_company_user_key', ['company_id', 'user_id'])
    .addCheckConstraint('company_memberships_role_check', sql`role IN (${listLiterals(['admin', 'member'])})`)
    .execute();
  await addUpdatedAtTrigger(db, 'company_memberships');
  await db.schema
    .createIndex('company_memberships_user_id_idx')
    .on('company_memberships')
    .column('user_id')
    .execute();

  // The token is stored as is (not hashed): admins are shown the same link again (GET company/{id}/link).
  await addUuidPrimaryKey(db.schema.createTable('company_invite_links'))
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('company_invite_links_company_id_idx')
    .on('company_invite_links')
    .column('company_id')
    .execute();

  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('projects'))
      .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull()),
  )
    .addCheckConstraint('projects_name_check', sql`btrim(name) <> ''`)
    .execute();
  await addUpdatedAtTrigger(db, 'projects');
  await db.schema.createIndex('projects_company_id_idx').on('projects').column('company_id').execute();

  // Fees are in öre per hour; the caps are the spec's 100,000 SEK/h and 200,000 SEK/h for overtime.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('contracts'))
      .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('project_id', 'uuid', (col) => col.references('projects.id').onDelete('set null'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
      .addColumn('file_key', 'text')
      .addColumn('file_name', 'text')
      .addColumn('signer_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('signer_email', sql`citext`)
      .addColumn('delegate_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('hourly_fee_ore', 'bigint')
      .addColumn('overtime_hourly_fee_ore', 'bigint')
      .addColumn('signing_provider', 'text')
      .addColumn('signing_provider_reference', 'text')
      .addColumn('sent_at', 'timestamptz')
      .addColumn('signed_at', 'timestamptz'),
  )
    .addCheckConstraint(
      'contracts_status_check',
      sql`status IN (${listLiterals(['draft', 'sent', 'signed', 'declined', 'expired', 'cancelled'])})`,
    )
    .addCheckConstraint('contracts_signed_check', sql`status <> 'signed' OR signed_at IS NOT NULL`)
    .addCheckConstraint(
      'contracts_hourly_fee_check',
      sql`hourly_fee_ore IS NULL OR hourly_fee_ore BETWEEN 0 AND 10000000`,
    )
    .addCheckConstraint(
      'contracts_overtime_hourly_fee_check',
      sql`overtime_hourly_fee_ore IS NULL OR overtime_hourly_fee_ore BETWEEN 0 AND 20000000`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'contracts');
  await db.schema.createIndex('contracts_company_id_idx').on('contracts').column('company_id').execute();
  await db.schema.createIndex('contracts_project_id_idx').on('contracts').column('project_id').execute();
  await db.schema
    .createIndex('contracts_signer_user_id_idx')
    .on('contracts')
    .column('signer_user_id')
    .execute();
  await db.schema
    .createIndex('contracts_delegate_user_id_idx')
    .on('contracts')
    .column('delegate_user_id')
    .execute();
  // Signing-provider callbacks find their contract by the provider's reference.
  await db.schema
    .createIndex('contracts_signing_provider_reference_idx')
    .on('contracts')
    .columns(['signing_provider', 'signing_provider_reference'])
    .unique()
    .where('signing_provider_reference', 'is not', null)
    .execute();

  // The 24 hours per day cap is a CHECK; the 744 hours per month cap spans rows, so the time service enforces
  // it (inside the transaction that inserts the report, after locking the user's month).
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('time_reports'))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
      .addColumn('contract_id', 'uuid', (col) => col.references('contracts.id').onDelete('set null'))
      .addColumn('project_id', 'uuid', (col) => col.references('projects.id').onDelete('set null'))
      .addColumn('work_date', 'date', (col) => col.notNull())
      .addColumn('hours', 'numeric(4, 2)', (col) => col.notNull())
      .addColumn('overtime_hours', 'numeric(4, 2)', (col) => col.notNull().defaultTo(0))
      .addColumn('note', 'text'),
  )
    .addCheckConstraint('time_reports_hours_check', sql`hours >= 0 AND hours <= 24`)
    .addCheckConstraint(
      'time_reports_overtime_hours_check',
      sql`overtime_hours >= 0 AND hours + overtime_hours <= 24`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'time_reports');
  await db.schema
    .createIndex('time_reports_user_id_work_date_idx')
    .on('time_reports')
    .columns(['user_id', 'work_date'])
    .execute();
  await db.schema
    .createIndex('time_reports_contract_id_idx')
    .on('time_reports')
    .column('contract_id')
    .execute();
  await db.schema
    .createIndex('time_reports_project_id_idx')
    .on('time_reports')
    .column('project_id')
    .execute();

  // Money is integer öre (bigint); totals are stored, not recomputed, because an issued bill must not change.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('bills'))
      .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('restrict'))
      .addColumn('company_id', 'uuid', (col) => col.references('companies.id').onDelete('restrict'))
      .addColumn('number', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
      .addColumn('currency', 'char(3)', (col) => col.notNull().defaultTo('SEK'))
      .addColumn('subtotal_ore', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('vat_ore', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('total_ore', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('issued_at', 'timestamptz')
      .addColumn('due_at', 'timestamptz')
      .addColumn('paid_at', 'timestamptz'),
  )
    .addCheckConstraint('bills_owner_check', sql`num_nonnulls(user_id, company_id) = 1`)
    .addCheckConstraint(
      'bills_status_check',
      sql`status IN (${listLiterals(['draft', 'issued', 'paid', 'cancelled'])})`,
    )
    .addCheckConstraint('bills_currency_check', sql`currency ~ '^[A-Z]{3}$'`)
    .addCheckConstraint('bills_total_check', sql`total_ore = subtotal_ore + vat_ore`)
    .addCheckConstraint('bills_issued_check', sql`status = 'draft' OR issued_at IS NOT NULL`)
    .execute();
  await addUpdatedAtTrigger(db, 'bills');
  await db.schema.createIndex('bills_user_id_idx').on('bills').column('user_id').execute();
  await db.schema.createIndex('bills_company_id_idx').on('bills').column('company_id').execute();

  // vat_rate is a percentage (25.00, 12.00, 6.00, 0.00); amount_ore = quantity * unit_price_ore, rounded.
  await addUuidPrimaryKey(db.schema.createTable('bill_lines'))
    .addColumn('bill_id', 'uuid', (col) => col.notNull().references('bills.id').onDelete('cascade'))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('quantity', 'numeric(12, 2)', (col) => col.notNull().defaultTo(1))
    .addColumn('unit_price_ore', 'bigint', (col) => col.notNull())
    .addColumn('amount_ore', 'bigint', (col) => col.notNull())
    .addColumn('vat_rate', 'numeric(5, 2)', (col) => col.notNull().defaultTo(25))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('bill_lines_quantity_check', sql`quantity > 0`)
    .addCheckConstraint('bill_lines_vat_rate_check', sql`vat_rate BETWEEN 0 AND 100`)
    .execute();
  await db.schema.createIndex('bill_lines_bill_id_idx').on('bill_lines').column('bill_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bill_lines').execute();
  await db.schema.dropTable('bills').execute();
  await db.schema.dropTable('time_reports').execute();
  await db.schema.dropTable('contracts').execute();
  await db.schema.dropTable('projects').execute();
  await db.schema.dropTable('company_invite_links').execute();
  await db.schema.dropTable('company_memberships').execute();
  await db.schema.dropTable('companies').execute();
}
