import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { findProfileSources } from '@mp/indexer/profile-source.repository';
import { ensureSearchIndex, writeProfiles } from '@mp/indexer/search-index';
import { searchPageSchema } from '@mp/api-contract/search.schema';
import { createDatabase } from '@mp/migrations/db';
import { generateQueryMix } from '@mp/scripts/bench/query-mix';
import { generateConsultant } from '@mp/scripts/seed/consultant-generator';
import {
  buildConsultantDocument,
  criteriaSchema,
  type ConsultantDocument,
  type SearchCriteriaInput,
} from '@mp/search-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput, createConsultants, uniqueSearchWord } from '@mp/test-support/profile-factory';
import { matchesCriteria } from '@mp/test-support/reference-filter';
import { swedishToday } from './search.service';
import { dropSearchIndices } from '@mp/test-support/search-index';

const alias = `it-search-${randomUUID().slice(0, 8)}`;
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
let app: FastifyInstance;
let docs: ConsultantDocument[] = [];
const today = swedishToday();

/** All user ids the API returns for the criteria, paging with the cursor until it runs out. */
async function searchAll(criteria: SearchCriteriaInput, pageSize = 50): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/v3',
      payload: { ...criteria, cursor, pageSize, facets: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { results: { userId: string }[]; cursor: string | null; total: number };
    ids.push(...body.results.map((r) => r.userId));
    cursor = body.cursor;
    if (!cursor) break;
  }
  return ids;
}

function expectedIds(criteria: SearchCriteriaInput): string[] {
  const parsed = criteriaSchema.parse(criteria);
  return docs.filter((d) => matchesCriteria(d, parsed, today)).map((d) => d.userId);
}

beforeAll(async () => {
  const seed = Math.floor(Math.random() * 1e6);
  const created = await createConsultants(
    db,
    Array.from({ length: 160 }, (_, i) => generateConsultant(i, seed).profile),
  );
  const sources = await findProfileSources(
    db,
    created.map((c) => c.userId),
  );
  await ensureSearchIndex(es, alias);
  await writeProfiles(es, alias, sources, { refresh: true });
  docs = sources.filter((s) => s.isSearchable && !s.deleted).map(buildConsultantDocument);
  app = await buildTestApp({ SEARCH_INDEX_ALIAS: alias });
});

