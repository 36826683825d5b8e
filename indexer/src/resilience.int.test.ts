import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@elastic/elasticsearch';
import { createDatabase } from '@mp/migrations/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProfileInput, createConsultants } from '../../api/test/profile-factory';
import { loadIndexerConfig } from './config';
import { ensureSearchIndex } from './search-index';

const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marketplace_test';
const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');
const alias = `it-resilience-${randomUUID().slice(0, 8)}`;
const base = loadIndexerConfig({ ...process.env, DATABASE_URL: TEST_DATABASE_URL });
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: base.ELASTICSEARCH_URL });
const children: ChildProcess[] = [];

/** Runs the real worker entry point as its own process, as production does. */
function startWorkerProcess(env: Record<string, string>): ChildProcess & { ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', workerFile], {
    env: {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL,
      SEARCH_INDEX_ALIAS: alias,
      QUEUE_PREFIX: `it-${alias}`,
      LOG_LEVEL: 'warn',
      RELAY_BATCH_SIZE: '100',
      INDEX_REPAIR_PATTERN: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  // The worker logs one JSON line when it has started (signal handlers installed, relay and worker running).
  const ready = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('indexer started')) resolve();
    });
  });
  return Object.assign(child, { ready });
}

async function countIndexed(userIds: string[]): Promise<number> {
  await es.indices.refresh({ index: alias });
  return (await es.count({ index: alias, query: { ids: { values: userIds } } })).count;
}

async function waitForCount(userIds: string[], expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await countIndexed(userIds)) !== expected) {
    if (Date.now() > deadline)
      throw new Error(`expected ${expected} indexed, got ${await countIndexed(userIds)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await es.indices.delete({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true });
  await es.close();
  await db.destroy();
});

describe('indexer resilience', () => {
  it('loses nothing when a worker is killed mid-batch', { timeout: 240_000 }, async () => {
    const created = await createConsultants(
      db,
      Array.from({ length: 1500 }, (_, i) => buildProfileInput({ firstName: `Kill${i}` })),
    );
    const ids = created.map((c) => c.userId);
    const first = startWorkerProcess({});
    // Kill it hard as soon as it has indexed something, but (almost certainly) not everything.
    const deadline = Date.now() + 30_000;
    while ((await countIndexed(ids)) === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    first.kill('SIGKILL');
    await exited(first);
    expect(await countIndexed(ids)).toBeLessThanOrEqual(ids.length);

    // A new worker picks up the stalled jobs and the still-unsent outbox rows.
    const second = startWorkerProcess({});
    await waitForCount(ids, ids.length, 120_000);
    second.kill('SIGTERM');
    await exited(second);
  });

  it(
    'keeps jobs while Elasticsearch is unreachable and indexes them once it is back',
    { timeout: 180_000 },
    async () => {
      const created = await createConsultants(db, [buildProfileInput({ firstName: 'Outage' })]);
      const ids = created.map((c) => c.userId);
      // This worker sees no Elasticsearch: its jobs fail and are retried with backoff, nothing is dropped.
      const blind = startWorkerProcess({ ELASTICSEARCH_URL: 'http://127.0.0.1:9' });
      await blind.ready;
      await new Promise((r) => setTimeout(r, 3000));
      expect(await countIndexed(ids)).toBe(0);
      blind.kill('SIGTERM');
      await exited(blind);

      const healthy = startWorkerProcess({});
      await waitForCount(ids, 1, 90_000);
      healthy.kill('SIGTERM');
      await exited(healthy);
    },
  );

  it('closes gracefully on SIGTERM', { timeout: 60_000 }, async () => {
    const child = startWorkerProcess({});
    await child.ready;
    child.kill('SIGTERM');
    await exited(child);
    expect(child.exitCode).toBe(0);
  });
});
