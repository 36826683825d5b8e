import fp from 'fastify-plugin';
import { createCardProviderClient, type CardProviderClient } from './card-provider.client';
import type { CommerceDeps } from './commerce-deps';

declare module 'fastify' {
  interface FastifyInstance {
    cardProvider: CardProviderClient;
    /** The payment, subscription and assessment services' dependencies. */
    commerce: CommerceDeps;
  }
}

/** The card-payment provider's client, pointed by config at the local simulator (default) or the provider. */
export default fp(
  async (app) => {
    const cardProvider = createCardProviderClient({
      baseUrl: app.config.CARD_PROVIDER_URL,
      secretKey: app.config.CARD_PROVIDER_SECRET_KEY,
      timeoutMs: app.config.CARD_PROVIDER_TIMEOUT_MS,
    });
    app.decorate('cardProvider', cardProvider);
    app.decorate('commerce', {
      db: app.db,
      cardProvider,
      mailer: app.mailer,
      deliverMails: app.deliverMails,
      config: app.config,
      log: app.log,
    });
  },
  { name: 'payments', dependencies: ['config', 'db', 'mailer', 'mail-outbox'] },
);
