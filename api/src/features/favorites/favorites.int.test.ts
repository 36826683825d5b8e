import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { findProfileSources } from '@mp/indexer/profile-source.repository';
import { ensureSearchIndex, writeProfiles } from '@mp/indexer/search-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@mp/test-support/test-app';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { dropSearchIndices } from '@mp/test-support/search-index';
import { profileInputSchema } from '../profiles/profile.schema';
import { saveProfile } from '../profiles/profile.service';

const alias = `it-favorites-${randomUUID().slice(0, 8)}`;
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
const api = useTestApp({ SEARCH_INDEX_ALIAS: alias });
/** available now in Stockholm, not available in Göteborg, hidden, available now in Göteborg. */
let available: string, unavailable: string, hidden: string, outsider: string;

beforeAll(async () => {
  const created = await createConsultants(api.app.db, [
    buildProfileInput({ firstName: 'Astrid', locations: ['stockholm'] }),
    buildProfileInput({
      firstName: 'Bertil',
      locations: ['goteborg'],
      availability: { kind: 'not_available', date: null, withinDays: null },
    }),
    buildProfileInput({ firstName: 'Cecilia', isSearchable: false }),
    buildProfileInput({ firstName: 'David', locations: ['goteborg'] }),
  ]);
  [available, unavailable, hidden, outsider] = created.map((c) => c.userId) as [
    string,
    string,
    string,
    string,
  ];
  await ensureSearchIndex(es, alias);
  await writeProfiles(
    es,
    alias,
    await findProfileSources(
      api.app.db,
      created.map((c) => c.userId),
    ),
    { refresh: true },
  );
});

afterAll(async () => {
  await dropSearchIndices(es, alias);
  await es.close();
});

const { call } = api;
const loggedIn = api.createLoggedInUser;

interface Group {
  id: string;
  name: string;
  members: string[];
}

async function createGroup(token: string, name: string, members: string[] = []): Promise<Group> {
  const response = await call('POST', '/api/favorites', token, { name, members });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { group: Group }).group;
}

