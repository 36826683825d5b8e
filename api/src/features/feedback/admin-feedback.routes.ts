import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  adminFeedbackQuerySchema,
  feedbackHandledSchema,
  feedbackPageSchema,
  feedbackParamsSchema,
  feedbackUpdateSchema,
} from '@mp/api-contract/feedback.schema';
import { handleFeedback, listFeedback } from './feedback.service';

const tags = ['admin'];

/** god/feedback: the inbox. */
export const adminFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feedback',
    {
      schema: {
        tags,
        summary: 'Feedback, newest first, optionally by status (new, in_progress, answered, closed)',
        querystring: adminFeedbackQuerySchema,
        response: {
          200: feedbackPageSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => listFeedback(app.db, request.query),
  );

  app.put(
    '/feedback/:id',
    {
      schema: {
        tags,
        summary:
          "Set a feedback item's status, or answer it: the answer is mailed to the sender in their language " +
          "and the status becomes 'answered' (not mailed when the sender has deleted the account: `answerMail` " +
          'says whether it was sent). 404 FEEDBACK_NOT_FOUND',
        params: feedbackParamsSchema,
        body: feedbackUpdateSchema,
        response: { 200: feedbackHandledSchema, ...errorResponses },
      },
    },
    async (request) =>
      handleFeedback(
        { db: app.db, mailer: app.mailer, deliverMails: app.deliverMails, log: request.log },
        request.user.id,
        request.params.id,
        request.body,
      ),
  );
};
