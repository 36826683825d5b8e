import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { eventually } from '@mp/test-support/eventually';
import { outboxRowsTo, sweepMailsAt, waitForTriedMails } from '@mp/test-support/mail-outbox';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { startSilentSmtpServer, startSmtpStub } from '@mp/test-support/smtp-stub';
import { caller, createBuyerCompany, hire, loggedIn } from '@mp/test-support/time-fixtures';
import { enqueueMail } from '../../lib/mail-outbox';
import { createMailer } from '../../lib/mailer';
import { deliverMails, MAIL_RETRY_DELAYS_MS, sweepMailOutbox } from './mail-delivery';

let app: FastifyInstance;
const quiet = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

const MINUTE = 60_000;
const SESSION = {
  firstName: 'Ada',
  when: 'måndag 7 december 2026 10:00–11:00',
  noticeHours: 24,
  link: 'http://x/',
};

/** A fresh address the sink has never seen. */
const address = (label: string) => `outbox-${label}-${crypto.randomUUID()}@example.com`;

/** Writes a coach session confirmation to the outbox, committed, and returns its id. */
function enqueueConfirmation(to: string, locale: 'sv' | 'en' = 'en') {
  return app.db.transaction().execute((trx) =>
    enqueueMail(trx, {
      to,
      locale,
      template: 'coachSessionBooked',
      params: SESSION,
    }),
  );
}

