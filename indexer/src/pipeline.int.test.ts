import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { setProfileSearchable, changeProfile } from '@mp/api/features/profiles/profile.service';
import { createDatabase } from '@mp/migrations/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndexerConfig } from './config';
import { findProfileSources } from './profile-source.repository';
import { ensureSearchIndex, writeProfiles } from './search-index';
import { startIndexer, type RunningIndexer } from './worker';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { eventually } from '@mp/test-support/eventually';
import { dropSearchIndices } from '@mp/test-support/search-index';

const alias = `it-pipeline-${randomUUID().slice(0, 8)}`;
const config = loadIndexerConfig({
  ...process.env,
  DATABASE_URL: TEST_DATABASE_URL,
  SEARCH_INDEX_ALIAS: alias,
  QUEUE_PREFIX: `it-${alias}`,
  RELAY_INTERVAL_MS: '100',
  // A repair run would index the whole test database into this test's alias.
  INDEX_REPAIR_PATTERN: '',
});
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 4 });
const es = new Client({ node: config.ELASTICSEARCH_URL });
let indexer: RunningIndexer;

/** Refreshes the index and checks until `check` passes; returns how long it took. */
const eventuallyIndexed = (check: () => Promise<boolean>) =>
  eventually(
    async () => {
      await es.indices.refresh({ index: alias });
      return check();
    },
    { timeoutMs: 15_000, what: 'the index' },
  );

async function indexedVersion(userId: string): Promise<number | undefined> {
  const r = await es.search({
    index: alias,
    query: { ids: { values: [userId] } },
    version: true,
    _source: false,
  });
  return r.hits.hits[0]?._version;
}

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
  indexer = await startIndexer(config);
});

afterAll(async () => {
  await indexer?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('the search pipeline: Postgres outbox -> BullMQ -> indexer -> Elasticsearch', () => {
  it('makes a saved profile searchable within a few seconds', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput({ firstName: 'Freja' })]);
    const elapsed = await eventuallyIndexed(
      async () => (await indexedVersion(consultant!.userId)) === consultant!.version,
    );
    expect(elapsed).toBeLessThan(5000);
  });

  it('follows an edit: the new version replaces the old one', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput()]);
    await eventuallyIndexed(async () => (await indexedVersion(consultant!.userId)) === consultant!.version);
    const { version } = await changeProfile(db, consultant!.userId, async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ short_description: 'Nu med Kubernetes' })
        .where('id', '=', profileId)
        .execute();
    });
    expect(version).toBe(consultant!.version + 1);
    await eventuallyIndexed(async () => (await indexedVersion(consultant!.userId)) === version);
  });

  it('never lets a stale write overwrite a newer version', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput({ shortDescription: 'first' })]);
    const [before] = await findProfileSources(db, [consultant!.userId]);
    await changeProfile(db, consultant!.userId, async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ short_description: 'second' })
        .where('id', '=', profileId)
        .execute();
    });
    const [after] = await findProfileSources(db, [consultant!.userId]);
    await writeProfiles(es, alias, [after!], { refresh: true });
    // A late job carrying the older state arrives after the newer one.
    const late = await writeProfiles(es, alias, [before!], { refresh: true });
    expect(late).toEqual({ indexed: 0, deleted: 0, stale: 1 });
    await es.indices.refresh({ index: alias });
    expect(await indexedVersion(consultant!.userId)).toBe(after!.version);
  });

  it('removes a hidden profile from the index and brings it back when shown again', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput()]);
    await eventuallyIndexed(async () => (await indexedVersion(consultant!.userId)) !== undefined);
    await setProfileSearchable(db, consultant!.userId, false);
    await eventuallyIndexed(async () => (await indexedVersion(consultant!.userId)) === undefined);
    const shown = await setProfileSearchable(db, consultant!.userId, true);
    await eventuallyIndexed(async () => (await indexedVersion(consultant!.userId)) === shown.version);
  });

  it('indexes a batch of many profiles with one relay pass per batch', async () => {
    const created = await createConsultants(
      db,
      Array.from({ length: 300 }, (_, i) => buildProfileInput({ firstName: `Batch${i}` })),
    );
    await eventuallyIndexed(async () => {
      const r = await es.count({ index: alias, query: { ids: { values: created.map((c) => c.userId) } } });
      return r.count === created.length;
    });
  });
});
