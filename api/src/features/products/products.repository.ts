import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The price in force: the row with the latest valid_from not in the future. */
const currentPrice = (column: 'plan_id' | 'product_id', table: 'plans' | 'products') =>
  sql<{ id: string; amount_ore: number; currency: string; billing_interval: 'month' | 'once' } | null>`(
    SELECT json_build_object('id', pr.id, 'amount_ore', pr.amount_ore, 'currency', pr.currency,
                             'billing_interval', pr.billing_interval)
    FROM prices pr WHERE pr.${sql.ref(column)} = ${sql.ref(`${table}.id`)} AND pr.valid_from <= now()
    ORDER BY pr.valid_from DESC LIMIT 1)`;

export async function findActivePlans(db: Db) {
  return db
    .selectFrom('plans')
    .select(['id', 'code', 'name_sv', 'name_en', 'support_level', 'features', 'sort_order'])
    .select(currentPrice('plan_id', 'plans').as('price'))
    .where('active', '=', true)
    .orderBy('sort_order')
    .execute();
}

export async function findActiveProducts(db: Db) {
  return db
    .selectFrom('products')
    .select(['id', 'code', 'name_sv', 'name_en', 'kind'])
    .select(currentPrice('product_id', 'products').as('price'))
    .where('active', '=', true)
    .orderBy('code')
    .execute();
}

export async function findPlanWithPrice(db: Db, code: string) {
  return db
    .selectFrom('plans')
    .select(['id', 'code', 'name_sv', 'name_en'])
    .select(currentPrice('plan_id', 'plans').as('price'))
    .where('code', '=', code as Database['plans']['code'])
    .where('active', '=', true)
    .executeTakeFirst();
}

export async function findProductWithPrice(db: Db, code: string) {
  return db
    .selectFrom('products')
    .select(['id', 'code', 'name_sv', 'name_en'])
    .select(currentPrice('product_id', 'products').as('price'))
    .where('code', '=', code)
    .where('active', '=', true)
    .executeTakeFirst();
}
