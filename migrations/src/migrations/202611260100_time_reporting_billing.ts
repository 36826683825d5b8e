/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// Time reporting and invoicing (issue 16):
// - an assignment is a hired consultant (the signer of a signed contract) on a company's project, with fees
//   in öre per hour (the spec's caps as CHECKs) and the member who approves the time;
// - time reports belong to an assignment, one row per assignment and day;
// - a month of an assignment is open, submitted, returned (with the approver's comment) or approved; approving
//   issues the bill in the same transaction;
// - bills keep what they were issued with (seller, buyer, period, OCR reference, invoice number), which the
//   one counter row of invoice_number_series hands out without gaps: the approving transaction locks it.

export async function up(db: Kysely<any>): Promise<void> {
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('assignments'))
      .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('restrict'))
      .addColumn('project_id', 'uuid', (col) => col.references('projects.id').onDelete('set null'))
      .addColumn('contract_id', 'uuid', (col) =>
        col.notNull().references('contracts.id').onDelete('restrict'),
      )
      .addColumn('consultant_user_id', 'uuid', (col) =>
        col.notNull().references('users.id').onDelete('restrict'),
      )
      .addColumn('approver_user_id', 'uuid', (col) =>
        col.notNull().references('users.id').onDelete('restrict'),
      )
      .addColumn('created_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('hourly_fee_ore', 'bigint', (col) => col.notNull())
      .addColumn('overtime_fee_ore', 'bigint', (col) => col.notNull())
      .addColumn('start_date', 'date', (col) => col.notNull())
      .addColumn('end_date', 'date'),
  )
    .addCheckConstraint('assignments_hourly_fee_check', sql`hourly_fee_ore BETWEEN 0 AND 10000000`)
    .addCheckConstraint('assignments_overtime_fee_check', sql`overtime_fee_ore BETWEEN 0 AND 20000000`)
    .addCheckConstraint('assignments_period_check', sql`end_date IS NULL OR end_date >= start_date`)
    .execute();
  await addUpdatedAtTrigger(db, 'assignments');
  for (const column of ['company_id', 'contract_id', 'consultant_user_id', 'approver_user_id']) {
    await db.schema.createIndex(`assignments_${column}_idx`).on('assignments').column(column).execute();
  }

  await db.schema
    .alterTable('time_reports')
    .addColumn('assignment_id', 'uuid', (col) => col.references('assignments.id').onDelete('restrict'))
    .execute();
  await db.schema
    .createIndex('time_reports_assignment_day_key')
    .on('time_reports')
    .columns(['assignment_id', 'work_date'])
    .unique()
    .execute();

  await db.schema
    .createTable('time_report_months')
    .addColumn('assignment_id', 'uuid', (col) =>
      col.notNull().references('assignments.id').onDelete('restrict'),
    )
    .addColumn('month', 'date', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('comment', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('time_report_months_pkey', ['assignment_id', 'month'])
    .addCheckConstraint(
      'time_report_months_status_check',
      sql`status IN (${listLiterals(['open', 'submitted', 'returned', 'approved'])})`,
    )
    .addCheckConstraint('time_report_months_month_check', sql`extract(day FROM month) = 1`)
    .addCheckConstraint('time_report_months_returned_check', sql`status <> 'returned' OR comment IS NOT NULL`)
    .execute();
  await addUpdatedAtTrigger(db, 'time_report_months');

  await db.schema
    .createTable('invoice_number_series')
    .addColumn('series', 'text', (col) => col.primaryKey())
    .addColumn('next_number', 'bigint', (col) => col.notNull())
    .addCheckConstraint('invoice_number_series_next_check', sql`next_number > 0`)
    .execute();
  await db.insertInto('invoice_number_series').values({ series: 'bills', next_number: 1001 }).execute();

  await db.schema
    .alterTable('bills')
    .addColumn('assignment_id', 'uuid', (col) => col.references('assignments.id').onDelete('restrict'))
    .addColumn('period_month', 'date')
    .addColumn('invoice_number', 'bigint', (col) => col.unique())
    .addColumn('ocr_reference', 'text')
    .addColumn('seller', 'jsonb')
    .addColumn('buyer', 'jsonb')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('guarantee_until', 'date')
    .execute();
  await db.schema
    .alterTable('bills')
    .addCheckConstraint(
      'bills_ocr_reference_check',
      sql`ocr_reference IS NULL OR ocr_reference ~ '^[0-9]{2,25}$'`,
    )
    .execute();
  await db.schema
    .createIndex('bills_assignment_period_key')
    .on('bills')
    .columns(['assignment_id', 'period_month'])
    .unique()
    .where('assignment_id', 'is not', null)
    .execute();

  await db.schema
    .alterTable('bill_lines')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('other'))
    .execute();
  await db.schema
    .alterTable('bill_lines')
    .addCheckConstraint(
      'bill_lines_kind_check',
      sql`kind IN (${listLiterals(['hours', 'overtime', 'buyer_fee', 'other'])})`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bill_lines').dropConstraint('bill_lines_kind_check').execute();
  await db.schema.alterTable('bill_lines').dropColumn('kind').execute();
  await db.schema.dropIndex('bills_assignment_period_key').execute();
  await db.schema.alterTable('bills').dropConstraint('bills_ocr_reference_check').execute();
  await db.schema
    .alterTable('bills')
    .dropColumn('assignment_id')
    .dropColumn('period_month')
    .dropColumn('invoice_number')
    .dropColumn('ocr_reference')
    .dropColumn('seller')
    .dropColumn('buyer')
    .dropColumn('details')
    .dropColumn('guarantee_until')
    .execute();
  await db.schema.dropTable('invoice_number_series').execute();
  await db.schema.dropTable('time_report_months').execute();
  await db.schema.dropIndex('time_reports_assignment_day_key').execute();
  await db.schema.alterTable('time_reports').dropColumn('assignment_id').execute();
  await db.schema.dropTable('assignments').execute();
}
