import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireAdmin, requireVerifiedUser } from '../../plugins/auth';
import {
  addCardBodySchema,
  cardFormQuerySchema,
  cardFormResponseSchema,
  cardListSchema,
  intentParamsSchema,
  paymentDetailsBodySchema,
  paymentDetailsResponseSchema,
  paymentParamsSchema,
  paymentRefundedSchema,
  paymentStateSchema,
  paymentWebhookReceivedSchema,
  cardParamsSchema,
  receiptListSchema,
} from '@mp/api-contract/payments.schema';
import {
  addCard,
  buildCardFormUrl,
  getPaymentDetails,
  handleWebhook,
  listCards,
  listReceipts,
  refundPayment,
  removeCard,
  savePaymentDetails,
  syncPaymentIntent,
} from './payments.service';
import { getReceipt, receiptPdfFileName, renderReceiptPdf } from './receipt-document';
import { cardChargeMessage, retryPastDueWithDefaultCard } from '../subscriptions/subscriptions.service';

const tags = ['payments'];
const payErrors = { ...errorResponses, 402: errorResponses[400] };

/** Cards, payment details, receipts, refunds and the provider's webhook (spec section 7: POST payment/cards, POST store/ipu). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment/card-form',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "The provider's hosted card form to send the browser to; it returns to returnPath with payment_method=<token>",
        querystring: cardFormQuerySchema,
        response: { 200: cardFormResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ url: buildCardFormUrl(app.commerce, request.query.returnPath) }),
  );

  app.get(
    '/payment/cards',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "The user's saved cards (brand, expiry, last four)",
        response: { 200: cardListSchema, ...errorResponses },
      },
    },
    async (request) => listCards(app.db, request.user.id),
  );

  app.post(
    '/payment/cards',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "Add a card by the provider's token (from its hosted form). Stores only token, brand, expiry and last four; the new card becomes the default. A subscription whose renewal failed (past_due) is charged to it at once: `charge` tells the outcome (paid, declined with its reason, or requires_action: confirm with POST /subscriptions/pay) and the next automatic try, and `message` says it in the request's language. 400 CARD_NOT_FOUND for an unknown token",
        body: addCardBodySchema,
        response: { 200: cardListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locale = resolveLocale(request.headers['accept-language']);
      const cards = await addCard(app.commerce, request.user.id, request.body.token, locale);
      // The card the failed-renewal mail asked for: tried now, not at the next automatic try (QA12 F1/F2); the
      // answer says whether it paid, and if not why and what comes next (QA13 F2).
      const charge = await retryPastDueWithDefaultCard(app.commerce, request.user.id);
      return charge ? { ...cards, charge, message: cardChargeMessage('saved', charge, locale) } : cards;
    },
  );

  app.delete(
    '/payment/cards/:id',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Remove a saved card. Removing the default card makes the card added last of the others the default (a subscription whose renewal failed is then charged to it at once; `charge` and `message` tell the outcome, as for POST /payment/cards); the only card left cannot be removed while a subscription renews (409 CARD_IN_USE: add another card first, or cancel). 400 CARD_NOT_FOUND for an unknown card',
        params: cardParamsSchema,
        response: { 200: cardListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locale = resolveLocale(request.headers['accept-language']);
      const cards = await removeCard(app.commerce, request.user.id, request.params.id, locale);
      // The next card, now the default, is charged the period due at once: the answer says how that went (QA13 F3).
      const charge = await retryPastDueWithDefaultCard(app.commerce, request.user.id);
      return charge ? { ...cards, charge, message: cardChargeMessage('removed', charge, locale) } : cards;
    },
  );

  app.get(
    '/store/ipu',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'The payment details (personal number masked)',
        response: { 200: paymentDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request) => getPaymentDetails(app.commerce, request.user.id),
  );

  app.post(
    '/store/ipu',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Save the payment details: billing name, address (street, postal code NNN NN, city) and exactly one of organisation number and personal identity number',
        body: paymentDetailsBodySchema,
        response: { 200: paymentDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      savePaymentDetails(
        app.commerce,
        request.user.id,
        request.body,
        resolveLocale(request.headers['accept-language']),
      ),
  );

  app.post(
    '/payment/intents/:intentId/sync',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Back from the 3-D Secure challenge: reads the payment from the provider and applies it',
        params: intentParamsSchema,
        response: { 200: paymentStateSchema, ...payErrors },
      },
    },
    async (request) => syncPaymentIntent(app.commerce, request.user.id, request.params.intentId),
  );

  app.get(
    '/payment/receipts',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Paid and refunded payments with receipt numbers (billing)',
        response: { 200: receiptListSchema, ...errorResponses },
      },
    },
    async (request) =>
      listReceipts(app.db, request.user.id, resolveLocale(request.headers['accept-language'])),
  );

  app.get(
    '/payment/receipts/:id/pdf',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "One of the caller's receipts as a PDF in the request's language: seller, buyer, item, VAT and total",
        produces: ['application/pdf'],
        params: paymentParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locale = resolveLocale(request.headers['accept-language']);
      const receipt = await getReceipt(app.db, request.user.id, request.params.id, locale);
      const pdf = await renderReceiptPdf(receipt, locale);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${receiptPdfFileName(receipt.receiptNumber, locale)}"`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );

  app.post(
    '/payments/:id/refund',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admins: refund a paid payment at the provider; a subscription payment ends premium at once',
        params: paymentParamsSchema,
        response: {
          200: paymentRefundedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => refundPayment(app.commerce, request.params.id),
  );

  // The webhook needs the raw body for its signature: a JSON parser for this route only, in its own context.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    webhook.post(
      '/payment/webhook',
      {
        schema: {
          tags,
          summary:
            "The card provider's webhook: `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256>`; forged, stale and replayed events change nothing",
          response: {
            200: paymentWebhookReceivedSchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return handleWebhook(
          app.commerce,
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });
};
