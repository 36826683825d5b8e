import multipart from '@fastify/multipart';
import { PROFILE_PICTURE_MAX_BYTES, resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  adminOfferListSchema,
  offerInputSchema,
  offerLogoUploadSchema,
  offerParamsSchema,
} from '@mp/api-contract/offers.schema';
import { readUploadedFile } from '../pictures/pictures.routes';
import { changeOffer, createOffer, listAllOffers, removeOffer, uploadOfferLogo } from './offers.service';

const tags = ['admin'];
const listResponse = { 200: adminOfferListSchema, ...errorResponses };
const idParams = offerParamsSchema;
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);

/** Offers managed by admins; each write answers the whole list. */
export const adminOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the logo upload takes a multipart body (same limits as a profile picture).
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  const deps = () => ({ db: app.db, apiBaseUrl: app.config.API_BASE_URL });

  app.get(
    '/offers',
    { schema: { tags, summary: 'Every offer in both languages', response: listResponse } },
    async () => listAllOffers(app.db),
  );
  app.post(
    '/offers/logo',
    {
      schema: {
        tags,
        summary:
          'Upload a partner logo: multipart/form-data with one file part. At most 10 MB (413 FILE_TOO_LARGE); ' +
          'JPEG, PNG or WebP judged by the content (400 UNSUPPORTED_IMAGE_TYPE). Stored as WebP fitted inside ' +
          '480x160 and served from our own origin (the CSP allows no other image host); answers the logoUrl ' +
          'to save with the offer',
        consumes: ['multipart/form-data'],
        response: { 200: offerLogoUploadSchema, 413: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => uploadOfferLogo(deps(), await readUploadedFile(request)),
  );
  app.post(
    '/offers',
    {
      schema: {
        tags,
        summary:
          'Add an offer. Its logoUrl must be one POST /admin/offers/logo answered (400 VALIDATION_FAILED)',
        body: offerInputSchema,
        response: listResponse,
      },
    },
    async (request) => createOffer(deps(), request.user.id, request.body, localeOf(request)),
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
    async (request) =>
      changeOffer(deps(), request.user.id, request.params.id, request.body, localeOf(request)),
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
