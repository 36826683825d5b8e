import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  bankIdCancelledSchema,
  bankIdQrParamsSchema,
  bankIdQrSchema,
  cancelBankIdBodySchema,
} from '@mp/api-contract/bankid.schema';
import { cancelBankIdOrder, getBankIdQrData } from './bankid.service';

/** BankID helpers under /api: cancel an order, and the animated QR code's current content. */
export const bankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bankid/cancel',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Cancel a pending BankID order (login or confirmation); unknown or finished orders are ignored',
        body: cancelBankIdBodySchema,
        response: { 200: bankIdCancelledSchema, ...errorResponses },
      },
    },
    async (request) => cancelBankIdOrder(app, request.body.orderRef),
  );

  app.get(
    '/bankid/qr/:orderRef',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Current content of the animated QR code (bankid.<qrStartToken>.<seconds>.<hmac>); fetch it every second ' +
          'and render it as a QR code. The QR secret never leaves the server.',
        params: bankIdQrParamsSchema,
        response: { 200: bankIdQrSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Each second's content is different; no cache may hand out an old one.
      reply.header('cache-control', 'no-store');
      return getBankIdQrData(app, request.params.orderRef);
    },
  );
};
