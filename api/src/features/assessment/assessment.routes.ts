import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import { paymentStateSchema } from '@mp/api-contract/payments.schema';
import {
  answerBodySchema,
  answerParamsSchema,
  answerResponseSchema,
  assessmentStateSchema,
  purchaseBodySchema,
  questionsResponseSchema,
  submitResponseSchema,
} from '@mp/api-contract/assessment.schema';
import {
  getAssessment,
  getQuestions,
  purchaseAssessment,
  saveAnswer,
  submitAssessment,
} from './assessment.service';

const tags = ['assessment'];
const localeOf = (headers: { 'accept-language'?: string | string[] | undefined }) =>
  resolveLocale(typeof headers['accept-language'] === 'string' ? headers['accept-language'] : undefined);

/** The DISC and driving-forces assessment: purchase, 36 questions, answers one by one, submit, result. */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assessment',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'State: not_purchased, purchased (take it), taken (result within minutes) or completed (with the result); answers so far',
        response: { 200: assessmentStateSchema, ...errorResponses },
      },
    },
    async (request) => getAssessment(app.db, request.user.id, localeOf(request.headers)),
  );

  app.get(
    '/assessment/questions',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "The 36 questions in the request's language",
        response: { 200: questionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => getQuestions(localeOf(request.headers)),
  );

  app.post(
    '/assessment/purchase',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Buy the Basic or Full Coach Package with a saved card. 409 ASSESSMENT_ALREADY_PURCHASED (the already-purchased notice), 402 CARD_DECLINED (data.reason: insufficient_funds, expired_card, incorrect_cvc, processing_error or declined; the message says what to do); requires_action: go to redirectUrl',
        body: purchaseBodySchema,
        response: { 200: paymentStateSchema, ...errorResponses, 402: errorResponses[400] },
      },
    },
    async (request) =>
      purchaseAssessment(app.commerce, request.user, request.body, localeOf(request.headers)),
  );

  app.put(
    '/assessment/answers/:number',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Save one answer, 1-5 (resumable: answers are kept as they are given)',
        params: answerParamsSchema,
        body: answerBodySchema,
        response: { 200: answerResponseSchema, ...errorResponses },
      },
    },
    async (request) => saveAnswer(app.db, request.user.id, request.params.number, request.body.value),
  );

  app.post(
    '/assessment/submit',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Submit all 36 answers (400 ASSESSMENT_INCOMPLETE otherwise); the result reaches the profile within minutes',
        response: { 200: submitResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      submitAssessment(app.db, request.user.id, (orderId) => app.enqueueAssessmentResult(orderId)),
  );
};
