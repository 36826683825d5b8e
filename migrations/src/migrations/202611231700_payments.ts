/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addTimestamps, addUpdatedAtTrigger, addUuidPrimaryKey, listLiterals } from '../schema-helpers';

// Taking money: the plans and products the spec names with their prices, the buyer's payment details, one row
// per payment attempt at the card provider (subscription periods and assessment purchases), the provider's
// webhook events (idempotency), renewal bookkeeping on subscriptions and where a profile's DISC type came from.

// PRICES: the one place the starting prices are set; every screen, mail and charge reads them from the `prices`
// table (GET /api/products). Spec figures: Premium from 199 SEK a month, the hire fee 2995 SEK per hired
// consultant and month. The spec gives NO figures for Premium plus (499 here) or the Basic (995) and Full (2495)
// Coach Packages: those are placeholders for the business to set (docs/assessment.md, Prices).
const plans = [
  { code: 'standard', sv: 'Standard', en: 'Standard', support: 'mail', order: 1, ore: 0 },
  { code: 'premium', sv: 'Premium', en: 'Premium', support: 'mail', order: 2, ore: 19_900 },
  {
    code: 'premium_plus',
    sv: 'Premium plus',
    en: 'Premium plus',
    support: 'telephone',
    order: 3,
    ore: 49_900,
  },
  { code: 'custom', sv: 'Anpassad', en: 'Custom', support: 'key_account_manager', order: 4, ore: null },
] as const;

const planFeatures: Record<string, string[]> = {
  standard: ['search', 'anonymousProfiles', 'contactForm', 'savedSearches'],
  premium: ['fullProfiles', 'directContact', 'weeklySearchMail', 'contracts', 'timeReporting'],
  premium_plus: [
    'fullProfiles',
    'directContact',
    'weeklySearchMail',
    'contracts',
    'timeReporting',
    'companyProfile',
  ],
  custom: [
    'fullProfiles',
    'directContact',
    'weeklySearchMail',
    'contracts',
    'timeReporting',
    'companyProfile',
    'integrations',
  ],
};

