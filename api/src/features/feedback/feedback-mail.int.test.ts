import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { eventually } from '@mp/test-support/eventually';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildTestAppWithHungMail, outboxRowsTo, sweepMailsAt } from '@mp/test-support/mail-outbox';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';

// The feedback receipt goes through the mail outbox (docs/decisions.md "Workflow mails go through a mail
// outbox"): written with the feedback, sent after the commit, `acknowledged_at` set once it is sent.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const acknowledgedAt = async (id: string) =>
  (
    await app.db
      .selectFrom('feedback')
      .select('acknowledged_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).acknowledged_at;

async function sendFeedback(on: FastifyInstance, locale: 'sv' | 'en') {
  const user = await createUser(on.db, on.config, { firstName: 'Frida', locale });
  const response = await on.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { authorization: await createSessionToken(on, user.id), 'accept-language': locale },
    payload: { message: 'Sökningen kunde minnas mina filter.' },
  });
  return { user, response };
}

describe('the feedback receipt', () => {
  it('is written to the mail outbox with the feedback, sent, and marks the feedback acknowledged', async () => {
    const { user, response } = await sendFeedback(app, 'sv');
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await waitForMails(user.email!, 1);
    expect(mail!.Subject).toBe('Tack för din återkoppling till Konsultmarknaden');
    expect(mail!.Text).toContain('Sökningen kunde minnas mina filter.');
    await eventually(async () => (await acknowledgedAt(response.json().id)) !== null, {
      what: 'the feedback acknowledged',
    });
    expect(await outboxRowsTo(app, [user.email!])).toEqual([
      expect.objectContaining({ template: 'feedbackReceived', locale: 'sv', status: 'sent', attempts: 1 }),
    ]);
  });

  it('with a hung mail server the answer comes at once, and a later sweep sends the receipt', async () => {
    const hung = await buildTestAppWithHungMail();
    try {
      const started = performance.now();
      const { user, response } = await sendFeedback(hung.app, 'en');
      // The mailer waits 10 s for a greeting: the answer did not.
      expect(performance.now() - started).toBeLessThan(3000);
      expect(response.statusCode, response.body).toBe(200);
      const [tried] = await hung.dropMails([user.email!], 1);
      expect(tried).toMatchObject({ template: 'feedbackReceived', status: 'pending', attempts: 1 });
      expect(await acknowledgedAt(response.json().id)).toBeNull();

      await sweepMailsAt(app, new Date(Date.now() + 2 * 60_000));
      const [mail] = await waitForMails(user.email!, 1);
      expect(mail!.Subject).toBe('Thank you for your feedback to Konsultmarknaden');
      expect(await acknowledgedAt(response.json().id)).toBeInstanceOf(Date);
      expect((await outboxRowsTo(app, [user.email!]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await findMails(user.email!)).toHaveLength(1);
    } finally {
      await hung.close();
    }
  });
});
