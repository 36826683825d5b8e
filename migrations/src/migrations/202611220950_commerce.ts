/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// What the product sells and what people bought: products, pricing plans and their prices, subscriptions,
// stored payment methods (provider tokens only) and the DISC assessment orders with answers and results.

const discTypes = [
  'conductor',
  'persuader',
  'promoter',
  'relater',
  'supporter',
  'coordinator',
  'analyser',
  'implementor',
];

export async function up(db: Kysely<any>): Promise<void> {
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('products'))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('name_sv', 'text', (col) => col.notNull())
      .addColumn('name_en', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true)),
  )
    .addCheckConstraint(
      'products_kind_check',
      sql`kind IN (${listLiterals(['subscription', 'assessment', 'hire_fee', 'service'])})`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'products');

  // The god area's pricing page: Standard, Premium, Premium plus, Custom, each with a support level.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('plans'))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('name_sv', 'text', (col) => col.notNull())
      .addColumn('name_en', 'text', (col) => col.notNull())
      .addColumn('support_level', 'text', (col) => col.notNull())
      .addColumn('features', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true)),
  )
    .addCheckConstraint(
      'plans_code_check',
      sql`code IN (${listLiterals(['standard', 'premium', 'premium_plus', 'custom'])})`,
    )
    .addCheckConstraint(
      'plans_support_level_check',
      sql`support_level IN (${listLiterals(['mail', 'telephone', 'key_account_manager'])})`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'plans');

  // Prices are append-only history: a change is a new row with a later valid_from, so old bills and
  // subscriptions keep pointing at what was charged. unit 'hired_consultant' is the buyer's per-hire fee.
  await addUuidPrimaryKey(db.schema.createTable('prices'))
    .addColumn('plan_id', 'uuid', (col) => col.references('plans.id').onDelete('restrict'))
    .addColumn('product_id', 'uuid', (col) => col.references('products.id').onDelete('restrict'))
    .addColumn('amount_ore', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'char(3)', (col) => col.notNull().defaultTo('SEK'))
    .addColumn('billing_interval', 'text', (col) => col.notNull())
    .addColumn('unit', 'text', (col) => col.notNull().defaultTo('account'))
    .addColumn('valid_from', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('prices_target_check', sql`num_nonnulls(plan_id, product_id) = 1`)
    .addCheckConstraint('prices_amount_check', sql`amount_ore >= 0`)
    .addCheckConstraint('prices_currency_check', sql`currency ~ '^[A-Z]{3}$'`)
    .addCheckConstraint(
      'prices_billing_interval_check',
      sql`billing_interval IN (${listLiterals(['month', 'once'])})`,
    )
    .addCheckConstraint('prices_unit_check', sql`unit IN (${listLiterals(['account', 'hired_consultant'])})`)
    .execute();
  await db.schema.createIndex('prices_plan_id_idx').on('prices').columns(['plan_id', 'valid_from']).execute();
  await db.schema
    .createIndex('prices_product_id_idx')
    .on('prices')
    .columns(['product_id', 'valid_from'])
    .execute();

  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('subscriptions'))
      .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'uuid', (col) => col.references('companies.id').onDelete('cascade'))
      .addColumn('plan_id', 'uuid', (col) => col.notNull().references('plans.id').onDelete('restrict'))
      .addColumn('price_id', 'uuid', (col) => col.references('prices.id').onDelete('restrict'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('current_period_start', 'timestamptz')
      .addColumn('current_period_end', 'timestamptz')
      .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('cancelled_at', 'timestamptz')
      .addColumn('provider', 'text')
      .addColumn('provider_reference', 'text'),
  )
    .addCheckConstraint('subscriptions_owner_check', sql`num_nonnulls(user_id, company_id) = 1`)
    .addCheckConstraint(
      'subscriptions_status_check',
      sql`status IN (${listLiterals(['trialing', 'active', 'past_due', 'cancelled', 'expired'])})`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'subscriptions');
  await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('subscriptions_company_id_idx')
    .on('subscriptions')
    .column('company_id')
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_reference_idx')
    .on('subscriptions')
    .columns(['provider', 'provider_reference'])
    .unique()
    .where('provider_reference', 'is not', null)
    .execute();

  // Only the payment provider's token and display details. A card number (PAN) is never stored, which
  // keeps us out of PCI DSS scope beyond the provider's hosted fields.
  await addUuidPrimaryKey(db.schema.createTable('payment_methods'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_token', 'text', (col) => col.notNull())
    .addColumn('brand', 'text')
    .addColumn('last4', 'char(4)')
    .addColumn('expiry_month', 'smallint')
    .addColumn('expiry_year', 'smallint')
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .addUniqueConstraint('payment_methods_provider_token_key', ['provider', 'provider_token'])
    .addCheckConstraint('payment_methods_last4_check', sql`last4 IS NULL OR last4 ~ '^[0-9]{4}$'`)
    .addCheckConstraint(
      'payment_methods_expiry_month_check',
      sql`expiry_month IS NULL OR expiry_month BETWEEN 1 AND 12`,
    )
    .addCheckConstraint(
      'payment_methods_expiry_year_check',
      sql`expiry_year IS NULL OR expiry_year BETWEEN 2000 AND 2200`,
    )
    .execute();
  await db.schema
    .createIndex('payment_methods_user_id_idx')
    .on('payment_methods')
    .column('user_id')
    .execute();

  // Purchased (link available) -> taken (answers in) -> completed (result on the profile, within 15 minutes).
  // The link token is kept as is because the buyer is shown the same link again.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('assessment_orders'))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('package', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('purchased'))
      .addColumn('amount_ore', 'bigint', (col) => col.notNull())
      .addColumn('currency', 'char(3)', (col) => col.notNull().defaultTo('SEK'))
      .addColumn('payment_provider', 'text')
      .addColumn('payment_reference', 'text')
      .addColumn('link_token', 'text', (col) => col.notNull().unique())
      .addColumn('purchased_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('taken_at', 'timestamptz')
      .addColumn('completed_at', 'timestamptz')
      .addColumn('coach_session_at', 'timestamptz'),
  )
    .addCheckConstraint(
      'assessment_orders_package_check',
      sql`package IN (${listLiterals(['basic', 'full_coach'])})`,
    )
    .addCheckConstraint(
      'assessment_orders_status_check',
      sql`status IN (${listLiterals(['purchased', 'taken', 'completed'])})`,
    )
    .addCheckConstraint('assessment_orders_amount_check', sql`amount_ore >= 0`)
    .addCheckConstraint(
      'assessment_orders_coach_session_check',
      sql`coach_session_at IS NULL OR package = 'full_coach'`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'assessment_orders');
  await db.schema
    .createIndex('assessment_orders_user_id_idx')
    .on('assessment_orders')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('assessment_orders_payment_reference_idx')
    .on('assessment_orders')
    .columns(['payment_provider', 'payment_reference'])
    .unique()
    .where('payment_reference', 'is not', null)
    .execute();

  // The answer's shape belongs to the assessment service (e.g. most/least-like choices), hence jsonb.
  await db.schema
    .createTable('assessment_answers')
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('assessment_orders.id').onDelete('cascade'),
    )
    .addColumn('question', 'smallint', (col) => col.notNull())
    .addColumn('answer', 'jsonb', (col) => col.notNull())
    .addColumn('answered_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('assessment_answers_pkey', ['order_id', 'question'])
    .addCheckConstraint('assessment_answers_question_check', sql`question BETWEEN 1 AND 36`)
    .execute();

  await addUuidPrimaryKey(db.schema.createTable('assessment_results'))
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().unique().references('assessment_orders.id').onDelete('cascade'),
    )
    .addColumn('disc_type', 'text', (col) => col.notNull())
    .addColumn('disc_scores', 'jsonb')
    .addColumn('driving_forces', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('driving_force_scores', 'jsonb', (col) => col.notNull())
    .addColumn('completed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('emailed_at', 'timestamptz')
    .addCheckConstraint('assessment_results_disc_type_check', sql`disc_type IN (${listLiterals(discTypes)})`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assessment_results').execute();
  await db.schema.dropTable('assessment_answers').execute();
  await db.schema.dropTable('assessment_orders').execute();
  await db.schema.dropTable('payment_methods').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('prices').execute();
  await db.schema.dropTable('plans').execute();
  await db.schema.dropTable('products').execute();
}
