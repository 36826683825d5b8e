import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { buildProfileInput, createConsultants } from '../../api/test/profile-factory';
import { setProfileSearchable, changeProfile } from '@mp/api/features/profiles/profile.service';
import { createDatabase } from '@mp/migrations/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndexerConfig } from './config';
import { findProfileSources } from './profile-source.repository';
import { ensureSearchIndex, writeProfiles } from './search-index';
import { startIndexer, type RunningIndexer } from './worker';

const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marketplace_test';
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

/** Polls the index until `check` passes; returns how long it took. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    await es.indices.refresh({ index: alias });
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
  await es.indices.delete({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true });
  await es.close();
  await db.destroy();
});

describe('the search pipeline: Postgres outbox -> BullMQ -> indexer -> Elasticsearch', () => {
  it('makes a saved profile searchable within a few seconds', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput({ firstName: 'Freja' })]);
    const elapsed = await eventually(
      async () => (await indexedVersion(consultant!.userId)) === consultant!.version,
    );
    expect(elapsed).toBeLessThan(5000);
  });

  it('follows an edit: the new version replaces the old one', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput()]);
    await eventually(async () => (await indexedVersion(consultant!.userId)) === consultant!.version);
    const { version } = await changeProfile(db, consultant!.userId, async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ short_description: 'Nu med Kubernetes' })
        .where('id', '=', profileId)
        .execute();
    });
    expect(version).toBe(consultant!.version + 1);
    await eventually(async () => (await indexedVersion(consultant!.userId)) === version);
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
    await eventually(async () => (await indexedVersion(consultant!.userId)) !== undefined);
    await setProfileSearchable(db, consultant!.userId, false);
    await eventually(async () => (await indexedVersion(consultant!.userId)) === undefined);
    const shown = await setProfileSearchable(db, consultant!.userId, true);
    await eventually(async () => (await indexedVersion(consultant!.userId)) === shown.version);
  });

  it('indexes a batch of many profiles with one relay pass per batch', async () => {
    const created = await createConsultants(
      db,
      Array.from({ length: 300 }, (_, i) => buildProfileInput({ firstName: `Batch${i}` })),
    );
    await eventually(async () => {
      const r = await es.count({ index: alias, query: { ids: { values: created.map((c) => c.userId) } } });
      return r.count === created.length;
    });
  });
});
