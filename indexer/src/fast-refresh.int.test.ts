import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { createDatabase } from '@mp/migrations/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { loadIndexerConfig } from './config';
import { handleIndexProfiles } from './jobs/index-profiles.job';
import { createRefreshCoalescer, ensureSearchIndex, indicesBehindAlias } from './search-index';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { dropSearchIndices } from '@mp/test-support/search-index';

const alias = `it-refresh-${randomUUID().slice(0, 8)}`;
const config = loadIndexerConfig({ ...process.env, DATABASE_URL: TEST_DATABASE_URL });
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: config.ELASTICSEARCH_URL });

/** Searchable means visible to a search (not a real-time get): only a refresh makes it so. */
async function searchable(userIds: string[]): Promise<number> {
  return (await es.count({ index: alias, query: { ids: { values: userIds } } })).count;
}

async function refreshCount(): Promise<number> {
  const stats = await es.indices.stats({ index: alias, metric: 'refresh' });
  return stats._all.primaries?.refresh?.total ?? 0;
}

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
  // No scheduled refresh at all: whatever becomes searchable here was refreshed by the indexer.
  const [index] = await indicesBehindAlias(es, alias);
  await es.indices.putSettings({ index: index!, settings: { refresh_interval: '-1' } });
});

afterAll(async () => {
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('edits are searchable at once, bulk loads are left to the index refresh', () => {
  it('refreshes after a small batch but not after a large one', { timeout: 60_000 }, async () => {
    const refresher = createRefreshCoalescer(es, alias, { minIntervalMs: 50 });
    const deps = { db, search: es, alias, fastRefresh: { refresher, maxBatch: 3 } };
    const created = await createConsultants(
      db,
      Array.from({ length: 6 }, () => buildProfileInput()),
    );
    const ids = created.map((c) => c.userId);

    await handleIndexProfiles(deps, { userIds: ids.slice(0, 4) });
    expect(await searchable(ids.slice(0, 4))).toBe(0);

    await handleIndexProfiles(deps, { userIds: ids.slice(4) });
    // The refresh covers the whole index, so the large batch's writes come along.
    expect(await searchable(ids)).toBe(6);
  });

  it('coalesces many requests into a few refreshes', async () => {
    const refresher = createRefreshCoalescer(es, alias, { minIntervalMs: 50 });
    const before = await refreshCount();
    await Promise.all(Array.from({ length: 20 }, () => refresher.refresh()));
    const used = (await refreshCount()) - before;
    expect(used).toBeGreaterThanOrEqual(1);
    expect(used).toBeLessThanOrEqual(2);
    // A request after the others have finished gets a refresh of its own.
    await refresher.refresh();
    expect((await refreshCount()) - before).toBe(used + 1);
  });
});