describe('the mail outbox', () => {
  it('writes the mail in the caller’s transaction: it commits and rolls back with the change', async () => {
    const kept = address('kept');
    const dropped = address('dropped');
    await expect(
      app.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, {
          to: dropped,
          locale: 'sv',
          template: 'coachSessionBooked',
          params: SESSION,
        });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const id = await enqueueConfirmation(kept, 'sv');
    expect(await outboxRowsTo(app, [dropped])).toEqual([]);
    expect(await outboxRowsTo(app, [kept])).toEqual([
      expect.objectContaining({
        id,
        recipient: kept,
        locale: 'sv',
        template: 'coachSessionBooked',
        params: SESSION,
        status: 'pending',
        attempts: 0,
        attachments: [],
      }),
    ]);
    // Params that do not fit the template's schema are refused, so the change would roll back.
    await expect(
      enqueueMail(app.db, {
        to: kept,
        locale: 'sv',
        template: 'coachSessionBooked',
        params: { ...SESSION, noticeHours: '24' } as never,
      }),
    ).rejects.toThrow();
  });

  it('a hung mail server slows no step: the submission answers at once, and the sweep sends the mail once when the server is back', async () => {
    const silent = await startSilentSmtpServer();
    const hung = await buildTestApp({ SMTP_URL: silent.url });
    try {
      const buyer = await createBuyerCompany(hung);
      const consultant = await loggedIn(hung);
      const assignmentId = await hire(hung, buyer, consultant, { startDate: '2026-09-01' });
      const call = caller(hung);
      const reported = await call('POST', '/api/time-reports', consultant.token, {
        assignmentId,
        date: '2026-09-01',
        hours: 6,
        overtimeHours: 0,
      });
      expect(reported.statusCode, reported.body).toBe(200);

      const started = performance.now();
      const submitted = await call(
        'POST',
        `/api/assignments/${assignmentId}/months/2026-09/submit`,
        consultant.token,
      );
      const took = performance.now() - started;
      expect(submitted.statusCode, submitted.body).toBe(200);
      // The mailer waits 10 s for a greeting: the answer did not.
      expect(took).toBeLessThan(3000);
      const approver = buyer.admin.email!;
      const [written] = await outboxRowsTo(hung, [approver]);
      expect(written).toMatchObject({ template: 'timeMonthSubmitted', locale: 'sv', status: 'pending' });
      // The delivery after the commit is under way, held by the silent server; then the server drops it.
      await eventually(() => silent.connections() > 0, { what: 'a connection to the hung server' });
      await silent.close();
      const [tried] = await waitForTriedMails(hung, [approver], 1);
      expect(tried).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(tried!.last_error).toEqual(expect.any(String));
      // Tried again a minute later, not at once.
      const wait = tried!.next_attempt_at.getTime() - Date.now();
      expect(wait).toBeGreaterThan(0.5 * MINUTE);
      expect(wait).toBeLessThanOrEqual(MINUTE);
      expect(await findMails(approver)).toHaveLength(0);

      // The sweep leaves it alone until it is due, then sends it through the working mail server, once.
      await sweepMailsAt(app, new Date());
      expect((await outboxRowsTo(app, [approver]))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await sweepMailsAt(app, new Date(Date.now() + 2 * MINUTE));
      const [mail] = await waitForMails(approver, 1);
      expect(mail!.Subject).toContain('har skickat in september 2026 för godkännande');
      expect((await outboxRowsTo(app, [approver]))[0]).toMatchObject({
        status: 'sent',
        attempts: 2,
        last_error: null,
        sent_at: expect.any(Date),
      });
      await sweepMailsAt(app, new Date(Date.now() + 3 * 24 * 60 * MINUTE));
      expect(await findMails(approver)).toHaveLength(1);
      expect((await outboxRowsTo(app, [approver]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await silent.close();
      await hung.close();
    }
  });

  it('retries a failing server with growing waits and gives up after a day of attempts', async () => {
    const stub = await startSmtpStub('451 4.3.0 Try again later');
    const mailer = createMailer({ SMTP_URL: stub.url, MAIL_FROM: app.config.MAIL_FROM });
    try {
      const to = address('retry');
      const id = await enqueueConfirmation(to);
      let at = new Date();
      const waits: number[] = [];
      for (let attempt = 1; attempt <= MAIL_RETRY_DELAYS_MS.length; attempt += 1) {
        if (attempt === 1) await deliverMails({ db: app.db, mailer, log: quiet }, [id], at);
        else await sweepMailOutbox({ db: app.db, mailer, log: quiet }, at);
        const [row] = await outboxRowsTo(app, [to]);
        expect(row).toMatchObject({ status: 'pending', attempts: attempt, last_error: expect.any(String) });
        waits.push(row!.next_attempt_at.getTime() - at.getTime());
        at = row!.next_attempt_at;
      }
      expect(waits).toEqual([...MAIL_RETRY_DELAYS_MS]);
      expect(waits.at(-1)).toBe(24 * 60 * MINUTE);
      await sweepMailOutbox({ db: app.db, mailer, log: quiet }, at);
      expect((await outboxRowsTo(app, [to]))[0]).toMatchObject({
        status: 'failed',
        attempts: MAIL_RETRY_DELAYS_MS.length + 1,
      });
    } finally {
      mailer.close();
      await stub.close();
    }
  });

  it('marks a mail whose recipient the server refuses for good failed at once, never tried again', async () => {
    const stub = await startSmtpStub('550 5.1.1 No such user');
    const mailer = createMailer({ SMTP_URL: stub.url, MAIL_FROM: app.config.MAIL_FROM });
    try {
      const to = address('refused');
      const id = await enqueueConfirmation(to);
      expect(await deliverMails({ db: app.db, mailer, log: quiet }, [id])).toEqual({
        sent: 0,
        retried: 0,
        failed: 1,
      });
      const [row] = await outboxRowsTo(app, [to]);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.last_error).toContain('MailRecipientRefusedError');
      await sweepMailsAt(app, new Date(Date.now() + 3 * 24 * 60 * MINUTE));
      expect((await outboxRowsTo(app, [to]))[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await findMails(to)).toHaveLength(0);
    } finally {
      mailer.close();
      await stub.close();
    }
  });

  it('sends each row once however many senders run at the same time', async () => {
    const recipients = Array.from({ length: 8 }, (_, i) => address(`race${i}`));
    const ids = await Promise.all(recipients.map((to) => enqueueConfirmation(to)));
    const deps = { db: app.db, mailer: app.mailer, log: quiet };
    const results = await Promise.all([
      sweepMailOutbox(deps),
      sweepMailOutbox(deps),
      sweepMailOutbox(deps),
      deliverMails(deps, ids),
    ]);
    expect(results.reduce((sum, result) => sum + result.failed + result.retried, 0)).toBe(0);
    const rows = await outboxRowsTo(app, recipients);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(recipients.map(() => ['sent', 1]));
    for (const to of recipients) {
      await waitForMails(to, 1);
      expect(await findMails(to)).toHaveLength(1);
    }
  });
});
