import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { adminOfferListSchema, offerInputSchema, offerParamsSchema } from '@mp/api-contract/offers.schema';
import { changeOffer, createOffer, listAllOffers, removeOffer } from './offers.service';

const tags = ['admin'];
const listResponse = { 200: adminOfferListSchema, ...errorResponses };
const idParams = offerParamsSchema;

/** Offers managed by admins; each write answers the whole list. */
export const adminOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers',
    { schema: { tags, summary: 'Every offer in both languages', response: listResponse } },
    async () => listAllOffers(app.db),
  );
  app.post(
    '/offers',
    { schema: { tags, summary: 'Add an offer', body: offerInputSchema, response: listResponse } },
    async (request) => createOffer(app.db, request.user.id, request.body),
  );
  app.put(
    '/offers/:id',
    {
      schema: {
        tags,
        summary: 'Change an offer. 404 OFFER_NOT_FOUND',
        params: idParams,
        body: offerInputSchema,
        response: listResponse,
      },
    },
    async (request) => changeOffer(app.db, request.user.id, request.params.id, request.body),
  );
  app.delete(
    '/offers/:id',
    {
      schema: {
        tags,
        summary: 'Delete an offer. 404 OFFER_NOT_FOUND',
        params: idParams,
        response: listResponse,
      },
    },
    async (request) => removeOffer(app.db, request.user.id, request.params.id),
  );
};
