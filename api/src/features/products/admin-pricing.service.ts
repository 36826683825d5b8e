import { isPaidPricing, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import { AppError, validationError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import type { AdminPricing, PricingInput } from '@mp/api-contract/admin-pricing.schema';
import { findActivePlans, findActiveProducts } from './products.repository';

const toPrice = (p: { amount_ore: number; currency: string; billing_interval: 'month' | 'once' } | null) =>
  p ? { amountOre: Number(p.amount_ore), currency: p.currency, interval: p.billing_interval } : null;

/** Every active plan and product with both names and the price in force (what GET /products shows). */
export async function getPricing(db: Kysely<Database>): Promise<AdminPricing> {
  const [plans, products] = await Promise.all([findActivePlans(db), findActiveProducts(db)]);
  return {
    plans: plans.map((p) => ({
      code: p.code,
      nameSv: p.name_sv,
      nameEn: p.name_en,
      supportLevel: p.support_level,
      features: p.features,
      price: toPrice(p.price),
    })),
    products: products.map((p) => ({
      code: p.code,
      nameSv: p.name_sv,
      nameEn: p.name_en,
      kind: p.kind,
      price: toPrice(p.price),
    })),
  };
}

interface Actor {
  userId: string;
  ip?: string;
  locale: Locale;
}

/**
 * New names and, when `amountOre` differs from the price in force, a new price from now on (same currency
 * and interval; a plan without a price gets a monthly one). Audited with the before and after. A paid plan or
 * product (every one but the free plan) is never priced at 0 kr: 400 VALIDATION_FAILED at `amountOre`.
 */
export async function updatePricing(
  db: Kysely<Database>,
  actor: Actor,
  target: { table: 'plans' | 'products'; code: string },
  input: PricingInput,
): Promise<AdminPricing> {
  if (input.amountOre !== undefined && input.amountOre <= 0 && isPaidPricing(target.table, target.code)) {
    throw validationError([{ path: 'amountOre', message: 'validation.priceNotPositive' }], actor.locale);
  }
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom(target.table)
      .select(['id', 'name_sv', 'name_en'])
      .where('code', '=', target.code as never)
      .where('active', '=', true)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('PRICING_NOT_FOUND');
    const column = target.table === 'plans' ? 'plan_id' : 'product_id';
    const current = await trx
      .selectFrom('prices')
      .select(['amount_ore', 'currency', 'billing_interval', 'unit'])
      .where(column, '=', row.id)
      .where('valid_from', '<=', sql<Date>`clock_timestamp()`)
      .orderBy('valid_from', 'desc')
      .limit(1)
      .executeTakeFirst();
    await trx
      .updateTable(target.table)
      .set({ name_sv: input.nameSv, name_en: input.nameEn })
      .where('id', '=', row.id)
      .execute();
    const priceChanged = input.amountOre !== undefined && input.amountOre !== Number(current?.amount_ore);
    if (priceChanged) {
      await trx
        .insertInto('prices')
        .values({
          [column]: row.id,
          amount_ore: input.amountOre!,
          currency: current?.currency ?? 'SEK',
          billing_interval: current?.billing_interval ?? (target.table === 'plans' ? 'month' : 'once'),
          unit: current?.unit ?? 'account',
          valid_from: sql<Date>`clock_timestamp()`,
        })
        .execute();
    }
    await recordAuditEvent(trx, {
      actorUserId: actor.userId,
      action: `admin.pricing.${target.table === 'plans' ? 'plan' : 'product'}`,
      subjectType: target.table === 'plans' ? 'plan' : 'product',
      subjectId: target.code,
      data: {
        names: { from: [row.name_sv, row.name_en], to: [input.nameSv, input.nameEn] },
        ...(priceChanged
          ? { amountOre: { from: current ? Number(current.amount_ore) : null, to: input.amountOre! } }
          : {}),
      },
      ip: actor.ip ?? null,
    });
  });
  return getPricing(db);
}