afterAll(async () => {
  await app?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('POST /api/search/v3 against the real index', () => {
  it('filters exactly like the reference filter for hundreds of random criteria, paging with the cursor', async () => {
    // A new mix each run; a failure names its seed, and SEARCH_MIX_SEED=<seed> replays that mix.
    const seed = Number(process.env.SEARCH_MIX_SEED ?? Math.floor(Math.random() * 1e6));
    const mix = generateQueryMix(250, seed).map(({ searchTerm: _t, ...rest }) => rest);
    let nonEmpty = 0;
    let withRequirements = 0;
    let withNiceToHave = 0;
    for (const criteria of mix) {
      const expected = expectedIds(criteria).sort();
      const actual = await searchAll(criteria, 7);
      // Every result exactly once, and exactly the expected ones.
      const described = `seed ${seed}: ${JSON.stringify(criteria)}`;
      expect(new Set(actual).size, described).toBe(actual.length);
      expect(actual.sort(), described).toEqual(expected);
      if (expected.length > 0) nonEmpty += 1;
      if (expected.length > 0 && criteria.skillRequirements?.length) withRequirements += 1;
      // The reference filter ignores nice-to-haves: equal sets prove they never change who matches.
      if (expected.length > 0 && criteria.niceToHave) withNiceToHave += 1;
    }
    expect(withRequirements).toBeGreaterThan(10);
    expect(withNiceToHave).toBeGreaterThan(10);
    // The mix must exercise real matches, not only empty results.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('answers pages that fit the contract, byte for byte what the zod serialiser writes', async () => {
    // The route writes pages with fast-json-stringify compiled from the schema; the generic serialiser
    // checked them with zod and ran JSON.stringify. Both must agree on every page of the bench's mix.
    const user = await createUser(db, app.config);
    const token = await createSessionToken(app, user.id);
    for (const [i, criteria] of generateQueryMix(60, 7).entries()) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/search/v3',
        headers: i % 2 === 0 ? { authorization: token } : {},
        payload: { ...criteria, pageSize: 6, facets: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = searchPageSchema.parse(response.json());
      expect(response.body).toBe(JSON.stringify(searchPageSchema.encode(page)));
    }
  });

  it('returns every searchable profile with no criteria, and never a hidden one', async () => {
    const all = await searchAll({ availableAt: null });
    const visible = docs.filter((d) =>
      matchesCriteria(d, criteriaSchema.parse({ availableAt: null }), today),
    );
    expect(all.sort()).toEqual(visible.map((d) => d.userId).sort());
  });

  it('returns facet counts that add up with the filters', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/search/v3', payload: { facets: true } });
    const body = response.json() as {
      total: number;
      facets: Record<string, { value: string; count: number }[]>;
    };
    const stockholm = body.facets.locations?.find((f) => f.value === 'stockholm');
    expect(stockholm).toBeDefined();
    const filtered = await app.inject({
      method: 'POST',
      url: '/api/search/v3',
      payload: { locations: ['stockholm'], facets: false },
    });
    expect(filtered.json().total).toBe(stockholm!.count);
  });

  it('gives anonymous callers cards with nothing that identifies a person', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/search/v3', payload: { pageSize: 50 } });
    const { results } = response.json() as { results: Record<string, unknown>[] };
    expect(results.length).toBeGreaterThan(0);
    for (const card of results) {
      expect(card.firstName ?? null).toBeNull();
      expect(card.lastName ?? null).toBeNull();
      expect(card.picture ?? null).toBeNull();
      expect(JSON.stringify(card)).not.toMatch(/@/);
    }
  });

  it('gives names and pictures only to verified users (issue 13 item 3)', async () => {
    const search = async (verified: boolean) => {
      const user = await createUser(db, app.config, { verified, email: verified ? undefined : null });
      const response = await app.inject({
        method: 'POST',
        url: '/api/search/v3',
        headers: { authorization: await createSessionToken(app, user.id) },
        payload: { pageSize: 50, facets: false },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { results: Record<string, unknown>[] }).results;
    };
    const unverified = await search(false);
    expect(unverified.length).toBeGreaterThan(0);
    for (const card of unverified) {
      expect(card.firstName ?? null).toBeNull();
      expect(card.lastName ?? null).toBeNull();
      expect(card.picture ?? null).toBeNull();
    }
    const verified = await search(true);
    expect(verified.some((card) => typeof card.firstName === 'string')).toBe(true);
  });

  it('answers bad criteria with 400 and a clear message, in the request language', async () => {
    const en = await app.inject({
      method: 'POST',
      url: '/api/search/v3',
      headers: { 'accept-language': 'en' },
      payload: { locations: ['atlantis'] },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorMessage: 'Invalid input',
      data: { issues: [{ field: expect.stringMatching(/^locations/) }] },
    });
    const badCursor = await app.inject({
      method: 'POST',
      url: '/api/search/v3',
      payload: { cursor: 'nope' },
    });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().code).toBe('INVALID_CURSOR');
  });

  it('suggests tags under the current conditions and vocabulary by prefix with one typo', async () => {
    const tags = await app.inject({
      method: 'POST',
      url: '/api/search/tags/v2',
      payload: { tag: 'skills', conditions: { locations: ['stockholm'] } },
    });
    expect(tags.statusCode).toBe(200);
    const results = tags.json().results as { id: string; count: number }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(10);

    const vocabulary = await app.inject({
      method: 'POST',
      url: '/api/search/vocabulary/v2',
      headers: { 'accept-language': 'en' },
      payload: { vocabulary: 'skills', searchTerm: 'jva', suggestions: 10 },
    });
    expect((vocabulary.json().results as { label: string }[]).map((r) => r.label)).toContain('Java');
  });
});

// Last: it adds consultants to the index the tests above compare with.
describe('availability on the cards', () => {
  it("tells a consultant available from a day that has come as available now (the card's stored date passes)", async () => {
    const word = uniqueSearchWord();
    const shortDescription = `Konsult ${word}`;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const created = await createConsultants(db, [
      buildProfileInput({
        firstName: 'Passerad',
        shortDescription,
        availability: { kind: 'available_at', date: inDays(-20), withinDays: null },
      }),
      buildProfileInput({
        firstName: 'Kommande',
        shortDescription,
        availability: { kind: 'available_at', date: inDays(40), withinDays: null },
      }),
    ]);
    await writeProfiles(
      es,
      alias,
      await findProfileSources(
        db,
        created.map((c) => c.userId),
      ),
      {
        refresh: true,
      },
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/v3',
      payload: { searchTerm: word, availableAt: inDays(60), facets: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const availability = Object.fromEntries(
      (response.json() as { results: { userId: string; availability: unknown }[] }).results.map((r) => [
        r.userId,
        r.availability,
      ]),
    );
    expect(availability[created[0]!.userId]).toEqual({ kind: 'available_now', date: null, withinDays: null });
    expect(availability[created[1]!.userId]).toEqual({
      kind: 'available_at',
      date: inDays(40),
      withinDays: null,
    });
  });
});
