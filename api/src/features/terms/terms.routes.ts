import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  currentTermsSchema,
  termsAcceptedSchema,
  termsKindParamsSchema,
} from '@mp/api-contract/terms.schema';
import { acceptCurrentTerms, getCurrentTerms } from './terms.service';

/** Long enough to spare the database on busy public pages, short enough that a publication shows soon. */
const CURRENT_TERMS_MAX_AGE_SECONDS = 300;

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms/application/accept',
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary:
          'Accept the newest published terms of use, privacy policy and cookie policy the user had not accepted. ' +
          '400 TERMS_ALREADY_ACCEPTED when none was waiting. Whether acceptance is due, and for which kinds, is ' +
          '`terms.accepted` and `terms.pending` in GET /api/user.',
        response: {
          200: termsAcceptedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => acceptCurrentTerms(app.db, request.user.id),
  );

  app.get(
    '/terms/:kind/current',
    {
      schema: {
        tags: ['terms'],
        summary:
          'Public and cacheable: the newest published version of the terms of use (users), the privacy policy ' +
          'or the cookie policy, its text in the Accept-Language language, version, publication and effective ' +
          'dates. 404 TERMS_NOT_PUBLISHED when the kind has no published version.',
        params: termsKindParamsSchema,
        response: { 200: currentTermsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const terms = await getCurrentTerms(
        app.db,
        request.params.kind,
        resolveLocale(request.headers['accept-language']),
      );
      void reply
        .header('Cache-Control', `public, max-age=${CURRENT_TERMS_MAX_AGE_SECONDS}`)
        .header('Vary', 'Accept-Language');
      return terms;
    },
  );
};
