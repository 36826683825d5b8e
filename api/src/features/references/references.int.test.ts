import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { waitForMails, type SinkMessage } from '@mp/test-support/mail-sink';
import type { OwnProfile, ViewedProfile } from '@mp/api-contract/profile-view.schema';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

const refereeEmail = () => `referee-${randomUUID().slice(0, 12)}@example.se`;

/** A consultant with one experience; the session's headers and the experience id. */
async function consultant(locale: 'sv' | 'en' = 'sv') {
  const user = await createUser(app.db, app.config, { firstName: 'Anna', lastName: 'Lindqvist', locale });
  await app.db.updateTable('users').set({ phone: '070-123 45 67' }).where('id', '=', user.id).execute();
  const headers = { authorization: await createSessionToken(app, user.id), 'accept-language': 'en' };
  const created = await app.inject({
    method: 'POST',
    url: '/api/profile/experiences',
    headers,
    payload: {
      company: 'Volvo Cars',
      jobTitle: 'Tech lead',
      startYear: 2019,
      endYear: 2023,
      employmentForm: 'consultant',
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return { ...user, headers, experienceId: (created.json() as OwnProfile).experiences[0]!.id };
}

async function requestReference(c: Awaited<ReturnType<typeof consultant>>, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/profile/experiences/${c.experienceId}/references`,
    headers: c.headers,
    payload: { firstName: 'Per', lastName: 'Ek', email },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OwnProfile;
}

/** The token of the reference link in a mail: `<PUBLIC_URL>/<lang>/verify/reference/<token>`. */
function referenceLink(mail: SinkMessage): { lang: string; token: string } {
  const match = mail.Text.match(/https?:\/\/\S+\/(sv|en)\/verify\/reference\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reference link in "${mail.Subject}"`);
  expect(match[0].startsWith(app.config.PUBLIC_URL)).toBe(true);
  return { lang: match[1]!, token: match[2]! };
}

describe('the reference flow', () => {
  it('mails the referee a link; the referee sees the request and approves it anonymously; it counts on the profile', async () => {
    const c = await consultant('sv');
    const email = refereeEmail();
    const afterRequest = await requestReference(c, email);
    expect(afterRequest.experiences[0]!.references).toEqual([
      expect.objectContaining({
        firstName: 'Per',
        lastName: 'Ek',
        email,
        status: 'pending',
        respondedAt: null,
      }),
    ]);

    const [mail] = await waitForMails(email);
    expect(mail!.Subject).toBe('Anna Lindqvist ber dig om en referens');
    expect(mail!.Text).toContain('Tech lead hos Volvo Cars (2019–2023)');
    expect(mail!.HTML).toContain('/sv/verify/reference/');
    const { lang, token } = referenceLink(mail!);
    expect(lang).toBe('sv');
    // Only the hash is stored.
    const stored = await app.db
      .selectFrom('experience_references')
      .select('token_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const page = await app.inject({ method: 'GET', url: `/api/references/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      referee: { firstName: 'Per', lastName: 'Ek' },
      consultant: { firstName: 'Anna' },
      experience: {
        company: 'Volvo Cars',
        jobTitle: 'Tech lead',
        startYear: 2019,
        endYear: 2023,
        ongoing: false,
      },
      status: 'pending',
      locale: 'sv',
    });
    expect(page.body).not.toContain(c.email!);
    expect(page.body).not.toContain('070-123');
    expect(page.body).not.toContain('Lindqvist');

    const before = await app.db
      .selectFrom('profiles')
      .select('version')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    const answer = await app.inject({
      method: 'POST',
      url: `/api/references/${token}`,
      headers: { 'accept-language': 'en' },
      payload: { decision: 'approve', rating: 5, review: 'Strong technical leader.', comment: 'Good luck!' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      status: 'approved',
      message: 'Thank you! Your answer has been recorded',
    });
    // The approval went through the profile service: a new version and an outbox row for the indexer.
    const after = await app.db
      .selectFrom('profiles')
      .select('version')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(after.version).toBe(before.version + 1);
    const outbox = await app.db
      .selectFrom('outbox')
      .select('payload')
      .where('aggregate_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(outbox.payload).toEqual({ version: after.version });

    const own = (
      await app.inject({ method: 'GET', url: '/api/profile', headers: c.headers })
    ).json() as OwnProfile;
    expect(own.experiences[0]!.references[0]).toMatchObject({ status: 'approved' });
    expect(own.experiences[0]!.approvedReferences).toEqual({
      approvedCount: 1,
      averageRating: 5,
      reviews: [{ rating: 5, review: 'Strong technical leader.' }],
    });
    // The referee's note is for the consultant, apart from the review, so it is not tied to a referee.
    expect(own.experiences[0]!.refereeNotes).toEqual(['Good luck!']);
    const publicProfile = (
      await app.inject({ method: 'GET', url: `/api/profile/${c.id}` })
    ).json() as ViewedProfile;
    expect(publicProfile.references).toEqual({
      approvedCount: 1,
      averageRating: 5,
      reviews: [{ rating: 5, review: 'Strong technical leader.' }],
    });
    expect(publicProfile.experiences[0]!.references.approvedCount).toBe(1);
    // The referee stays anonymous everywhere but in the consultant's own list.
    const premium = await createUser(app.db, app.config, { isPremium: true });
    const full = await app.inject({
      method: 'GET',
      url: `/api/profile/${c.id}`,
      headers: { authorization: await createSessionToken(app, premium.id) },
    });
    for (const body of [JSON.stringify(publicProfile), full.body]) {
      expect(body).not.toContain(email);
      expect(body).not.toContain('"Per"');
      expect(body).not.toContain('Good luck!');
    }

    // Single use: the same link is now refused, and says that it was used (a reload after answering must not
    // look like a lost answer), in the request's language and with nothing about the consultant or the answer.
    const texts = {
      en: 'You have already answered this reference request – thank you',
      sv: 'Du har redan svarat på den här referensförfrågan – tack',
    };
    for (const method of ['GET', 'POST'] as const) {
      for (const lang of ['sv', 'en'] as const) {
        const reused = await app.inject({
          method,
          url: `/api/references/${token}`,
          headers: { 'accept-language': lang },
          ...(method === 'POST' ? { payload: { decision: 'decline' } } : {}),
        });
        expect(reused.statusCode, `${method} ${lang}`).toBe(409);
        expect(reused.json()).toEqual({ code: 'REFERENCE_TOKEN_USED', errorMessage: texts[lang] });
      }
    }
    const afterReuse = (
      await app.inject({ method: 'GET', url: '/api/profile', headers: c.headers })
    ).json() as OwnProfile;
    expect(afterReuse.experiences[0]!.references[0]!.status).toBe('approved');
  });

  it("writes to the referee in English when the consultant's language is English, and records a decline", async () => {
    const c = await consultant('en');
    const email = refereeEmail();
    await requestReference(c, email);
    const [mail] = await waitForMails(email);
    expect(mail!.Subject).toBe('Anna Lindqvist asks you for a reference');
    const { lang, token } = referenceLink(mail!);
    expect(lang).toBe('en');
    const answer = await app.inject({
      method: 'POST',
      url: `/api/references/${token}`,
      payload: { decision: 'decline', comment: 'I do not remember the assignment – call me.' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'declined', message: 'Tack! Ditt svar har registrerats' });
    const own = (
      await app.inject({ method: 'GET', url: '/api/profile', headers: c.headers })
    ).json() as OwnProfile;
    expect(own.experiences[0]!.references[0]!.status).toBe('declined');
    expect(own.references.approvedCount).toBe(0);
    // A decline's note reaches the consultant too (it was stored and never shown).
    expect(own.experiences[0]!.refereeNotes).toEqual(['I do not remember the assignment – call me.']);
  });

  it("answers an invalid, malformed or missing token with 'Access restricted' and 'Missing or invalid token.'", async () => {
    for (const [lang, message, detail] of [
      ['en', 'Access restricted', 'Missing or invalid token.'],
      ['sv', 'Åtkomst nekad', 'Token saknas eller är ogiltig.'],
    ] as const) {
      // Longer than Fastify's default parameter limit (100), which answered 404 NOT_FOUND.
      for (const token of [
        'x'.repeat(43),
        'not a token',
        '%20',
        'x'.repeat(101),
        'x'.repeat(2048),
        'x'.repeat(3000),
        'x'.repeat(12_000),
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/references/${token}`,
          headers: { 'accept-language': lang },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          code: 'ACCESS_RESTRICTED',
          errorMessage: message,
          data: { reason: 'error.invalidToken', detail },
        });
      }
      // The token first, whatever the body: a complete answer, one missing its review or rating, an unknown
      // field, no body, a body that is not JSON.
      for (const token of ['y'.repeat(43), 'x'.repeat(3000)]) {
        for (const payload of [
          { decision: 'approve', rating: 4, review: 'Fine' },
          { decision: 'approve', rating: 4 },
          { decision: 'approve' },
          { decision: 'maybe', extra: true },
          undefined,
          '{not json',
        ]) {
          const post = await app.inject({
            method: 'POST',
            url: `/api/references/${token}`,
            headers: { 'accept-language': lang, 'content-type': 'application/json' },
            payload: typeof payload === 'object' ? JSON.stringify(payload) : payload,
          });
          expect(post.statusCode, `${JSON.stringify(payload)} ${post.body}`).toBe(403);
          expect(post.json()).toEqual({
            code: 'ACCESS_RESTRICTED',
            errorMessage: message,
            data: { reason: 'error.invalidToken', detail },
          });
        }
      }
    }
    const missing = await app.inject({
      method: 'GET',
      url: '/api/references/',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().errorMessage).toBe('Access restricted');
  });

  it('requires a rating and a review to approve, and refuses an expired link', async () => {
    const c = await consultant();
    const email = refereeEmail();
    await requestReference(c, email);
    const { token } = referenceLink((await waitForMails(email))[0]!);
    for (const [lang, message] of [
      ['en', 'Choose a rating from 1 to 5'],
      ['sv', 'Välj ett betyg från 1 till 5'],
    ] as const) {
      const noRating = await app.inject({
        method: 'POST',
        url: `/api/references/${token}`,
        headers: { 'accept-language': lang },
        payload: { decision: 'approve', rating: 7, review: 'Good' },
      });
      expect(noRating.statusCode).toBe(400);
      expect(noRating.json().data.issues).toContainEqual({
        field: 'rating',
        code: 'validation.ratingRequired',
        message,
      });
    }
    const noReview = await app.inject({
      method: 'POST',
      url: `/api/references/${token}`,
      payload: { decision: 'approve', rating: 4 },
    });
    expect(noReview.json().data.issues).toContainEqual(
      expect.objectContaining({ field: 'review', code: 'validation.required' }),
    );

    await app.db
      .updateTable('experience_references')
      .set({ requested_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where('email', '=', email)
      .execute();
    const expired = await app.inject({ method: 'GET', url: `/api/references/${token}` });
    expect(expired.statusCode).toBe(403);
  });

  it('resends a pending request with a new link, and lets the consultant delete a reference', async () => {
    const c = await consultant();
    const email = refereeEmail();
    const profile = await requestReference(c, email);
    const referenceId = profile.experiences[0]!.references[0]!.id;
    const first = referenceLink((await waitForMails(email, 1))[0]!).token;

    const resent = await app.inject({
      method: 'POST',
      url: `/api/profile/references/${referenceId}/resend`,
      headers: c.headers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await waitForMails(email, 2);
    const tokens = mails.map((m) => referenceLink(m).token);
    const second = tokens.find((t) => t !== first)!;
    expect(second).toBeDefined();
    expect((await app.inject({ method: 'GET', url: `/api/references/${first}` })).statusCode).toBe(403);

    const approved = await app.inject({
      method: 'POST',
      url: `/api/references/${second}`,
      payload: { decision: 'approve', rating: 4, review: 'Reliable.' },
    });
    expect(approved.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: `/api/profile/references/${referenceId}/resend`,
      headers: c.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REFERENCE_ALREADY_ANSWERED',
      errorMessage: 'The reference has already been answered',
    });

    const other = await consultant();
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/profile/references/${referenceId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('REFERENCE_NOT_FOUND');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/profile/references/${referenceId}`,
      headers: c.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const own = deleted.json() as OwnProfile;
    expect(own.experiences[0]!.references).toEqual([]);
    expect(own.references.approvedCount).toBe(0);
  });

  it("refuses a referee for someone else's experience", async () => {
    const owner = await consultant();
    const intruder = await consultant();
    const response = await app.inject({
      method: 'POST',
      url: `/api/profile/experiences/${owner.experienceId}/references`,
      headers: intruder.headers,
      payload: { firstName: 'Per', lastName: 'Ek', email: refereeEmail() },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('EXPERIENCE_NOT_FOUND');
  });
});

describe('reference rules (issue 13 item 9)', () => {
  it('refuses the consultant’s own e-mail address as referee', async () => {
    const c = await consultant();
    const response = await app.inject({
      method: 'POST',
      url: `/api/profile/experiences/${c.experienceId}/references`,
      headers: c.headers,
      payload: { firstName: 'Anna', lastName: 'Lindqvist', email: c.email!.toUpperCase() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorMessage: 'You cannot be your own referee',
      code: 'REFERENCE_OWN_EMAIL',
    });
  });

  it('allows 20 reference mails (requests and resends) a day, then answers 429', async () => {
    const c = await consultant();
    const profile = await requestReference(c, refereeEmail());
    const referenceId = profile.experiences[0]!.references[0]!.id;
    const resend = () =>
      app.inject({
        method: 'POST',
        url: `/api/profile/references/${referenceId}/resend`,
        headers: c.headers,
      });
    for (let i = 0; i < 19; i++) expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errorMessage: 'You can send at most 20 reference requests per day',
      code: 'REFERENCE_QUOTA_EXCEEDED',
    });
  });

  it('keeps profile, picture and reference routes to verified accounts', async () => {
    const user = await createUser(app.db, app.config, { verified: false, email: null });
    const headers = { authorization: await createSessionToken(app, user.id), 'accept-language': 'en' };
    const calls = [
      { method: 'GET', url: '/api/profile' },
      { method: 'PUT', url: '/api/profile/description', payload: { shortDescription: 'x' } },
      { method: 'DELETE', url: '/api/profile/picture' },
      {
        method: 'POST',
        url: `/api/profile/experiences/${randomUUID()}/references`,
        payload: { firstName: 'Per', lastName: 'Ek', email: refereeEmail() },
      },
      { method: 'POST', url: `/api/profile/references/${randomUUID()}/resend` },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().code).toBe('NOT_VERIFIED');
    }
  });
});
