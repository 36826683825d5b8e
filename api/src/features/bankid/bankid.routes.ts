import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { cancelBankIdOrder, getBankIdQrData } from './bankid.service';

const orderRefSchema = z.string().min(1).max(100);

/** BankID helpers under /api: cancel an order, and the animated QR code's current content. */
export const bankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bankid/cancel',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Cancel a pending BankID order (login or confirmation); unknown or finished orders are ignored',
        body: z.object({ orderRef: orderRefSchema }),
        response: { 200: z.object({ cancelled: z.boolean() }), ...errorResponses },
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
        params: z.object({ orderRef: orderRefSchema }),
        response: { 200: z.object({ qrData: z.string(), seconds: z.number().int() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      // Each second's content is different; no cache may hand out an old one.
      reply.header('cache-control', 'no-store');
      return getBankIdQrData(app, request.params.orderRef);
    },
  );
};
