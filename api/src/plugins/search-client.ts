import { Client } from '@elastic/elasticsearch';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    es: Client;
  }
}

/** Elasticsearch client; the app only ever talks to the alias named in config. */
export default fp(
  async (app) => {
    const client = new Client({ node: app.config.ELASTICSEARCH_URL, requestTimeout: 10_000, maxRetries: 1 });
    app.decorate('es', client);
    app.addHook('onClose', async () => client.close());
  },
  { name: 'search-client', dependencies: ['config'] },
);
