import { PRICE_MAX_SEK } from '@mp/domain';
import { z } from 'zod';
import { priceSchema } from './products.schema';

// god/pricing: the plans of the subscription feature and the one-off products, with names in both languages
// and the price in force. A new price is a new `prices` row (subscriptions keep the price they were sold at).

/** The highest price an admin can set, in öre. */
export const PRICE_MAX_ORE = PRICE_MAX_SEK * 100;

const name = z.string().trim().min(1, 'validation.required').max(80, 'validation.maxLength');

export const pricingInputSchema = z.object({
  nameSv: name,
  nameEn: name,
  /** The new price in öre; left out (or unchanged) keeps the price in force. */
  amountOre: z
    .number()
    .int('validation.atMostTwoDecimals')
    .min(0, 'validation.notNegative')
    .max(PRICE_MAX_ORE, 'validation.priceTooHigh')
    .optional(),
});
export type PricingInput = z.infer<typeof pricingInputSchema>;

export const adminPlanSchema = z.object({
  code: z.enum(['standard', 'premium', 'premium_plus', 'custom']),
  nameSv: z.string(),
  nameEn: z.string(),
  supportLevel: z.enum(['mail', 'telephone', 'key_account_manager']),
  features: z.array(z.string()),
  price: priceSchema.nullable(),
});

export const adminProductSchema = z.object({
  code: z.string(),
  nameSv: z.string(),
  nameEn: z.string(),
  kind: z.enum(['subscription', 'assessment', 'hire_fee', 'service']),
  price: priceSchema.nullable(),
});

export const adminPricingSchema = z.object({
  plans: z.array(adminPlanSchema),
  products: z.array(adminProductSchema),
});
export type AdminPricing = z.infer<typeof adminPricingSchema>;

export const planParamsSchema = z.object({ code: adminPlanSchema.shape.code });
export const productParamsSchema = z.object({ code: z.string().min(1).max(80) });
