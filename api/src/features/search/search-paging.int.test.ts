import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { findProfileSources } from '@mp/indexer/profile-source.repository';
import { ensureSearchIndex, writeProfiles } from '@mp/indexer/search-index';
import { createDatabase } from '@mp/migrations/db';
import { decodePageCursor, encodeCursor } from '@mp/search-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import {
  buildProfileInput,
  createConsultants,
  uniqueSearchWord as uniqueWord,
} from '@mp/test-support/profile-factory';
import { dropSearchIndices } from '@mp/test-support/search-index';

// Scrolling through a keyword search while other profiles are written. Every write changes the relevance
// scores (a new document changes every term's weight), so a cursor that carried only the last card's old
// score skipped every remaining card whose score had risen above it: the list ended after the first page.

const alias = `it-paging-${randomUUID().slice(0, 8)}`;
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
let app: FastifyInstance;

/** Creates searchable consultants whose description holds `word` and writes them to the index, refreshed. */
async function indexConsultants(word: string, count: number): Promise<string[]> {
  const created = await createConsultants(
    db,
    Array.from({ length: count }, () => buildProfileInput({ shortDescription: `Erfaren konsult. ${word}` })),
  );
  const ids = created.map((consultant) => consultant.userId);
  await writeProfiles(es, alias, await findProfileSources(db, ids), { refresh: true });
  return ids;
}

async function page(searchTerm: string, cursor: string | null) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/search/v3',
    payload: { searchTerm, cursor, facets: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { results: { userId: string }[]; cursor: string | null; total: number };
}

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
  app = await buildTestApp({ SEARCH_INDEX_ALIAS: alias });
});

afterAll(async () => {
  await app?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('paging /api/search/v3 while profiles are written', () => {
  it('returns every match exactly once when other profiles are indexed between the pages', async () => {
    const word = uniqueWord();
    const expected = await indexConsultants(word, 30);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < 10; pageNumber++) {
      const body = await page(word, cursor);
      seen.push(...body.results.map((result) => result.userId));
      cursor = body.cursor;
      if (!cursor) break;
      // Profiles that do not match: they change the scores of the ones that do.
      await indexConsultants(uniqueWord(), 15);
    }
    expect(seen).toHaveLength(30);
    expect([...seen].sort()).toEqual([...expected].sort());
  });

  it('reads the pages after the first from one point in time, and its cursor fits the request', async () => {
    const word = uniqueWord();
    await indexConsultants(word, 14);
    const first = await page(word, null);
    expect(decodePageCursor(first.cursor!).pointInTime).toBeUndefined();
    const second = await page(word, first.cursor);
    const { pointInTime } = decodePageCursor(second.cursor!);
    expect(pointInTime).toEqual(expect.any(String));
    // A consultant saved now is not in the point in time: the third page holds only the last two of the 14.
    await indexConsultants(word, 5);
    const third = await page(word, second.cursor);
    expect(third.results).toHaveLength(2);
    expect(third.cursor).toBeNull();
  });

  it('closes the point in time when the reader reaches the end of the list', async () => {
    const word = uniqueWord();
    await indexConsultants(word, 14);
    const first = await page(word, null);
    const second = await page(word, first.cursor);
    const { pointInTime } = decodePageCursor(second.cursor!);
    const readFrom = () => es.search({ pit: { id: pointInTime!, keep_alive: '1m' }, size: 0 });
    await expect(readFrom()).resolves.toBeDefined();
    const third = await page(word, second.cursor);
    expect(third.results).toHaveLength(2);
    expect(third.cursor).toBeNull();
    // Nothing comes after the last page: its point in time was closed, not held for its keep-alive.
    await expect(readFrom()).rejects.toMatchObject({ meta: { statusCode: 404 } });
  });

  it('carries on where the reader left off when the point in time is gone', async () => {
    const word = uniqueWord();
    const expected = await indexConsultants(word, 16);
    const first = await page(word, null);
    const second = await page(word, first.cursor);
    const { sort, pointInTime } = decodePageCursor(second.cursor!);
    await es.closePointInTime({ id: pointInTime! });
    await indexConsultants(uniqueWord(), 20);
    const third = await page(word, second.cursor);
    // A point in time the cluster never knew (a cursor kept from another cluster, say) is replaced the same way.
    const unknown = await page(word, encodeCursor(sort, 'bm90LWEtcG9pbnQtaW4tdGltZQ'));
    expect(unknown.results.map((result) => result.userId)).toEqual(
      third.results.map((result) => result.userId),
    );
    const seen = [first, second, third].flatMap((body) => body.results.map((result) => result.userId));
    expect(third.results).toHaveLength(4);
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});
