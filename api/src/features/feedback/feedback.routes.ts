import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import { feedbackBodySchema, feedbackReceivedSchema } from '@mp/api-contract/feedback.schema';
import { submitFeedback } from './feedback.service';

/** The feedback function (spec section 1): any logged-in user, from any app page. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback',
    {
      preHandler: requireUser,
      schema: {
        tags: ['feedback'],
        summary:
          'Send feedback (message required, not only spaces, at most 5000 characters; page optional). Stored ' +
          'for the admins and acknowledged by e-mail; answers with a message in the request language',
        body: feedbackBodySchema,
        response: {
          200: feedbackReceivedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) =>
      submitFeedback(
        { db: app.db, mailer: app.mailer, deliverMails: app.deliverMails, log: request.log },
        { userId: request.user.id, locale: resolveLocale(request.headers['accept-language']) },
        request.body,
      ),
  );
};
