import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@mp/test-support/test-app';
import { createRandomToken, hashToken } from '../../lib/crypto';

const api = useTestApp();
const { call } = api;
const loggedIn = api.createLoggedInUser;

interface SavedSearchBody {
  id: string;
  name: string;
  search: Record<string, unknown>;
  sendEmail: boolean;
}

describe('saved searches', () => {
  it('saves, lists, edits and deletes a search with the spec messages', async () => {
    const user = await loggedIn();
    expect((await call('GET', '/api/search/save', user.token)).json()).toEqual({ searches: [] });

    const saved = await call('POST', '/api/search/save', user.token, {
      name: '  Java i Göteborg ',
      search: {
        skills: ['JS', 'React.js'],
        locations: ['Göteborg'],
        availableAt: '2031-01-15',
        skillRequirements: [{ skill: 'JS', minYears: 5, usedWithinYears: 2 }],
        niceToHave: { languages: ['Engelska'] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as { searches: SavedSearchBody[]; message: string };
    expect(body.message).toBe('Your search was saved');
    expect(body.searches).toHaveLength(1);
    const [search] = body.searches;
    // Names are trimmed, criteria canonical, sendEmail off unless asked for.
    expect(search).toMatchObject({ name: 'Java i Göteborg', sendEmail: false });
    expect(search!.search).toMatchObject({
      skills: ['javascript', 'react'],
      locations: ['goteborg'],
      availableAt: '2031-01-15',
      searchTerm: '',
      skillRequirements: [{ skill: 'javascript', minYears: 5, usedWithinYears: 2 }],
      niceToHave: { languages: ['en'] },
    });

    const swedish = await call('POST', '/api/search/save', user.token, { name: 'Andra', search: {} }, 'sv');
    expect(swedish.json().message).toBe('Din sökning har sparats');
    expect(swedish.json().searches.map((s: SavedSearchBody) => s.name)).toEqual(['Java i Göteborg', 'Andra']);

    // Rename only: the criteria stay.
    const renamed = await call('POST', `/api/search/save/${search!.id}`, user.token, { name: 'Java GBG' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = (renamed.json() as { searches: SavedSearchBody[] }).searches.find(
      (s) => s.id === search!.id,
    );
    expect(afterRename).toMatchObject({
      name: 'Java GBG',
      search: { skills: ['javascript', 'react'], skillRequirements: [{ skill: 'javascript', minYears: 5 }] },
    });

    // New criteria.
    const edited = await call('POST', `/api/search/save/${search!.id}`, user.token, {
      search: { personalities: ['Analyser'] },
    });
    const afterEdit = (edited.json() as { searches: SavedSearchBody[] }).searches.find(
      (s) => s.id === search!.id,
    );
    expect(afterEdit!.search).toMatchObject({ personalities: ['analyser'], skills: [] });
    expect(afterEdit!.name).toBe('Java GBG');

    const deleted = await call('DELETE', `/api/search/save/${search!.id}`, user.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Your search was successfully deleted');
    expect(deleted.json().searches.map((s: SavedSearchBody) => s.name)).toEqual(['Andra']);
    const deletedSv = await call(
      'DELETE',
      `/api/search/save/${swedish.json().searches[1].id}`,
      user.token,
      undefined,
      'sv',
    );
    expect(deletedSv.json()).toEqual({ searches: [], message: 'Din sökning har tagits bort' });
  });

  it('lets only premium users switch the weekly e-mail on', async () => {
    const basic = await loggedIn({ isPremium: false });
    const refused = await call('POST', '/api/search/save', basic.token, {
      name: 'Mejl',
      search: {},
      sendEmail: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PREMIUM_REQUIRED',
      errorMessage: 'This feature requires a premium account',
    });
    expect((await call('GET', '/api/search/save', basic.token)).json().searches).toEqual([]);

    const created = await call('POST', '/api/search/save', basic.token, { name: 'Utan mejl', search: {} });
    const id = created.json().searches[0].id as string;
    const turnOn = await call('POST', `/api/search/save/${id}`, basic.token, { sendEmail: true }, 'sv');
    expect(turnOn.statusCode).toBe(403);
    expect(turnOn.json().errorMessage).toBe('Den här funktionen kräver ett premiumkonto');
    // Switching it off is always allowed.
    expect((await call('POST', `/api/search/save/${id}`, basic.token, { sendEmail: false })).statusCode).toBe(
      200,
    );

    const premium = await loggedIn({ isPremium: true });
    const subscribed = await call('POST', '/api/search/save', premium.token, {
      name: 'Veckomejl',
      search: { skills: ['TypeScript'] },
      sendEmail: true,
    });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().searches[0]).toMatchObject({ name: 'Veckomejl', sendEmail: true });
    const premiumId = subscribed.json().searches[0].id as string;
    const off = await call('POST', `/api/search/save/${premiumId}`, premium.token, { sendEmail: false });
    expect(off.json().searches[0].sendEmail).toBe(false);
  });

  it.each([
    ['en', '', 'Field is required'],
    ['sv', '', 'Fältet är obligatoriskt'],
    ['en', '    ', 'Cannot contain only spaces'],
    ['sv', '    ', 'Får inte bara innehålla mellanslag'],
    ['en', 'x'.repeat(31), 'Name cannot be longer than 30 characters'],
    ['sv', 'x'.repeat(31), 'Namnet får inte vara längre än 30 tecken'],
  ])('refuses a bad name (%s, %j)', async (language, name, message) => {
    const user = await loggedIn();
    const created = await call('POST', '/api/search/save', user.token, { name, search: {} }, language);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessage: message });

    const ok = await call('POST', '/api/search/save', user.token, { name: 'x'.repeat(30), search: {} });
    expect(ok.statusCode).toBe(200);
    const id = ok.json().searches[0].id as string;
    const edited = await call('POST', `/api/search/save/${id}`, user.token, { name }, language);
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errorMessage).toBe(message);
  });

  it('refuses a missing name and bad criteria', async () => {
    const user = await loggedIn();
    const missing = await call('POST', '/api/search/save', user.token, { search: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorMessage).toBe('Field is required');
    const badCriteria = await call('POST', '/api/search/save', user.token, {
      name: 'Atlantis',
      search: { locations: ['atlantis'] },
    });
    expect(badCriteria.statusCode).toBe(400);
    expect(badCriteria.json()).toMatchObject({
      errorMessage: 'Invalid input',
      data: { issues: [{ field: expect.stringMatching(/^search\.locations/) }] },
    });
  });

  it('answers 401 logged out and 403 unverified', async () => {
    for (const [method, url] of [
      ['GET', '/api/search/save'],
      ['POST', '/api/search/save'],
      ['POST', `/api/search/save/${randomUUID()}`],
      ['DELETE', `/api/search/save/${randomUUID()}`],
    ] as const) {
      const response = await call(
        method,
        url,
        null,
        method === 'POST' ? { name: 'x', search: {} } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const unverified = await loggedIn({ verified: false });
    const refused = await call('GET', '/api/search/save', unverified.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'NOT_VERIFIED',
      errorMessage: 'Confirm your e-mail address to use this feature',
    });
    const saved = await call('POST', '/api/search/save', unverified.token, { name: 'x', search: {} });
    expect(saved.statusCode).toBe(403);
  });

  it("never shows, edits or deletes another user's search (404)", async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const created = await call('POST', '/api/search/save', owner.token, { name: 'Min', search: {} });
    const id = created.json().searches[0].id as string;

    expect((await call('GET', '/api/search/save', other.token)).json().searches).toEqual([]);
    for (const [method, payload] of [
      ['POST', { name: 'Stulen' }],
      ['POST', {}],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/api/search/save/${id}`, other.token, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'SAVED_SEARCH_NOT_FOUND',
        errorMessage: 'The saved search was not found',
      });
    }
    expect(
      (await call('POST', `/api/search/save/${randomUUID()}`, owner.token, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/search/save', owner.token)).json().searches).toEqual([
      expect.objectContaining({ id, name: 'Min' }),
    ]);
  });
});

describe("the weekly mail's unsubscribe link", () => {
  /** A premium user's subscribed search and the token of a mail sent for it (as the indexer stores it). */
  async function mailedSearch(name: string) {
    const user = await loggedIn({ isPremium: true });
    const created = await call('POST', '/api/search/save', user.token, { name, search: {}, sendEmail: true });
    const id = (created.json().searches as SavedSearchBody[]).find((s) => s.name === name)!.id;
    const token = createRandomToken();
    await api.app.db
      .insertInto('saved_search_mailings')
      .values({ saved_search_id: id, period: '2031-W20', unsubscribe_token_hash: hashToken(token) })
      .execute();
    return { user, id, token };
  }

  const sendEmailOf = async (token: string, id: string) =>
    ((await call('GET', '/api/search/save', token)).json().searches as SavedSearchBody[]).find(
      (s) => s.id === id,
    )!.sendEmail;

  it('turns that search’s weekly e-mail off without a login, as often as it is opened', async () => {
    const { user, id, token } = await mailedSearch('Veckobrev');
    const kept = await call('POST', '/api/search/save', user.token, {
      name: 'Kvar',
      search: {},
      sendEmail: true,
    });
    expect(kept.statusCode).toBe(200);

    const url = `/api/search/save/unsubscribe?token=${encodeURIComponent(token)}`;
    const response = await call('POST', url, null, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ name: 'Veckobrev', sendEmail: false });
    expect(await sendEmailOf(user.token, id)).toBe(false);
    // The user's other subscription stays.
    const others = (await call('GET', '/api/search/save', user.token)).json().searches as SavedSearchBody[];
    expect(others.find((s) => s.name === 'Kvar')!.sendEmail).toBe(true);

    // Again, and as mail clients post RFC 8058's one-click (a form, url-encoded or multipart): the same answer.
    expect((await call('POST', url, null, {})).json()).toEqual({ name: 'Veckobrev', sendEmail: false });
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
      [
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      ],
    ] as const) {
      const oneClick = await api.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
      });
      expect(oneClick.statusCode, `${type}: ${oneClick.body}`).toBe(200);
    }
    // Nothing else unsubscribes: GET does nothing (a mail scanner following the link), the page posts.
    expect((await call('GET', url, null)).statusCode).toBe(404);
  });

  it('answers a clear 400 for a token no mail carried, or none at all', async () => {
    for (const [url, code] of [
      [`/api/search/save/unsubscribe?token=${createRandomToken()}`, 'INVALID_TOKEN'],
      ['/api/search/save/unsubscribe', 'VALIDATION_FAILED'],
      ['/api/search/save/unsubscribe?token=', 'VALIDATION_FAILED'],
    ] as const) {
      const response = await call('POST', url, null, {}, 'sv');
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code, errorMessage: 'Token saknas eller är ogiltig.' });
    }
    // A deleted search takes its mailings, and with them the link.
    const { user, id, token } = await mailedSearch('Borta');
    await call('DELETE', `/api/search/save/${id}`, user.token);
    const gone = await call('POST', `/api/search/save/unsubscribe?token=${token}`, null, {});
    expect(gone.statusCode).toBe(400);
  });

  it("answers a malformed id 'Invalid id' (400), as the other routes taking a uuid do", async () => {
    const owner = await loggedIn();
    await call('POST', '/api/search/save', owner.token, { name: 'Min', search: {} });
    for (const [language, message] of [
      ['en', 'Invalid id'],
      ['sv', 'Ogiltigt id'],
    ] as const) {
      for (const [method, payload] of [
        ['POST', { name: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        for (const id of ['not-a-uuid', 'x'.repeat(300)]) {
          const response = await call(method, `/api/search/save/${id}`, owner.token, payload, language);
          expect(response.statusCode, `${method} ${id}`).toBe(400);
          expect(response.json()).toEqual({
            code: 'VALIDATION_FAILED',
            errorMessage: message,
            data: { issues: [{ field: 'id', code: 'validation.invalidId', message }] },
          });
        }
      }
    }
    expect((await call('GET', '/api/search/save', owner.token)).json().searches).toHaveLength(1);
  });
});
