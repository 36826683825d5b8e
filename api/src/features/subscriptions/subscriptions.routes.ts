import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import { paymentStateSchema } from '@mp/api-contract/payments.schema';
import {
  changePlanBodySchema,
  subscribeBodySchema,
  subscriptionResponseSchema,
} from '@mp/api-contract/subscriptions.schema';
import {
  cancelSubscription,
  changePlan,
  getSubscription,
  payNow,
  resumeSubscription,
  subscribe,
} from './subscriptions.service';

const tags = ['subscriptions'];
const locale = (request: { headers: Record<string, unknown> }) =>
  resolveLocale(request.headers['accept-language'] as string | undefined);

/** Premium subscriptions: unlock (subscribe) and manage (see, change plan, cancel at period end, resume). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions/current',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'The running subscription, or null on the free Standard plan',
        response: { 200: subscriptionResponseSchema, ...errorResponses },
      },
    },
    async (request) => getSubscription(app.db, request.user.id, locale(request)),
  );

  app.post(
    '/subscriptions',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Subscribe to Premium or Premium plus, paying the first month with a saved card (payment details required). status requires_action: send the browser to redirectUrl (3-D Secure). 402 CARD_DECLINED (data.reason: insufficient_funds, expired_card, incorrect_cvc, processing_error or declined; the message says what to do), 409 SUBSCRIPTION_EXISTS, 409 PREMIUM_GRANTED (premium given by an admin, no subscription)',
        body: subscribeBodySchema,
        response: { 200: paymentStateSchema, ...errorResponses, 402: errorResponses[400] },
      },
    },
    async (request) => subscribe(app.commerce, request.user, request.body, locale(request)),
  );

  app.post(
    '/subscriptions/pay',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Pay now, with the default card, the period a declined renewal left unpaid (past_due), instead of waiting for the next automatic try; a success makes the subscription active for that period. status requires_action: send the browser to redirectUrl (3-D Secure). 402 CARD_DECLINED, 400 PAYMENT_METHOD_REQUIRED, 404 NO_SUBSCRIPTION, 409 NOTHING_TO_PAY (nothing is due)',
        response: { 200: paymentStateSchema, ...errorResponses, 402: errorResponses[400] },
      },
    },
    async (request) => payNow(app.commerce, request.user.id, locale(request)),
  );

  app.post(
    '/subscriptions/change',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Change plan (Premium or Premium plus) from the next renewal, which charges its price; the current plan takes back a change. 404 NO_SUBSCRIPTION, 409 SUBSCRIPTION_CANCELLED, 400 PLAN_NOT_PURCHASABLE',
        body: changePlanBodySchema,
        response: { 200: subscriptionResponseSchema, ...errorResponses },
      },
    },
    async (request) => changePlan(app.commerce, request.user.id, request.body, locale(request)),
  );

  const changes = [
    {
      url: '/subscriptions/cancel',
      summary: 'Cancel at the end of the paid period (premium until then)',
      change: cancelSubscription,
    },
    {
      url: '/subscriptions/resume',
      summary: 'Undo a cancellation before the period ends',
      change: resumeSubscription,
    },
  ];
  for (const { url, summary, change } of changes) {
    app.post(
      url,
      {
        preHandler: requireVerifiedUser,
        schema: { tags, summary, response: { 200: subscriptionResponseSchema, ...errorResponses } },
      },
      async (request) => change(app.commerce, request.user.id, locale(request)),
    );
  }
};
