import fp from 'fastify-plugin';
import type { DeliverMails } from '../../lib/mail-outbox';
import { deliverMails } from './mail-delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends committed mail outbox rows in the background: the caller's answer never waits for the mail server.
     * A row this misses (a crash, a mail server down) is sent by the commerce worker's sweep.
     */
    deliverMails: DeliverMails;
  }
}

export default fp(
  async (app) => {
    const inFlight = new Set<Promise<unknown>>();
    const deps = {
      db: app.db,
      mailer: app.mailer,
      log: {
        warn: (obj: object, msg: string) => app.log.warn(obj, msg),
        error: (obj: object, msg: string) => app.log.error(obj, msg),
      },
    };
    app.decorate('deliverMails', (ids: readonly string[]) => {
      if (ids.length === 0) return;
      const delivery = deliverMails(deps, ids)
        .catch((error: unknown) =>
          // The rows stay pending (or claimed until their lease ends): the sweep sends them.
          app.log.warn({ err: (error as Error).name, mailIds: ids }, 'outbox mail delivery interrupted'),
        )
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    });
    // Closed before the mailer and the database (plugins close in reverse order): sends under way finish.
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
    });
  },
  { name: 'mail-outbox', dependencies: ['config', 'db', 'mailer'] },
);
