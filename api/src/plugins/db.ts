import type { Database } from '@mp/migrations/database';
import { createDatabase } from '@mp/migrations/db';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** One kysely instance over a pg pool for the app's lifetime. */
export default fp(
  async (app) => {
    const db = createDatabase(app.config.DATABASE_URL, { maxConnections: app.config.DATABASE_POOL_MAX });
    app.decorate('db', db);
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db', dependencies: ['config'] },
);
