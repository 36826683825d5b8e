import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { productsResponseSchema } from '@mp/api-contract/products.schema';
import { listProducts } from './products.service';

/** Spec section 7: GET /products. Public: the pricing and DISC pages show it to visitors. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary:
          "Plans (Standard, Premium, Premium plus, Custom) and products with current prices, in the request's language",
        response: { 200: productsResponseSchema, ...errorResponses },
      },
    },
    async (request) => listProducts(app.db, resolveLocale(request.headers['accept-language'])),
  );
};
