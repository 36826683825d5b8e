import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  adminPricingSchema,
  planParamsSchema,
  pricingInputSchema,
  productParamsSchema,
} from '@mp/api-contract/admin-pricing.schema';
import { getPricing, updatePricing } from './admin-pricing.service';

const tags = ['admin'];
const response = { 200: adminPricingSchema, ...errorResponses };

/** god/pricing: the plans and products of GET /products, names in both languages and prices; audited. */
export const adminPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pricing',
    {
      schema: {
        tags,
        summary: 'Active plans and products with both names and the price in force',
        response,
      },
    },
    async () => getPricing(app.db),
  );

  app.put(
    '/pricing/plans/:code',
    {
      schema: {
        tags,
        summary:
          "A plan's names (sv, en) and price: a changed amount is a new price from now on; subscriptions keep " +
          'the price they were sold at. Audited. 400 VALIDATION_FAILED at amountOre for 0 on a paid plan ' +
          '(every plan but the free one). 404 PRICING_NOT_FOUND',
        params: planParamsSchema,
        body: pricingInputSchema,
        response,
      },
    },
    async (request) =>
      updatePricing(
        app.db,
        {
          userId: request.user.id,
          ip: request.ip,
          locale: resolveLocale(request.headers['accept-language']),
        },
        { table: 'plans', code: request.params.code },
        request.body,
      ),
  );

  app.put(
    '/pricing/products/:code',
    {
      schema: {
        tags,
        summary:
          "A product's names (sv, en) and price, as for plans (every product is paid: 0 is refused). Audited. " +
          '404 PRICING_NOT_FOUND',
        params: productParamsSchema,
        body: pricingInputSchema,
        response,
      },
    },
    async (request) =>
      updatePricing(
        app.db,
        {
          userId: request.user.id,
          ip: request.ip,
          locale: resolveLocale(request.headers['accept-language']),
        },
        { table: 'products', code: request.params.code },
        request.body,
      ),
  );
};
