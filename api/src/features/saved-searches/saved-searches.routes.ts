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
  savedSearchUnsubscribedSchema,
  unsubscribeQuerySchema,
} from '@mp/api-contract/saved-searches.schema';
import {
  createSavedSearch,
  deleteSavedSearch,
  editSavedSearch,
  listSavedSearches,
  unsubscribeSavedSearch,
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

  // The weekly mail's unsubscribe: the web page posts JSON; a mail client's RFC 8058 one-click posts the form
  // `List-Unsubscribe=One-Click`, whose body says nothing the route needs (the token is in the address). Its
  // own context, so only this route takes form bodies.
  const unsubscribeRoutes: FastifyPluginAsyncZod = async (unsubscribe) => {
    unsubscribe.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    unsubscribe.post(
      '/search/save/unsubscribe',
      {
        schema: {
          tags,
          summary:
            "No login: turns off the weekly e-mail of the saved search whose mail carried `token` (the mail's link and its RFC 8058 `List-Unsubscribe` one-click post); 400 INVALID_TOKEN for an unknown token",
          querystring: unsubscribeQuerySchema,
          response: { 200: savedSearchUnsubscribedSchema, ...errorResponses },
        },
      },
      async (request) => unsubscribeSavedSearch(app.db, request.query.token),
    );
  };
  await app.register(unsubscribeRoutes);

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
