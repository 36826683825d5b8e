import fp from 'fastify-plugin';
import { createSigningClient, type SigningClient } from './signing.client';

declare module 'fastify' {
  interface FastifyInstance {
    signing: SigningClient;
  }
}

/** The digital-mailbox signing client, pointed by config at the local simulator (default) or the provider. */
export default fp(
  async (app) => {
    app.decorate(
      'signing',
      createSigningClient({
        baseUrl: app.config.SIGNING_API_URL,
        apiKey: app.config.SIGNING_API_KEY,
        timeoutMs: app.config.SIGNING_TIMEOUT_MS,
      }),
    );
  },
  { name: 'signing', dependencies: ['config'] },
);
