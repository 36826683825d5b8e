import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import {
  createSavedSearchBodySchema,
  editSavedSearchBodySchema,
  savedSearchListSchema,
  savedSearchListWithMessageSchema,
  savedSearchParamsSchema,
} from '@mp/api-contract/saved-searches.schema';
import {
  createSavedSearch,
  deleteSavedSearch,
  editSavedSearch,
  listSavedSearches,
} from './saved-searches.service';

const tags = ['saved searches'];

/** Saved searches of a logged-in verified user (spec section 7: GET/POST /search/save, POST/DELETE /search/save/{id}). */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/save',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "The user's saved searches",
        response: { 200: savedSearchListSchema, ...errorResponses },
      },
    },
    async (request) => listSavedSearches(app.db, request.user.id),
  );

  app.post(
    '/search/save',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "Save a search (name required, not only spaces, at most 30 characters); sendEmail (weekly e-mail) needs premium (403 PREMIUM_REQUIRED). Returns every saved search and 'Your search was saved'",
        body: createSavedSearchBodySchema,
        response: { 200: savedSearchListWithMessageSchema, ...errorResponses },
      },
    },
    async (request) =>
      createSavedSearch(
        app.db,
        request.user,
        request.body,
        resolveLocale(request.headers['accept-language']),
      ),
  );

  app.post(
    '/search/save/:id',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Edit a saved search: any of name, search and sendEmail (premium only). 404 SAVED_SEARCH_NOT_FOUND for an id that is not the user’s',
        params: savedSearchParamsSchema,
        body: editSavedSearchBodySchema,
        response: { 200: savedSearchListSchema, ...errorResponses },
      },
    },
    async (request) => editSavedSearch(app.db, request.user, request.params.id, request.body),
  );

  app.delete(
    '/search/save/:id',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "Delete a saved search; returns the rest and 'Your search was successfully deleted'",
        params: savedSearchParamsSchema,
        response: { 200: savedSearchListWithMessageSchema, ...errorResponses },
      },
    },
    async (request) =>
      deleteSavedSearch(
        app.db,
        request.user.id,
        request.params.id,
        resolveLocale(request.headers['accept-language']),
      ),
  );
};