describe('favourites groups', () => {
  it('creates, lists, renames, fills, empties and deletes a group', async () => {
    const user = await loggedIn();
    expect((await call('GET', '/api/favorites', user.token)).json()).toEqual({ groups: [] });

    const created = await call('POST', '/api/favorites', user.token, {
      name: ' Kortlista ',
      members: [available, available],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { group, groups } = created.json() as { group: Group; groups: Group[] };
    expect(group).toEqual({ id: expect.any(String), name: 'Kortlista', members: [available] });
    expect(groups).toEqual([group]);
    const empty = await createGroup(user.token, 'Tom');

    const renamed = await call('PUT', `/api/favorites/${group.id}`, user.token, { name: 'Kortlista Q3' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().groups).toEqual([{ ...group, name: 'Kortlista Q3' }, empty]);

    const added = await call('PUT', `/api/favorites/${group.id}/members/${unavailable}`, user.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().groups[0].members).toEqual([available, unavailable]);
    // Adding again changes nothing.
    const again = await call('PUT', `/api/favorites/${group.id}/members/${unavailable}`, user.token);
    expect(again.json().groups[0].members).toEqual([available, unavailable]);

    const removed = await call('DELETE', `/api/favorites/${group.id}/members/${available}`, user.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().groups[0].members).toEqual([unavailable]);
    const removedAgain = await call('DELETE', `/api/favorites/${group.id}/members/${available}`, user.token);
    expect(removedAgain.json().groups[0].members).toEqual([unavailable]);

    const deleted = await call('DELETE', `/api/favorites/${group.id}`, user.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ groups: [empty], message: 'List successfully deleted!' });
    const deletedSv = await call('DELETE', `/api/favorites/${empty.id}`, user.token, undefined, 'sv');
    expect(deletedSv.json()).toEqual({ groups: [], message: 'Listan har tagits bort!' });
  });

  it('refuses a second list of the same name, case and spaces aside, also on rename; others may use it', async () => {
    const user = await loggedIn();
    const shortlist = await createGroup(user.token, 'Shortlist');
    for (const name of ['Shortlist', ' shortlist  ', 'SHORTLIST']) {
      const again = await call('POST', '/api/favorites', user.token, { name });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({
        code: 'LIST_NAME_TAKEN',
        errorMessage: 'You already have a list with this name',
      });
    }
    const sv = await call('POST', '/api/favorites', user.token, { name: 'Shortlist' }, 'sv');
    expect(sv.json().errorMessage).toBe('Du har redan en lista med det här namnet');

    const other = await createGroup(user.token, 'Backup');
    const renamed = await call('PUT', `/api/favorites/${other.id}`, user.token, { name: 'shortlist ' });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().code).toBe('LIST_NAME_TAKEN');
    // A list may keep its own name or change its case.
    const recased = await call('PUT', `/api/favorites/${shortlist.id}`, user.token, { name: 'ShortList' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect((await call('GET', '/api/favorites', user.token)).json().groups.map((g: Group) => g.name)).toEqual(
      ['ShortList', 'Backup'],
    );
    // Two requests at once still make one list.
    const racing = await Promise.all(
      [1, 2].map(() => call('POST', '/api/favorites', user.token, { name: 'Parallel' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const someoneElse = await loggedIn();
    await createGroup(someoneElse.token, 'Shortlist');
  });

  it('only takes existing, searchable consultants', async () => {
    const user = await loggedIn();
    const group = await createGroup(user.token, 'Lista');
    for (const id of [hidden, randomUUID(), 'not-a-uuid', 'x'.repeat(3000), user.id]) {
      const response = await call('PUT', `/api/favorites/${group.id}/members/${id}`, user.token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'PROFILE_NOT_AVAILABLE',
        errorMessage: 'Profile not available',
      });
    }
    const withHidden = await call('POST', '/api/favorites', user.token, {
      name: 'Dold',
      members: [available, hidden],
    });
    expect(withHidden.statusCode).toBe(404);
    expect((await call('GET', '/api/favorites', user.token)).json().groups).toEqual([group]);
  });

  it.each([
    ['en', '', 'Field is required'],
    ['sv', '', 'Fältet är obligatoriskt'],
    ['en', '   ', 'Cannot contain only spaces'],
    ['sv', '   ', 'Får inte bara innehålla mellanslag'],
    ['en', 'y'.repeat(31), 'Name cannot be longer than 30 characters'],
    ['sv', 'y'.repeat(31), 'Namnet får inte vara längre än 30 tecken'],
  ])('refuses a bad name (%s, %j) on create and rename', async (language, name, message) => {
    const user = await loggedIn();
    const created = await call('POST', '/api/favorites', user.token, { name }, language);
    expect(created.statusCode).toBe(400);
    expect(created.json().errorMessage).toBe(message);
    const group = await createGroup(user.token, 'y'.repeat(30));
    const renamed = await call('PUT', `/api/favorites/${group.id}`, user.token, { name }, language);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errorMessage).toBe(message);
  });

  it('answers 401 logged out, 403 unverified and 404 for groups that are not the user’s', async () => {
    const owner = await loggedIn();
    const group = await createGroup(owner.token, 'Ägarens', [available]);
    const routes: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/favorites'],
      ['POST', '/api/favorites', { name: 'x' }],
      ['PUT', `/api/favorites/${group.id}`, { name: 'x' }],
      ['DELETE', `/api/favorites/${group.id}`],
      ['PUT', `/api/favorites/${group.id}/members/${unavailable}`],
      ['DELETE', `/api/favorites/${group.id}/members/${available}`],
    ];
    const unverified = await loggedIn({ verified: false });
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(method, url, unverified.token, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().code).toBe('NOT_VERIFIED');
    }
    const other = await loggedIn();
    expect((await call('GET', '/api/favorites', other.token)).json().groups).toEqual([]);
    for (const [method, url, payload] of routes.slice(2)) {
      const response = await call(method, url, other.token, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'LIST_NOT_FOUND',
        errorMessage: 'The list was not found',
      });
    }
    expect((await call('PUT', `/api/favorites/${randomUUID()}`, owner.token, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/favorites', owner.token)).json().groups).toEqual([group]);
  });
});

describe('favourites in POST /api/search/v3', () => {
  interface Card {
    userId: string;
    firstName: string | null;
    favoritesGroups: string[];
  }
  const search = async (token: string | null, payload: object = {}) => {
    const response = await call('POST', '/api/search/v3', token, { pageSize: 50, ...payload });
    return response;
  };
  const cardsOf = (response: Awaited<ReturnType<typeof search>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return new Map((response.json() as { results: Card[] }).results.map((card) => [card.userId, card]));
  };

  it("marks each card with the logged-in user's groups holding the consultant", async () => {
    const user = await loggedIn();
    const first = await createGroup(user.token, 'Första', [available]);
    const second = await createGroup(user.token, 'Andra', [available, outsider]);
    const cards = cardsOf(await search(user.token));
    expect([...cards.keys()].sort()).toEqual([available, outsider].sort());
    expect(cards.get(available)).toMatchObject({
      firstName: 'Astrid',
      favoritesGroups: [first.id, second.id],
    });
    expect(cards.get(outsider)!.favoritesGroups).toEqual([second.id]);

    const otherCards = cardsOf(await search((await loggedIn()).token));
    expect([...otherCards.values()].every((card) => card.favoritesGroups.length === 0)).toBe(true);
    const anonymous = cardsOf(await search(null));
    for (const card of anonymous.values()) {
      expect(card.favoritesGroups).toEqual([]);
      expect(card.firstName).toBeNull();
    }
  });

  it('opens a group: its searchable members, whatever their availability; criteria filter within it', async () => {
    const user = await loggedIn();
    const group = await createGroup(user.token, 'Öppna', [available, unavailable]);
    const opened = await search(user.token, { favoritesGroup: group.id });
    const cards = cardsOf(opened);
    expect([...cards.keys()].sort()).toEqual([available, unavailable].sort());
    expect(opened.json().total).toBe(2);
    expect(cards.get(unavailable)!.favoritesGroups).toEqual([group.id]);

    const inStockholm = cardsOf(
      await search(user.token, { favoritesGroup: group.id, locations: ['stockholm'] }),
    );
    expect([...inStockholm.keys()]).toEqual([available]);
    // With criteria the usual availability rule applies: the unavailable member drops out.
    const inGothenburg = cardsOf(
      await search(user.token, { favoritesGroup: group.id, locations: ['goteborg'] }),
    );
    expect([...inGothenburg.keys()]).toEqual([]);

    const emptyGroup = await createGroup(user.token, 'Tom');
    expect(cardsOf(await search(user.token, { favoritesGroup: emptyGroup.id })).size).toBe(0);
  });

  it('drops a deleted account from every list in the deletion: the members and the opened list agree', async () => {
    const consultant = await loggedIn();
    await saveProfile(
      api.app.db,
      consultant.id,
      profileInputSchema.parse(buildProfileInput({ firstName: 'Edit' })),
    );
    await writeProfiles(es, alias, await findProfileSources(api.app.db, [consultant.id]), { refresh: true });
    const buyer = await loggedIn();
    const group = await createGroup(buyer.token, 'Kortlista', [consultant.id, available]);
    const other = await createGroup((await loggedIn()).token, 'Annan', [consultant.id]);
    expect((await search(buyer.token, { favoritesGroup: group.id })).json().total).toBe(2);

    const deleted = await call('POST', '/api/user/delete', consultant.token, {
      confirmation: 'delete',
      password: consultant.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The indexer takes the document out of the index (the deletion's outbox row).
    await writeProfiles(es, alias, await findProfileSources(api.app.db, [consultant.id]), { refresh: true });

    const groups = (await call('GET', '/api/favorites', buyer.token)).json().groups as Group[];
    expect(groups).toEqual([{ ...group, members: [available] }]);
    const opened = await search(buyer.token, { favoritesGroup: group.id });
    expect([...cardsOf(opened).keys()]).toEqual([available]);
    expect(opened.json().total).toBe(groups[0]!.members.length);
    const left = await api.app.db
      .selectFrom('favorite_group_members')
      .select('group_id')
      .where('profile_user_id', '=', consultant.id)
      .execute();
    expect(left).toEqual([]);
    expect(other.members).toEqual([consultant.id]);
  });

  it('refuses a group that is not the caller’s', async () => {
    const owner = await loggedIn();
    const group = await createGroup(owner.token, 'Privat', [available]);
    const other = await search((await loggedIn()).token, { favoritesGroup: group.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('LIST_NOT_FOUND');
    expect((await search(owner.token, { favoritesGroup: randomUUID() })).statusCode).toBe(404);
    expect((await search(null, { favoritesGroup: group.id })).statusCode).toBe(401);
    expect((await search(owner.token, { favoritesGroup: 'nope' })).statusCode).toBe(400);
  });

  it("answers a malformed list id 'Invalid id' (400), as the other routes taking a uuid do", async () => {
    const owner = await loggedIn();
    const group = await createGroup(owner.token, 'Lista');
    for (const [language, message] of [
      ['en', 'Invalid id'],
      ['sv', 'Ogiltigt id'],
    ] as const) {
      for (const id of ['nope', 'x'.repeat(300)]) {
        for (const [method, url, payload] of [
          ['PUT', `/api/favorites/${id}`, { name: 'x' }],
          ['DELETE', `/api/favorites/${id}`, undefined],
          ['PUT', `/api/favorites/${id}/members/${available}`, undefined],
          ['DELETE', `/api/favorites/${id}/members/${available}`, undefined],
        ] as const) {
          const response = await call(method, url, owner.token, payload, language);
          expect(response.statusCode, `${method} ${url}`).toBe(400);
          expect(response.json()).toEqual({
            code: 'VALIDATION_FAILED',
            errorMessage: message,
            data: { issues: [{ field: 'id', code: 'validation.invalidId', message }] },
          });
        }
      }
    }
    expect((await call('GET', '/api/favorites', owner.token)).json().groups).toEqual([group]);
  });
});
