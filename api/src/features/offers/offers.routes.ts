import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { errorResponses } from '@mp/api-contract/error.schema';
import { webpImageSchema } from '@mp/api-contract/file.schema';
import { requireUser } from '../../plugins/auth';
import { offerListSchema, offerLogoParamsSchema } from '@mp/api-contract/offers.schema';
import { readOfferLogo } from './offer-logos';
import { listCurrentOffers } from './offers.service';

/** The consultant offers page (spec section 2): partner deals for logged-in users, and their logos. */
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
    async (request) =>
      listCurrentOffers(
        { db: app.db, apiBaseUrl: app.config.API_BASE_URL },
        resolveLocale(request.headers['accept-language']),
      ),
  );
  app.get(
    '/offer-logos/:key',
    {
      schema: {
        tags: ['offers'],
        summary:
          'A partner logo an admin uploaded (image/webp), served from our origin. Keys are never reused, so it ' +
          'is cacheable for a year. 404 OFFER_LOGO_NOT_FOUND',
        params: offerLogoParamsSchema,
        produces: ['image/webp'],
        response: { 200: webpImageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const bytes = await readOfferLogo(app.db, request.params.key);
      if (!bytes) throw new AppError('OFFER_LOGO_NOT_FOUND');
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );
};
