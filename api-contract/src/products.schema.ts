import { z } from 'zod';

export const priceSchema = z.object({
  amountOre: z.number().int().describe('Öre (1/100 SEK)'),
  currency: z.string(),
  interval: z.enum(['month', 'once']),
});

export const productsResponseSchema = z.object({
  plans: z.array(
    z.object({
      code: z.enum(['standard', 'premium', 'premium_plus', 'custom']),
      name: z.string(),
      supportLevel: z.enum(['mail', 'telephone', 'key_account_manager']),
      features: z.array(z.string()),
      price: priceSchema.nullable().describe('null: priced by agreement (Custom)'),
    }),
  ),
  products: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      kind: z.enum(['subscription', 'assessment', 'hire_fee', 'service']),
      price: priceSchema.nullable(),
    }),
  ),
});
export type ProductsResponse = z.infer<typeof productsResponseSchema>;
