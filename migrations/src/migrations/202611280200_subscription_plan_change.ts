/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql, type Kysely } from 'kysely';

// A subscriber's change of plan (Premium <-> Premium plus) takes effect at the next renewal: the plan and price
// the renewal switches to are kept on the subscription until then (docs/decisions.md, "A change of plan"). A
// subscription payment records the plan it paid for, since the subscription's plan can change after it: receipts
// name what was bought then. Payments made so far paid for their subscription's plan (no plan could change yet).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('scheduled_plan_id', 'uuid', (c) => c.references('plans.id'))
    .addColumn('scheduled_price_id', 'uuid', (c) => c.references('prices.id'))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addCheckConstraint(
      'subscriptions_scheduled_plan_check',
      // A scheduled plan always comes with the price the renewal charges for it.
      sql`(scheduled_plan_id IS NULL) = (scheduled_price_id IS NULL)`,
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('plan_id', 'uuid', (c) => c.references('plans.id'))
    .execute();
  await sql`UPDATE payments p SET plan_id = s.plan_id FROM subscriptions s WHERE s.id = p.subscription_id`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('plan_id').execute();
  await db.schema.alterTable('subscriptions').dropConstraint('subscriptions_scheduled_plan_check').execute();
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('scheduled_plan_id')
    .dropColumn('scheduled_price_id')
    .execute();
}
