import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { signingWebhookReceivedSchema } from '@mp/api-contract/contracts.schema';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../signing/signing.schema';
import { handleSigningWebhook } from './signing-webhook.service';

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The signing provider's webhook (docs/signing-provider.md). No session: the HMAC signature authenticates it. */
export const signingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes sent, so this route keeps the raw body (only in this plugin's scope).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/signing/webhook',
    {
      schema: {
        tags: ['contracts'],
        summary:
          `Signing provider events (signing_order.signed|declined|expired|cancelled). Headers ` +
          `${WEBHOOK_TIMESTAMP_HEADER} (unix seconds) and ${WEBHOOK_SIGNATURE_HEADER} (v1=hex HMAC-SHA256 of ` +
          '"<timestamp>.<body>"); a bad signature or a timestamp more than 5 minutes off is 400 ' +
          'WEBHOOK_SIGNATURE_INVALID. A replayed event id answers duplicate: true and changes nothing',
        response: {
          200: signingWebhookReceivedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) =>
      handleSigningWebhook(
        {
          db: app.db,
          config: app.config,
          signing: app.signing,
          log: app.log,
          deliverMails: app.deliverMails,
        },
        {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          timestamp: headerValue(request.headers[WEBHOOK_TIMESTAMP_HEADER]),
          signature: headerValue(request.headers[WEBHOOK_SIGNATURE_HEADER]),
        },
      ),
  );
};
