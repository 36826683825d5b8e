import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  createTermsDraftBodySchema,
  termsTextsSchema,
  termsVersionListSchema,
  termsVersionParamsSchema,
  termsVersionSchema,
  termsVersionsQuerySchema,
} from '@mp/api-contract/terms.schema';
import {
  createTermsDraft,
  discardTermsDraft,
  editTermsDraft,
  listTermsVersions,
  publishTermsVersion,
} from './admin-terms.service';

const tags = ['admin'];
const versionResponse = { 200: termsVersionSchema, ...errorResponses };

/** god/terms: versions of the terms of use, privacy policy and cookie policy; draft, edit, publish. */
export const adminTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms',
    {
      schema: {
        tags,
        summary: 'Every terms version (drafts and published), newest first per kind, with acceptance counts',
        querystring: termsVersionsQuerySchema,
        response: { 200: termsVersionListSchema, ...errorResponses },
      },
    },
    async (request) => listTermsVersions(app.db, request.query.kind),
  );

  app.post(
    '/terms',
    {
      schema: {
        tags,
        summary: 'A new draft version of a kind, numbered after the latest. 409 TERMS_DRAFT_EXISTS',
        body: createTermsDraftBodySchema,
        response: versionResponse,
      },
    },
    async (request) => createTermsDraft(app.db, request.user.id, request.body),
  );

  app.put(
    '/terms/:id',
    {
      schema: {
        tags,
        summary: "Change a draft's texts. 409 TERMS_VERSION_PUBLISHED once published",
        params: termsVersionParamsSchema,
        body: termsTextsSchema,
        response: versionResponse,
      },
    },
    async (request) => editTermsDraft(app.db, request.params.id, request.body),
  );

  app.delete(
    '/terms/:id',
    {
      schema: {
        tags,
        summary:
          'Discard a draft (answers with it as it was). 404 TERMS_VERSION_NOT_FOUND, 409 TERMS_VERSION_PUBLISHED ' +
          '(a published version is never deleted)',
        params: termsVersionParamsSchema,
        response: versionResponse,
      },
    },
    async (request) => discardTermsDraft(app.db, request.user.id, request.params.id),
  );

  app.post(
    '/terms/:id/publish',
    {
      schema: {
        tags,
        summary:
          'Publish a draft now, effective in 30 days. Users who have not accepted it get the updated-terms ' +
          'dialog on their next navigation',
        params: termsVersionParamsSchema,
        response: versionResponse,
      },
    },
    async (request) => publishTermsVersion(app.db, request.user.id, request.params.id),
  );
};
