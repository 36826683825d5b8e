import type { Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { findActivePlans, findActiveProducts } from './products.repository';
import type { ProductsResponse } from '@mp/api-contract/products.schema';

/** Data access other features use; the SQL stays in the repository. */
export { findPlanWithPrice, findProductWithPrice } from './products.repository';

// What the product sells (spec sections 2, 3 and 9): the plans Standard (free), Premium, Premium plus and Custom
// with their support levels, and one-off products such as the assessment packages, at the prices god/pricing has
// in force (the spec's, 199 SEK a month for Premium among them, until an admin changes one).

const toPrice = (p: { amount_ore: number; currency: string; billing_interval: 'month' | 'once' } | null) =>
  p ? { amountOre: Number(p.amount_ore), currency: p.currency, interval: p.billing_interval } : null;

/** GET /products: plans and products with their current prices, names in the request's language. */
export async function listProducts(db: Kysely<Database>, locale: Locale): Promise<ProductsResponse> {
  const [plans, products] = await Promise.all([findActivePlans(db), findActiveProducts(db)]);
  return {
    plans: plans.map((p) => ({
      code: p.code,
      name: locale === 'sv' ? p.name_sv : p.name_en,
      supportLevel: p.support_level,
      features: p.features,
      price: toPrice(p.price),
    })),
    products: products.map((p) => ({
      code: p.code,
      name: locale === 'sv' ? p.name_sv : p.name_en,
      kind: p.kind,
      price: toPrice(p.price),
    })),
  };
}
