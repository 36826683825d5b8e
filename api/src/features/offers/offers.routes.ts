import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import { offerListSchema } from '@mp/api-contract/offers.schema';
import { listCurrentOffers } from './offers.service';

/** The consultant offers page (spec section 2): partner deals for logged-in users. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers',
    {
      preHandler: requireUser,
      schema: {
        tags: ['offers'],
        summary: "Partner deals shown today (active, within their validity), in the request's language",
        response: { 200: offerListSchema, ...errorResponses },
      },
    },
    async (request) => listCurrentOffers(app.db, resolveLocale(request.headers['accept-language'])),
  );
};
