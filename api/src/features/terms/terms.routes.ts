import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '@mp/api-contract/error.schema';
import { termsAcceptedSchema } from '@mp/api-contract/terms.schema';
import { acceptCurrentTerms } from './terms.service';

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms/application/accept',
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary:
          'Accept the newest published terms of use. 400 TERMS_ALREADY_ACCEPTED when already accepted. Whether ' +
          'acceptance is due is `terms.accepted` in GET /api/user.',
        response: {
          200: termsAcceptedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => acceptCurrentTerms(app.db, request.user.id),
  );
};
