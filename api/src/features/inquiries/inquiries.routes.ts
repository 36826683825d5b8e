import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { getOptionalUser, optionalUser } from '../../plugins/auth';
import { inquiryBodySchema, inquiryResponseSchema } from '@mp/api-contract/inquiries.schema';
import { submitInquiry } from './inquiries.service';

/** The contact form (spec section 7: POST search/inquiry); open to visitors, linked to the account when logged in. */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search/inquiry',
    {
      preHandler: optionalUser,
      schema: {
        tags: ['search'],
        summary:
          'Send the "let us help" contact form (details, name, e-mail required; phone optional; terms ticked). ' +
          'Stored and mailed to the operators; answers with a success message in the request language. An `id` ' +
          'must name a consultant with a visible profile (404 PROFILE_NOT_AVAILABLE otherwise)',
        body: inquiryBodySchema,
        response: { 200: inquiryResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      submitInquiry({ db: app.db, config: app.config, deliverMails: app.deliverMails }, request.body, {
        userId: getOptionalUser(request)?.id ?? null,
        locale: resolveLocale(request.headers['accept-language']),
      }),
  );
};
