import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@mp/api/config';
import { sweepMailOutbox } from '@mp/api/features/mail-outbox/mail-delivery';
import { buildTestApp } from './build-test-app';
import { eventually } from './eventually';
import { startSilentSmtpServer } from './smtp-stub';

// The mail outbox in tests: its rows by recipient, waiting for the API's delivery after a commit to have tried
// them, and the commerce worker's sweep run by hand against the mail sink.

/** The outbox rows addressed to these recipients, oldest first. */
export function outboxRowsTo(app: FastifyInstance, recipients: readonly string[]) {
  return app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', 'in', [...recipients])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Waits until `count` rows to these recipients exist and each was tried and its try is over: sent, failed, or
 * pending with the error it will be retried after.
 */
export async function waitForTriedMails(app: FastifyInstance, recipients: readonly string[], count: number) {
  await eventually(
    async () => {
      const rows = await outboxRowsTo(app, recipients);
      return (
        rows.length === count &&
        rows.every((row) => row.attempts > 0 && (row.status !== 'pending' || row.last_error !== null))
      );
    },
    { what: `${count} outbox mail(s) tried` },
  );
  return outboxRowsTo(app, recipients);
}

/**
 * The commerce worker's sweep as of `at`, sending through `app`'s mailer (the test app's: the mail sink) and
 * logging through its (quiet) logger.
 */
export function sweepMailsAt(app: FastifyInstance, at: Date) {
  return sweepMailOutbox({ db: app.db, mailer: app.mailer, log: app.log }, at);
}

/**
 * The real app with a hung mail server (it takes connections and never answers). `dropMails` waits until the
 * delivery after a commit is held by the server, then drops its connections: the rows to `recipients` are tried
 * once and wait for their retry (returned). Close it in a `finally`.
 */
export async function buildTestAppWithHungMail(overrides: Partial<AppConfig> = {}) {
  const silent = await startSilentSmtpServer();
  const app = await buildTestApp({ ...overrides, SMTP_URL: silent.url });
  return {
    app,
    silent,
    async dropMails(recipients: readonly string[], count: number) {
      await eventually(() => silent.connections() > 0, { what: 'a connection to the hung mail server' });
      await silent.close();
      return waitForTriedMails(app, recipients, count);
    },
    async close() {
      await silent.close();
      await app.close();
    },
  };
}
