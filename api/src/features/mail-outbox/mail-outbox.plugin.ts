import fp from 'fastify-plugin';
import type { DeliverMails } from '../../lib/mail-outbox';
import { createMailDelivery } from './mail-delivery';

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
    const delivery = createMailDelivery({
      db: app.db,
      mailer: app.mailer,
      log: {
        warn: (obj: object, msg: string) => app.log.warn(obj, msg),
        error: (obj: object, msg: string) => app.log.error(obj, msg),
      },
    });
    app.decorate('deliverMails', delivery.deliverMails);
    // Closed before the mailer and the database (plugins close in reverse order): sends under way finish.
    app.addHook('onClose', () => delivery.close());
  },
  { name: 'mail-outbox', dependencies: ['config', 'db', 'mailer'] },
);
