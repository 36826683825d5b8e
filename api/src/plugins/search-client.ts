import { Client, SniffingTransport, type TransportOptions } from '@elastic/elasticsearch';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    es: Client;
  }
}

/**
 * The client's transport without its OpenTelemetry spans. The transport wraps every request in a span by
 * default; no tracer is installed in this app, so the spans went nowhere, yet making them cost about a tenth of
 * a millisecond per search (measured with a CPU profile of the API under `npm run bench`). The client takes the
 * switch only through its transport.
 */
class UntracedTransport extends SniffingTransport {
  constructor(options: TransportOptions) {
    super({ ...options, openTelemetry: { ...options.openTelemetry, enabled: false } });
  }
}

/** Elasticsearch client; the app only ever talks to the alias named in config. */
export default fp(
  async (app) => {
    const client = new Client({
      node: app.config.ELASTICSEARCH_URL,
      requestTimeout: 10_000,
      maxRetries: 1,
      Transport: UntracedTransport,
    });
    app.decorate('es', client);
    app.addHook('onClose', async () => client.close());
  },
  { name: 'search-client', dependencies: ['config'] },
);
