import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { loadIndexerConfig } from '@mp/indexer/config';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import { startIndexer, type RunningIndexer } from '@mp/indexer/worker';
import { migrateToLatest } from '@mp/migrations/migrator';
import { createScratchDatabase, type ScratchDatabase } from '@mp/migrations/scratch-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { waitForMails } from '@mp/test-support/mail-sink';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';
import { eventually } from '@mp/test-support/eventually';
import { dropSearchIndices } from '@mp/test-support/search-index';

// Edits through the profile API reach /search/v3 through the real pipeline: outbox -> relay -> BullMQ ->
// indexer -> Elasticsearch, with the indexer running in this process. The test owns a scratch database, so
// no other test file's relay can claim its outbox rows (and it claims none of theirs).

const alias = `it-profiles-${randomUUID().slice(0, 8)}`;
let scratch: ScratchDatabase;
let indexer: RunningIndexer;
let app: FastifyInstance;
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });

beforeAll(async () => {
  scratch = await createScratchDatabase('marketplace_profiles');
  await migrateToLatest(scratch.db);
  await ensureSearchIndex(es, alias);
  indexer = await startIndexer(
    loadIndexerConfig({
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch.url,
      SEARCH_INDEX_ALIAS: alias,
      QUEUE_PREFIX: `it-${alias}`,
      RELAY_INTERVAL_MS: '100',
    }),
  );
  app = await buildTestApp({ DATABASE_URL: scratch.url, SEARCH_INDEX_ALIAS: alias });
});

afterAll(async () => {
  await app?.close();
  await indexer?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await scratch?.drop();
});

/** A word no other profile has. */
const uniqueWord = () =>
  `zorblax${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

async function searchIds(searchTerm: string): Promise<string[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/search/v3',
    payload: { searchTerm, availableAt: null, facets: false, pageSize: 50 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: { userId: string }[] }).results.map((r) => r.userId);
}

async function consultant() {
  const user = await createUser(app.db, app.config, { firstName: 'Anna', lastName: 'Lindqvist' });
  return { ...user, headers: { authorization: await createSessionToken(app, user.id) } };
}

describe('profile edits reach search', () => {
  it('finds a saved edit with /search/v3 within a few seconds, and follows the next edit', async () => {
    const c = await consultant();
    const first = uniqueWord();
    const {
      firstName: _f,
      lastName: _l,
      isSearchable: _s,
      ...input
    } = buildProfileInput({
      shortDescription: `Specialist på ${first} och integrationer.`,
    });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: c.headers,
      payload: input,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const elapsed = await eventually(async () => (await searchIds(first)).includes(c.id));
    expect(elapsed).toBeLessThan(5000);

    const second = uniqueWord();
    const edited = await app.inject({
      method: 'PUT',
      url: '/api/profile/skills',
      headers: c.headers,
      payload: { skills: [{ name: second, yearsOfExperience: 3, starred: true }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually(async () => (await searchIds(second)).includes(c.id));
    // The description did not change, so the first word still finds the consultant.
    expect(await searchIds(first)).toContain(c.id);
  });

  it('drops a hidden profile from search and brings it back when shown again', async () => {
    const c = await consultant();
    const word = uniqueWord();
    await app.inject({
      method: 'PUT',
      url: '/api/profile/description',
      headers: c.headers,
      payload: { shortDescription: word },
    });
    await eventually(async () => (await searchIds(word)).includes(c.id));

    const hidden = await app.inject({
      method: 'PUT',
      url: '/api/profile/searchable',
      headers: c.headers,
      payload: { isSearchable: false },
    });
    expect((hidden.json() as OwnProfile).isSearchable).toBe(false);
    await eventually(async () => !(await searchIds(word)).includes(c.id));
    expect((await app.inject({ method: 'GET', url: `/api/profile/${c.id}` })).statusCode).toBe(404);

    await app.inject({
      method: 'PUT',
      url: '/api/profile/searchable',
      headers: c.headers,
      payload: { isSearchable: true },
    });
    await eventually(async () => (await searchIds(word)).includes(c.id));
  });

  it('counts an approved reference in the search document', async () => {
    const c = await consultant();
    const created = await app.inject({
      method: 'POST',
      url: '/api/profile/experiences',
      headers: c.headers,
      payload: {
        company: 'Volvo Cars',
        jobTitle: 'Developer',
        startYear: 2019,
        ongoing: true,
        employmentForm: 'consultant',
      },
    });
    const experienceId = (created.json() as OwnProfile).experiences[0]!.id;
    const email = `referee-${randomUUID().slice(0, 12)}@example.se`;
    const requested = await app.inject({
      method: 'POST',
      url: `/api/profile/experiences/${experienceId}/references`,
      headers: c.headers,
      payload: { firstName: 'Per', lastName: 'Ek', email },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const [mail] = await waitForMails(email);
    const token = mail!.Text.match(/\/verify\/reference\/([A-Za-z0-9_-]+)/)![1]!;
    const answered = await app.inject({
      method: 'POST',
      url: `/api/references/${token}`,
      payload: { decision: 'approve', rating: 4, review: 'Solid work.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const indexedCount = async () => {
      const result = await es.search<{ approvedReferenceCount?: number }>({
        index: alias,
        query: { ids: { values: [c.id] } },
        _source: ['approvedReferenceCount'],
      });
      return result.hits.hits[0]?._source?.approvedReferenceCount;
    };
    await eventually(async () => {
      await es.indices.refresh({ index: alias });
      return (await indexedCount()) === 1;
    });
  });
});