const products = [
  {
    code: 'assessment_basic',
    sv: 'Basic Coach Package',
    en: 'Basic Coach Package',
    kind: 'assessment',
    ore: 99_500,
  },
  {
    code: 'assessment_full',
    sv: 'Full Coach Package',
    en: 'Full Coach Package',
    kind: 'assessment',
    ore: 249_500,
  },
  {
    code: 'hire_fee',
    sv: 'Avgift per anlitad konsult',
    en: 'Fee per hired consultant',
    kind: 'hire_fee',
    ore: 299_500,
  },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const p of plans) {
    const [plan] = await db
      .insertInto('plans')
      .values({
        code: p.code,
        name_sv: p.sv,
        name_en: p.en,
        support_level: p.support,
        features: sql`${planFeatures[p.code]}::text[]`,
        sort_order: p.order,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .execute();
    if (plan && p.ore !== null) {
      await db
        .insertInto('prices')
        .values({ plan_id: plan.id, amount_ore: p.ore, billing_interval: 'month' })
        .execute();
    }
  }
  for (const p of products) {
    const [product] = await db
      .insertInto('products')
      .values({ code: p.code, name_sv: p.sv, name_en: p.en, kind: p.kind })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .execute();
    if (product) {
      await db
        .insertInto('prices')
        .values({
          product_id: product.id,
          amount_ore: p.ore,
          billing_interval: p.kind === 'hire_fee' ? 'month' : 'once',
          unit: p.kind === 'hire_fee' ? 'hired_consultant' : 'account',
        })
        .execute();
    }
  }

  // POST /store/ipu: who is billed. The personal number is kept like the user's own (hash + AES envelope).
  await addTimestamps(
    db.schema
      .createTable('payment_details')
      .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('billing_name', 'text', (col) => col.notNull())
      .addColumn('address_line', 'text', (col) => col.notNull())
      .addColumn('postal_code', 'text', (col) => col.notNull())
      .addColumn('city', 'text', (col) => col.notNull())
      .addColumn('country', 'char(2)', (col) => col.notNull().defaultTo('SE'))
      .addColumn('organisation_number', 'text')
      .addColumn('personal_number_encrypted', 'text'),
  )
    .addCheckConstraint(
      'payment_details_identity_check',
      sql`num_nonnulls(organisation_number, personal_number_encrypted) = 1`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'payment_details');

  await db.schema
    .alterTable('subscriptions')
    .addColumn('payment_method_id', 'uuid', (col) =>
      col.references('payment_methods.id').onDelete('set null'),
    )
    .addColumn('renewal_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_renewal_attempt_at', 'timestamptz')
    .addColumn('grace_ends_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('subscriptions').dropConstraint('subscriptions_status_check').execute();
  await db.schema
    .alterTable('subscriptions')
    .addCheckConstraint(
      'subscriptions_status_check',
      sql`status IN (${listLiterals(['incomplete', 'trialing', 'active', 'past_due', 'cancelled', 'expired'])})`,
    )
    .execute();
  // One live subscription per user: a second subscribe while one runs is refused by the database too.
  await db.schema
    .createIndex('subscriptions_one_live_per_user_idx')
    .on('subscriptions')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('incomplete', 'trialing', 'active', 'past_due')`)
    .execute();

  // One row per payment intent at the provider. period_* is the subscription period a payment pays for.
  await addTimestamps(
    addUuidPrimaryKey(db.schema.createTable('payments'))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('subscription_id', 'uuid', (col) => col.references('subscriptions.id').onDelete('cascade'))
      .addColumn('assessment_package', 'text')
      .addColumn('assessment_order_id', 'uuid', (col) =>
        col.references('assessment_orders.id').onDelete('set null'),
      )
      .addColumn('payment_method_id', 'uuid', (col) =>
        col.references('payment_methods.id').onDelete('set null'),
      )
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('provider_intent_id', 'text', (col) => col.notNull())
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('amount_ore', 'bigint', (col) => col.notNull())
      .addColumn('currency', 'char(3)', (col) => col.notNull().defaultTo('SEK'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('failure_code', 'text')
      .addColumn('period_start', 'timestamptz')
      .addColumn('period_end', 'timestamptz')
      .addColumn('receipt_number', 'text', (col) => col.unique())
      .addColumn('receipt_sent_at', 'timestamptz')
      .addColumn('refunded_at', 'timestamptz'),
  )
    .addUniqueConstraint('payments_provider_intent_key', ['provider', 'provider_intent_id'])
    .addCheckConstraint(
      'payments_purpose_check',
      sql`purpose IN (${listLiterals(['subscription', 'assessment'])})`,
    )
    .addCheckConstraint(
      'payments_status_check',
      sql`status IN (${listLiterals(['requires_action', 'processing', 'succeeded', 'failed', 'refunded'])})`,
    )
    .addCheckConstraint(
      'payments_target_check',
      sql`(purpose = 'subscription' AND subscription_id IS NOT NULL) OR (purpose = 'assessment' AND assessment_package IN ('basic', 'full_coach'))`,
    )
    .execute();
  await addUpdatedAtTrigger(db, 'payments');
  await db.schema.createIndex('payments_user_id_idx').on('payments').column('user_id').execute();
  await db.schema
    .createIndex('payments_subscription_id_idx')
    .on('payments')
    .column('subscription_id')
    .execute();

  // A webhook event is applied once: its id is recorded in the transaction that applies it.
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_webhook_events_pkey', ['provider', 'event_id'])
    .execute();

  // Where the DISC type on a profile came from: picked by the consultant ('self') or a taken assessment.
  await db.schema
    .alterTable('profiles')
    .addColumn('disc_source', 'text', (col) => col.notNull().defaultTo('self'))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addCheckConstraint('profiles_disc_source_check', sql`disc_source IN ('self', 'assessment')`)
    .execute();
  // The result's strengths (message keys per DISC factor and driving force), shown and mailed with the result.
  await db.schema.alterTable('assessment_results').addColumn('strengths', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assessment_results').dropColumn('strengths').execute();
  await db.schema.alterTable('profiles').dropConstraint('profiles_disc_source_check').execute();
  await db.schema.alterTable('profiles').dropColumn('disc_source').execute();
  await db.schema.dropTable('payment_webhook_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropIndex('subscriptions_one_live_per_user_idx').execute();
  await db.deleteFrom('subscriptions').where('status', '=', 'incomplete').execute();
  await db.schema.alterTable('subscriptions').dropConstraint('subscriptions_status_check').execute();
  await db.schema
    .alterTable('subscriptions')
    .addCheckConstraint(
      'subscriptions_status_check',
      sql`status IN (${listLiterals(['trialing', 'active', 'past_due', 'cancelled', 'expired'])})`,
    )
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('payment_method_id')
    .dropColumn('renewal_attempts')
    .dropColumn('next_renewal_attempt_at')
    .dropColumn('grace_ends_at')
    .execute();
  await db.schema.dropTable('payment_details').execute();
  await db.deleteFrom('prices').execute();
  await db.deleteFrom('products').execute();
  await db.deleteFrom('plans').execute();
}
