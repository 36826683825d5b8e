import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-schema';
import {
  createTermsDraft,
  editTermsDraft,
  listTermsVersions,
  publishTermsVersion,
} from './admin-terms.service';

const tags = ['admin'];
const kindSchema = z.enum(['users', 'privacy', 'cookies']);
const bodyText = z.string().trim().min(1, 'validation.required').max(100_000, 'validation.invalidInput');
const textsSchema = z.object({ bodySv: bodyText, bodyEn: bodyText });
const idParams = z.object({ id: z.uuid() });

export const termsVersionSchema = z.object({
  id: z.uuid(),
  kind: kindSchema,
  version: z.number().int(),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  effectiveAt: z.string().nullable(),
  bodySv: z.string(),
  bodyEn: z.string(),
  acceptances: z.number().int(),
  updatedAt: z.string(),
});
const versionResponse = { 200: termsVersionSchema, ...errorResponses };

/** god/terms: versions of the terms of use, privacy policy and cookie policy; draft, edit, publish. */
export const adminTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms',
    {
      schema: {
        tags,
        summary: 'Every terms version (drafts and published), newest first per kind, with acceptance counts',
        querystring: z.object({ kind: kindSchema.optional() }),
        response: { 200: z.object({ versions: z.array(termsVersionSchema) }), ...errorResponses },
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
        body: textsSchema.extend({ kind: kindSchema }),
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
        params: idParams,
        body: textsSchema,
        response: versionResponse,
      },
    },
    async (request) => editTermsDraft(app.db, request.params.id, request.body),
  );

  app.post(
    '/terms/:id/publish',
    {
      schema: {
        tags,
        summary:
          'Publish a draft now, effective in 30 days. Users who have not accepted it get the updated-terms ' +
          'dialog on their next navigation',
        params: idParams,
        response: versionResponse,
      },
    },
    async (request) => publishTermsVersion(app.db, request.user.id, request.params.id),
  );
};
