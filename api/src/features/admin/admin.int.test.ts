import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  createEmail,
  createSessionToken,
  createUser,
  registerWithPassword,
} from '@mp/test-support/factories';
import { findMails, waitForMails } from '@mp/test-support/mail-sink';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { dropSearchIndices } from '@mp/test-support/search-index';

// An index of this file's own, so the dashboard's index health and the searches have something to read.
const alias = `it-admin-${randomUUID().slice(0, 8)}`;
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
let app: FastifyInstance;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
  app = await buildTestApp({ SEARCH_INDEX_ALIAS: alias });
  const admin = await createUser(app.db, app.config, { isAdmin: true });
  adminId = admin.id;
  adminToken = await createSessionToken(app, admin.id);
});
afterAll(async () => {
  await app?.close();
  await dropSearchIndices(es, alias);
  await es.close();
});

const call = (method: HTTPMethods, url: string, token?: string, payload?: object, language = 'en') =>
  app.inject({
    method,
    url,
    headers: { 'accept-language': language, ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('users', () => {
  it('finds users by part of a name or e-mail, with filters and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const created = [];
    for (const i of [1, 2, 3]) {
      created.push(
        await createUser(app.db, app.config, {
          email: createEmail(`find-${tag}`),
          firstName: `Greta${tag}`,
          lastName: `Nummer${i}`,
          isPremium: i === 2,
        }),
      );
    }
    const all = await call('GET', `/api/admin/users?q=greta${tag}&pageSize=2`, adminToken);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.json().users).toHaveLength(2);
    const second = await call('GET', `/api/admin/users?q=greta${tag}&pageSize=2&page=2`, adminToken);
    expect(second.json().users).toHaveLength(1);

    const premium = await call('GET', `/api/admin/users?q=find-${tag}&premium=true`, adminToken);
    expect(premium.json().users.map((u: { id: string }) => u.id)).toEqual([created[1]!.id]);

    const byId = await call('GET', `/api/admin/users?q=${created[2]!.id}`, adminToken);
    expect(byId.json().users.map((u: { id: string }) => u.id)).toEqual([created[2]!.id]);

    const bad = await call('GET', '/api/admin/users?page=0', adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('shows one user, and 404 USER_NOT_FOUND for an unknown id', async () => {
    const user = await createUser(app.db, app.config, { firstName: 'Olle', lastName: 'Detalj' });
    const detail = await call('GET', `/api/admin/users/${user.id}`, adminToken);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Olle',
      hasPassword: true,
      hasBankId: false,
      deletedAt: null,
    });
    const missing = await call('GET', `/api/admin/users/${randomUUID()}`, adminToken, undefined, 'sv');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'USER_NOT_FOUND', errorMessage: 'Användaren finns inte' });
  });

  it('makes a user an admin and takes it back, audited, at once on their session; never one’s own', async () => {
    const user = await createUser(app.db, app.config, { firstName: 'Greta', lastName: 'Behörig' });
    const userToken = await createSessionToken(app, user.id);
    expect((await call('GET', '/api/admin/users', userToken)).statusCode).toBe(403);

    const granted = await call('PUT', `/api/admin/users/${user.id}/admin`, adminToken, { isAdmin: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ id: user.id, isAdmin: true });
    expect(granted.json().audit[0]).toMatchObject({ action: 'admin.user.grant_admin', actorUserId: adminId });
    // The same session is an admin's from its next request.
    expect((await call('GET', '/api/admin/users', userToken)).statusCode).toBe(200);
    // Granting again changes nothing and adds no entry.
    const again = await call('PUT', `/api/admin/users/${user.id}/admin`, adminToken, { isAdmin: true });
    expect(again.json().audit.filter((e: { action: string }) => e.action.endsWith('_admin'))).toHaveLength(1);

    // The new admin cannot take away their own rights, in the request's language; another admin can.
    const own = await call('PUT', `/api/admin/users/${user.id}/admin`, userToken, { isAdmin: false }, 'sv');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      code: 'OWN_ADMIN_RIGHTS',
      errorMessage:
        'Du kan inte ta bort din egen administratörsbehörighet. Be en annan administratör göra det.',
    });
    const revoked = await call('PUT', `/api/admin/users/${user.id}/admin`, adminToken, { isAdmin: false });
    expect(revoked.json()).toMatchObject({ isAdmin: false });
    expect(revoked.json().audit[0]).toMatchObject({ action: 'admin.user.revoke_admin' });
    expect((await call('GET', '/api/admin/users', userToken)).statusCode).toBe(403);

    // Bad bodies and unknown or deleted users.
    const bad = await call('PUT', `/api/admin/users/${user.id}/admin`, adminToken, { isAdmin: 'yes' });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('PUT', `/api/admin/users/${randomUUID()}/admin`, adminToken, {
      isAdmin: true,
    });
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    await app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', user.id).execute();
    const deleted = await call('PUT', `/api/admin/users/${user.id}/admin`, adminToken, { isAdmin: true });
    expect(deleted.statusCode).toBe(404);
  });

  it("edits a user's profile through the profile service: version bump, outbox row, audit entry", async () => {
    const [consultant] = await createConsultants(app.db, [buildProfileInput()]);
    const userId = consultant!.userId;
    const before = await call('GET', `/api/admin/users/${userId}/profile`, adminToken);
    expect(before.statusCode, before.body).toBe(200);

    const {
      firstName: _f,
      lastName: _l,
      isSearchable: _s,
      ...input
    } = buildProfileInput({ shortDescription: 'Redigerad av administratören.' });
    const saved = await call('PUT', `/api/admin/users/${userId}/profile`, adminToken, input);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().shortDescription).toBe('Redigerad av administratören.');

    const profile = await app.db
      .selectFrom('profiles')
      .select(['version', 'short_description'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({
      version: consultant!.version + 1,
      short_description: 'Redigerad av administratören.',
    });
    const outbox = await app.db
      .selectFrom('outbox')
      .select('payload')
      .where('aggregate_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(outbox.payload).toMatchObject({ version: profile.version });
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', userId)
      .where('action', '=', 'admin.profile.edit')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(adminId);
    // The parts the save changed: the description, and the experience the body listed without its id (so it
    // was made anew), not every part the whole-profile save wrote.
    expect(audit[0]!.data).toEqual({ parts: ['shortDescription', 'experiences'] });

    const searched = await call('GET', `/api/admin/audit?q=${userId}`, adminToken);
    expect(searched.json().entries.map((e: { action: string }) => e.action)).toContain('admin.profile.edit');

    const invalid = await call('PUT', `/api/admin/users/${userId}/profile`, adminToken, {
      ...input,
      locations: ['atlantis'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
  });

  it("keeps the user's experiences when the admin's save leaves them out, and refuses a save from an older version", async () => {
    const [consultant] = await createConsultants(app.db, [buildProfileInput()]);
    const userId = consultant!.userId;
    const loaded = (await call('GET', `/api/admin/users/${userId}/profile`, adminToken)).json();
    expect(loaded.experiences).toHaveLength(1);
    const {
      firstName: _f,
      lastName: _l,
      isSearchable: _s,
      experiences: _e,
      ...input
    } = buildProfileInput({ shortDescription: 'Av administratören.' });

    const saved = await call('PUT', `/api/admin/users/${userId}/profile`, adminToken, {
      ...input,
      expectedVersion: loaded.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      shortDescription: 'Av administratören.',
      version: loaded.version + 1,
    });
    expect(saved.json().experiences).toEqual(loaded.experiences);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('data')
      .where('subject_id', '=', userId)
      .where('action', '=', 'admin.profile.edit')
      .executeTakeFirstOrThrow();
    // Only what the admin changed: the rest of the body was the profile as it was.
    expect(audit.data).toEqual({ parts: ['shortDescription'] });

    // The owner changes the profile while the admin's page still shows the version it loaded.
    const stale = { ...input, shortDescription: 'Gammal sida', expectedVersion: loaded.version };
    for (const [language, text] of [
      [
        'en',
        'The profile was changed by its owner or in another tab since you opened it. Reload the page to see ' +
          'the latest version; what you typed here is kept until then.',
      ],
      [
        'sv',
        'Profilen har ändrats av sin ägare eller i en annan flik sedan du öppnade den. Ladda om sidan för att ' +
          'se den senaste versionen. Det du har skrivit här finns kvar tills dess.',
      ],
    ] as const) {
      const refused = await call('PUT', `/api/admin/users/${userId}/profile`, adminToken, stale, language);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ code: 'PROFILE_CHANGED', errorMessage: text });
    }
    const after = (await call('GET', `/api/admin/users/${userId}/profile`, adminToken)).json();
    expect(after).toMatchObject({ shortDescription: 'Av administratören.', version: loaded.version + 1 });
  });
});

describe('terms versions', () => {
  it('drafts, publishes, and then the user is asked to accept on the next GET /api/user', async () => {
    const user = await createUser(app.db, app.config);
    const token = await createSessionToken(app, user.id);
    const ids: string[] = [];
    try {
      // Whatever other tests left published, the user has accepted it, so no dialog is due.
      const current = (await call('GET', '/api/user', token)).json().terms;
      if (!current.accepted) await call('GET', '/api/terms/application/accept', token);

      const draft = await call('POST', '/api/admin/terms', adminToken, {
        kind: 'users',
        bodySv: 'Nya villkor',
        bodyEn: 'New terms',
      });
      expect(draft.statusCode, draft.body).toBe(200);
      ids.push(draft.json().id);
      expect(draft.json()).toMatchObject({ status: 'draft', publishedAt: null });
      const second = await call('POST', '/api/admin/terms', adminToken, {
        kind: 'users',
        bodySv: 'x',
        bodyEn: 'y',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('TERMS_DRAFT_EXISTS');

      // A draft asks nothing of users.
      expect((await call('GET', '/api/user', token)).json().terms.accepted).toBe(true);
      const edited = await call('PUT', `/api/admin/terms/${draft.json().id}`, adminToken, {
        bodySv: 'Nya villkor, version två',
        bodyEn: 'New terms, second draft',
      });
      expect(edited.json().bodyEn).toBe('New terms, second draft');

      const published = await call('POST', `/api/admin/terms/${draft.json().id}/publish`, adminToken);
      expect(published.statusCode, published.body).toBe(200);
      const { publishedAt, effectiveAt, version } = published.json();
      expect(new Date(effectiveAt).getTime() - new Date(publishedAt).getTime()).toBe(30 * 86_400_000);

      expect((await call('GET', '/api/user', token)).json().terms).toMatchObject({
        accepted: false,
        version,
      });
      expect((await call('GET', '/api/terms/application/accept', token)).statusCode).toBe(200);
      expect((await call('GET', '/api/user', token)).json().terms.accepted).toBe(true);

      const again = await call('PUT', `/api/admin/terms/${draft.json().id}`, adminToken, {
        bodySv: 'a',
        bodyEn: 'b',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('TERMS_VERSION_PUBLISHED');
      const list = await call('GET', '/api/admin/terms?kind=users', adminToken);
      expect(list.json().versions[0]).toMatchObject({ id: draft.json().id, acceptances: 1 });
      // A published version is never deleted.
      const gone = await call('DELETE', `/api/admin/terms/${draft.json().id}`, adminToken);
      expect(gone.statusCode).toBe(409);
      expect(gone.json().code).toBe('TERMS_VERSION_PUBLISHED');
    } finally {
      await app.db.deleteFrom('terms_acceptances').where('terms_version_id', 'in', ids).execute();
      await app.db.deleteFrom('terms_versions').where('id', 'in', ids).execute();
    }
  });
});

describe('discarding a terms draft', () => {
  it('deletes the draft (its number is free again), records it, and says when there is none', async () => {
    const draft = await call('POST', '/api/admin/terms', adminToken, {
      kind: 'cookies',
      bodySv: 'Kastas',
      bodyEn: 'Discarded',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const { id, version } = draft.json();
    const discarded = await call('DELETE', `/api/admin/terms/${id}`, adminToken);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({ id, status: 'draft', bodyEn: 'Discarded' });
    expect(
      await app.db.selectFrom('terms_versions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBe(undefined);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_id', '=', id)
      .orderBy('at', 'desc')
      .executeTakeFirst();
    expect(audit).toMatchObject({ action: 'admin.terms.discard', data: { kind: 'cookies', version } });
    const again = await call('DELETE', `/api/admin/terms/${id}`, adminToken);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('TERMS_VERSION_NOT_FOUND');
    // The next draft takes the number the discarded one had.
    const next = await call('POST', '/api/admin/terms', adminToken, {
      kind: 'cookies',
      bodySv: 'Nästa',
      bodyEn: 'Next',
    });
    expect(next.json().version).toBe(version);
    await app.db.deleteFrom('terms_versions').where('id', '=', next.json().id).execute();
  });
});

describe('feedback', () => {
  it('stores feedback, acknowledges it by e-mail, and mails the answer from the inbox', async () => {
    const user = await createUser(app.db, app.config, { firstName: 'Frida', locale: 'en' });
    const token = await createSessionToken(app, user.id);
    const sent = await call('POST', '/api/feedback', token, {
      message: '  The search could remember my last filters.  ',
      page: '/en/app/search',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(
      'Thank you for your feedback! We have sent you a confirmation by e-mail',
    );
    const [ack] = await waitForMails(user.email!, 1);
    expect(ack!.Subject).toBe('Thank you for your feedback to Konsultmarknaden');
    expect(ack!.Text).toContain('The search could remember my last filters.');

    const inbox = await call('GET', '/api/admin/feedback?status=new&pageSize=100', adminToken);
    const item = inbox.json().items.find((i: { id: string }) => i.id === sent.json().id);
    // The inbox says which language the answer will be mailed in: the one the feedback was sent in.
    expect(item).toMatchObject({
      email: user.email,
      page: '/en/app/search',
      status: 'new',
      locale: 'en',
      answer: null,
    });

    const answered = await call('PUT', `/api/admin/feedback/${item.id}`, adminToken, {
      answer: 'Good idea: it is on our list.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answer: 'Good idea: it is on our list.',
      senderRemoved: false,
      answerMail: 'sent',
    });
    const mails = await waitForMails(user.email!, 2);
    const answer = mails.find((m) => m.Subject.startsWith('An answer'));
    expect(answer?.Text).toContain('Good idea: it is on our list.');

    const closed = await call('PUT', `/api/admin/feedback/${item.id}`, adminToken, { status: 'closed' });
    expect(closed.json().status).toBe('closed');
  });

  it('marks a sender who deleted the account, and keeps an answer to them without mailing it', async () => {
    const user = await createUser(app.db, app.config, { firstName: 'Greta', locale: 'sv' });
    const token = await createSessionToken(app, user.id);
    const sent = await call('POST', '/api/feedback', token, { message: 'Exporten borde vara tydligare.' });
    expect(sent.statusCode, sent.body).toBe(200);
    const deleted = await call('POST', '/api/user/delete', token, {
      confirmation: 'delete',
      password: user.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The receipt and the deletion mail: nothing else may follow.
    await waitForMails(user.email!, 2);

    const inbox = await call('GET', '/api/admin/feedback?status=new&pageSize=100', adminToken);
    const item = inbox.json().items.find((i: { id: string }) => i.id === sent.json().id);
    expect(item).toMatchObject({ senderRemoved: true, status: 'new' });

    const answered = await call('PUT', `/api/admin/feedback/${item.id}`, adminToken, {
      answer: 'Tack, vi ser över exporten.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answer: 'Tack, vi ser över exporten.',
      senderRemoved: true,
      answerMail: 'accountRemoved',
    });
    const mails = await findMails(user.email!);
    expect(mails.map((m) => m.Subject)).not.toContain('Svar på din återkoppling till Konsultmarknaden');
    const closed = await call('PUT', `/api/admin/feedback/${item.id}`, adminToken, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed', answerMail: null });
  });

  it('refuses empty feedback in the request language, and visitors', async () => {
    const user = await createUser(app.db, app.config);
    const token = await createSessionToken(app, user.id);
    const blank = await call('POST', '/api/feedback', token, { message: '   ' }, 'sv');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errorMessage).toBe('Får inte bara innehålla mellanslag');
    expect((await call('POST', '/api/feedback', undefined, { message: 'Hej' })).statusCode).toBe(401);
  });

  it('refuses feedback over 5000 characters with the limit, and the API description says so', async () => {
    const user = await createUser(app.db, app.config);
    const token = await createSessionToken(app, user.id);
    for (const [language, message] of [
      ['en', 'Cannot be longer than 5000 characters'],
      ['sv', 'Får inte vara längre än 5000 tecken'],
    ] as const) {
      const tooLong = await call('POST', '/api/feedback', token, { message: 'å'.repeat(5001) }, language);
      expect(tooLong.statusCode, tooLong.body).toBe(400);
      expect(tooLong.json()).toEqual({
        code: 'VALIDATION_FAILED',
        errorMessage: message,
        data: { issues: [{ field: 'message', code: 'validation.maxLength', message }] },
      });
    }
    // Trailing spaces are trimmed before the length counts.
    const atMost = await call('POST', '/api/feedback', token, { message: `${'a'.repeat(5000)}   ` });
    expect(atMost.statusCode, atMost.body).toBe(200);

    const document = app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const body = document.paths['/api/feedback']!.post!.requestBody.content['application/json']!.schema as {
      properties: { message: { maxLength?: number } };
    };
    expect(body.properties.message.maxLength).toBe(5000);
  });
});

describe('offers', () => {
  it('shows active offers within their validity in the request language; admins manage them', async () => {
    const user = await createUser(app.db, app.config);
    const token = await createSessionToken(app, user.id);
    const partner = `Partner ${randomUUID().slice(0, 8)}`;
    const offer = {
      partner,
      titleSv: 'Rabatt på försäkring',
      titleEn: 'Insurance discount',
      bodySv: '20 % rabatt första året.',
      bodyEn: '20% off the first year.',
      url: 'https://example.se/erbjudande',
      logoUrl: '',
      validFrom: '2020-01-01',
      validUntil: '2999-12-31',
    };
    const created = await call('POST', '/api/admin/offers', adminToken, offer);
    expect(created.statusCode, created.body).toBe(200);
    const expired = await call('POST', '/api/admin/offers', adminToken, {
      ...offer,
      partner: `${partner} expired`,
      validUntil: '2021-01-01',
    });
    const expiredRow = expired
      .json()
      .offers.find((o: { partner: string }) => o.partner === `${partner} expired`);
    expect(expiredRow.current).toBe(false);

    const en = await call('GET', '/api/offers', token);
    const mine = en.json().offers.filter((o: { partner: string }) => o.partner.startsWith(partner));
    expect(mine).toEqual([
      expect.objectContaining({ partner, title: 'Insurance discount', text: '20% off the first year.' }),
    ]);
    const sv = await call('GET', '/api/offers', token, undefined, 'sv');
    expect(sv.json().offers.find((o: { partner: string }) => o.partner === partner).title).toBe(
      'Rabatt på försäkring',
    );
    expect((await call('GET', '/api/offers')).statusCode).toBe(401);

    const id = created.json().offers.find((o: { partner: string }) => o.partner === partner).id;
    const hidden = await call('PUT', `/api/admin/offers/${id}`, adminToken, { ...offer, active: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(
      (await call('GET', '/api/offers', token)).json().offers.map((o: { id: string }) => o.id),
    ).not.toContain(id);

    const badLink = await call('POST', '/api/admin/offers', adminToken, {
      ...offer,
      url: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().errorMessage).toBe('Invalid link. It should start with https://');
    const badDates = await call('POST', '/api/admin/offers', adminToken, {
      ...offer,
      validUntil: '2019-01-01',
    });
    expect(badDates.json().errorMessage).toBe('The end date cannot be before the start date');

    for (const row of created
      .json()
      .offers.filter((o: { partner: string }) => o.partner.startsWith(partner))) {
      expect((await call('DELETE', `/api/admin/offers/${row.id}`, adminToken)).statusCode).toBe(200);
    }
    await app.db.deleteFrom('offers').where('partner', 'like', `${partner}%`).execute();
  });
});

describe('search analytics', () => {
  it('records the terms and filters of searches without who searched, and the dashboard shows them', async () => {
    // Letters only: a term with five digits in a row looks like personal data and is not recorded.
    const word = `zq${randomUUID()
      .replace(/[^a-f]/g, '')
      .padEnd(8, 'x')
      .slice(0, 8)}`;
    // The dashboard shows the top ten zero-result searches; events left by earlier runs and other test files
    // in this database would push this one out of them (integration files run one at a time).
    await app.db.deleteFrom('search_events').execute();
    const user = await createUser(app.db, app.config);
    const token = await createSessionToken(app, user.id);
    for (const caller of [token, undefined]) {
      const response = await call('POST', '/api/search/v3', caller, {
        searchTerm: `  ${word.toUpperCase()}  `,
        skills: ['typescript'],
        locations: ['goteborg'],
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    // Recorded after the answer is sent (the search never waits for analytics).
    const events = await vi.waitFor(async () => {
      const rows = await app.db
        .selectFrom('search_events')
        .selectAll()
        .where('search_term', '=', word)
        .execute();
      expect(rows).toHaveLength(2);
      return rows;
    });
    expect(events[0]).toMatchObject({ filters: ['locations:goteborg', 'skills:typescript'], total: 0 });
    expect(Object.keys(events[0]!).sort()).toEqual(['at', 'filters', 'id', 'search_term', 'total']);

    const dashboard = await call('GET', '/api/admin/dashboard', adminToken);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const { searches } = dashboard.json();
    expect(searches.zeroResults).toEqual(
      expect.arrayContaining([
        { term: word, filters: ['locations:goteborg', 'skills:typescript'], searches: 2 },
      ]),
    );
    expect(searches.perDay).toHaveLength(14);
    expect(dashboard.json().index).toMatchObject({ status: expect.any(String), documents: 0 });
    expect(dashboard.json().index.index).toMatch(new RegExp(`^${alias}_v`));
    expect(Date.parse(dashboard.json().index.lastReindexAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(searches.perDay.at(-1).searches).toBeGreaterThanOrEqual(2);
  });
});

describe('dashboard', () => {
  it('counts as outbox lag every row not yet acknowledged by the index worker, queued ones too', async () => {
    const lag = async () => {
      const response = await call('GET', '/api/admin/dashboard', adminToken);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().outbox as { pending: number; oldestSeconds: number | null };
    };
    const before = await lag();
    // Relayed to the queue an hour ago, never written to the index (e.g. the job is still waiting).
    const row = await app.db
      .insertInto('outbox')
      .values({
        aggregate_type: 'dashboard-test',
        aggregate_id: randomUUID(),
        event_type: 'dashboard-test.lag',
        created_at: new Date(Date.now() - 3_600_000),
        sent_at: new Date(Date.now() - 3_590_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const queued = await lag();
      expect(queued.pending).toBe(before.pending + 1);
      expect(queued.oldestSeconds).toBeGreaterThanOrEqual(3_600);
      await app.db.updateTable('outbox').set({ acked_at: new Date() }).where('id', '=', row.id).execute();
      expect((await lag()).pending).toBe(before.pending);
    } finally {
      await app.db.deleteFrom('outbox').where('id', '=', row.id).execute();
    }
  });
});

describe('searches of users and of the audit log', () => {
  it('a page past the end answers the last page and says which', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const i of [1, 2, 3]) {
      await createUser(app.db, app.config, { email: createEmail(`last-${tag}`), lastName: `Sist${i}` });
    }
    const past = await call('GET', `/api/admin/users?q=last-${tag}&pageSize=2&page=99`, adminToken);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(past.json().users).toHaveLength(1);
    const none = await call('GET', `/api/admin/users?q=nobody-${tag}&page=5`, adminToken);
    expect(none.json()).toMatchObject({ users: [], total: 0, page: 1 });

    const user = await createUser(app.db, app.config, { lastName: `Granskad${tag}` });
    for (const isAdmin of [true, false, true]) {
      const changed = await call('PUT', `/api/admin/users/${user.id}/admin`, adminToken, { isAdmin });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const last = await call('GET', `/api/admin/audit?q=${user.id}&pageSize=2&page=40`, adminToken);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(last.json().entries).toHaveLength(1);
    expect(last.json().entries[0]).toMatchObject({ action: 'admin.user.grant_admin', subjectId: user.id });
    const first = await call('GET', `/api/admin/audit?q=${user.id}&pageSize=2`, adminToken);
    expect(first.json()).toMatchObject({ total: 3, page: 1 });
    expect(first.json().entries).toHaveLength(2);
    const empty = await call('GET', `/api/admin/audit?q=no-such-action-${tag}&page=3`, adminToken);
    expect(empty.json()).toMatchObject({ entries: [], total: 0, page: 1 });
  });

  it('the audit log names each entry’s actor: the name, else the e-mail address', async () => {
    const named = await createUser(app.db, app.config, {
      isAdmin: true,
      firstName: 'Åke',
      lastName: 'Åkare',
    });
    const nameless = await createUser(app.db, app.config, { isAdmin: true });
    await app.db
      .updateTable('users')
      .set({ first_name: null, last_name: null })
      .where('id', '=', nameless.id)
      .execute();
    const subject = await createUser(app.db, app.config);
    for (const [actor, isAdmin] of [
      [named, true],
      [nameless, false],
    ] as const) {
      const token = await createSessionToken(app, actor.id);
      const changed = await call('PUT', `/api/admin/users/${subject.id}/admin`, token, { isAdmin });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const log = await call('GET', `/api/admin/audit?q=${subject.id}`, adminToken);
    expect(log.statusCode, log.body).toBe(200);
    expect(
      log
        .json()
        .entries.map((e: { action: string; actorUserId: string; actorName: string }) => [
          e.action,
          e.actorUserId,
          e.actorName,
        ]),
    ).toEqual([
      ['admin.user.revoke_admin', nameless.id, nameless.email],
      ['admin.user.grant_admin', named.id, 'Åke Åkare'],
    ]);
    // The user page's latest entries name the actor too.
    const detail = await call('GET', `/api/admin/users/${subject.id}`, adminToken);
    expect(detail.json().audit[0]).toMatchObject({ actorUserId: nameless.id, actorName: nameless.email });
  });

  it('the audit log search finds entries by part of the actor’s name or e-mail address, any case', async () => {
    // Letters only: a name takes no digits.
    const tag = randomUUID()
      .slice(0, 8)
      .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
    // Signed up with e-mail and password, one without a name (from before the form asked) and one with; each registration and login is an
    // entry by them.
    const nameless = await registerWithPassword(app, { nameless: true });
    const named = await registerWithPassword(app, { firstName: 'Märta', lastName: `Granqvist${tag}` });
    const actions = async (q: string) => {
      const found = await call('GET', `/api/admin/audit?q=${encodeURIComponent(q)}`, adminToken);
      expect(found.statusCode, found.body).toBe(200);
      const page = found.json() as {
        total: number;
        entries: { action: string; actorUserId: string; actorName: string }[];
      };
      expect(page.total).toBe(page.entries.length);
      return page.entries.map((e) => [e.action, e.actorUserId, e.actorName]);
    };
    const byNameless = [
      ['auth.login', nameless.id, nameless.email],
      ['auth.registered', nameless.id, nameless.email],
    ];
    expect(await actions(nameless.email!.toUpperCase())).toEqual(byNameless);
    expect(await actions(nameless.email!.slice(3, 20))).toEqual(byNameless);
    const byNamed = [
      ['auth.login', named.id, `Märta Granqvist${tag}`],
      ['auth.registered', named.id, `Märta Granqvist${tag}`],
    ];
    expect(await actions(`MÄRTA GRANQVIST${tag}`)).toEqual(byNamed);
    expect(await actions(`qvist${tag.toUpperCase()}`)).toEqual(byNamed);
    // `_` and `%` are matched as themselves, not as wildcards.
    expect(await actions(`gra_qvist${tag}`)).toEqual([]);
    expect(await actions(`gran%${tag}`)).toEqual([]);
  });

  it('refuses a search over 200 characters at q, in sv and en, for users and the audit log', async () => {
    for (const path of ['/api/admin/users', '/api/admin/audit']) {
      for (const [language, message] of [
        ['sv', 'Får inte vara längre än 200 tecken'],
        ['en', 'Cannot be longer than 200 characters'],
      ] as const) {
        const long = await call('GET', `${path}?q=${'å'.repeat(201)}`, adminToken, undefined, language);
        expect(long.statusCode, long.body).toBe(400);
        expect(long.json()).toEqual({
          code: 'VALIDATION_FAILED',
          errorMessage: message,
          data: { issues: [{ field: 'q', code: 'validation.maxLength', message }] },
        });
      }
      const longest = await call('GET', `${path}?q=${'å'.repeat(200)}`, adminToken);
      expect(longest.statusCode, longest.body).toBe(200);
    }
  });
});

describe('pricing', () => {
  it("edits a plan's names and price, audited, and GET /api/products shows the change", async () => {
    const before = await call('GET', '/api/admin/pricing', adminToken);
    expect(before.statusCode, before.body).toBe(200);
    const premium = before.json().plans.find((p: { code: string }) => p.code === 'premium');
    expect(premium).toMatchObject({ nameSv: expect.any(String), price: { interval: 'month' } });
    const original = { nameSv: premium.nameSv, nameEn: premium.nameEn, amountOre: premium.price.amountOre };
    try {
      const edited = await call('PUT', '/api/admin/pricing/plans/premium', adminToken, {
        nameSv: 'Premium (prov)',
        nameEn: 'Premium (trial)',
        amountOre: original.amountOre + 5_000,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      for (const [language, name] of [
        ['sv', 'Premium (prov)'],
        ['en', 'Premium (trial)'],
      ] as const) {
        const products = await call('GET', '/api/products', undefined, undefined, language);
        expect(products.json().plans.find((p: { code: string }) => p.code === 'premium')).toMatchObject({
          name,
          price: { amountOre: original.amountOre + 5_000, currency: 'SEK', interval: 'month' },
        });
      }
      const audit = await app.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'data'])
        .where('action', '=', 'admin.pricing.plan')
        .where('subject_id', '=', 'premium')
        .orderBy('at', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_user_id: adminId,
        data: { amountOre: { from: original.amountOre, to: original.amountOre + 5_000 } },
      });

      const missing = await call(
        'PUT',
        '/api/admin/pricing/products/no-such-product',
        adminToken,
        {
          nameSv: 'X',
          nameEn: 'X',
        },
        'sv',
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        code: 'PRICING_NOT_FOUND',
        errorMessage: 'Planen eller produkten finns inte',
      });
      const blank = await call('PUT', '/api/admin/pricing/plans/premium', adminToken, {
        nameSv: ' ',
        nameEn: 'X',
      });
      expect(blank.statusCode).toBe(400);
      // Over the cap the answer names the cap, in the request's language.
      for (const [language, message] of [
        ['sv', 'Priset får inte vara högre än 1 000 000 kr'],
        ['en', 'A price cannot be more than 1,000,000 SEK'],
      ] as const) {
        const tooHigh = await call(
          'PUT',
          '/api/admin/pricing/plans/premium',
          adminToken,
          { nameSv: 'X', nameEn: 'X', amountOre: 100_000_001 },
          language,
        );
        expect(tooHigh.statusCode).toBe(400);
        expect(JSON.stringify(tooHigh.json())).toContain(message);
      }
    } finally {
      const restored = await call('PUT', '/api/admin/pricing/plans/premium', adminToken, original);
      expect(restored.statusCode, restored.body).toBe(200);
    }
    const after = await call('GET', '/api/products', undefined, undefined, 'sv');
    expect(after.json().plans.find((p: { code: string }) => p.code === 'premium')).toMatchObject({
      name: original.nameSv,
      price: { amountOre: original.amountOre },
    });
  });
  it('refuses 0 and negative prices for every paid plan and product, at amountOre, in sv and en', async () => {
    const pricing = (await call('GET', '/api/admin/pricing', adminToken)).json() as {
      plans: { code: string; nameSv: string; nameEn: string; price: { amountOre: number } | null }[];
      products: { code: string; nameSv: string; nameEn: string; price: { amountOre: number } | null }[];
    };
    const paid = [
      ...pricing.plans.filter((p) => p.code !== 'standard').map((p) => ({ ...p, target: 'plans' })),
      ...pricing.products.map((p) => ({ ...p, target: 'products' })),
    ];
    expect(paid.map((p) => p.code)).toEqual(
      expect.arrayContaining(['premium', 'premium_plus', 'custom', 'assessment_basic', 'hire_fee']),
    );
    for (const item of paid) {
      for (const [language, message] of [
        ['sv', 'Priset måste vara högre än 0 kr'],
        ['en', 'A price must be more than 0 SEK'],
      ] as const) {
        const zero = await call(
          'PUT',
          `/api/admin/pricing/${item.target}/${item.code}`,
          adminToken,
          { nameSv: item.nameSv, nameEn: item.nameEn, amountOre: 0 },
          language,
        );
        expect(zero.statusCode, `${item.code} ${zero.body}`).toBe(400);
        expect(zero.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errorMessage: message,
          data: { issues: [{ field: 'amountOre', code: 'validation.priceNotPositive', message }] },
        });
      }
      const negative = await call(
        'PUT',
        `/api/admin/pricing/${item.target}/${item.code}`,
        adminToken,
        { nameSv: item.nameSv, nameEn: item.nameEn, amountOre: -100 },
        'sv',
      );
      expect(negative.statusCode).toBe(400);
      expect(negative.json().data.issues).toEqual([
        expect.objectContaining({ field: 'amountOre', message: 'Får inte vara ett negativt tal' }),
      ]);
    }
    // Nothing was saved: the prices in force are the ones before.
    const after = (await call('GET', '/api/admin/pricing', adminToken)).json();
    expect(after).toEqual(pricing);
    // The free plan keeps its price of 0 kr (saving its names with it is fine).
    const standard = pricing.plans.find((p) => p.code === 'standard')!;
    expect(standard.price).toMatchObject({ amountOre: 0 });
    const free = await call('PUT', '/api/admin/pricing/plans/standard', adminToken, {
      nameSv: standard.nameSv,
      nameEn: standard.nameEn,
      amountOre: 0,
    });
    expect(free.statusCode, free.body).toBe(200);
  });
});
