import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@elastic/elasticsearch';
import { Queue } from 'bullmq';
import { createDatabase } from '@mp/migrations/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mp/test-support/eventually';
import { buildProfileInput, createConsultants, touchConsultants } from '@mp/test-support/profile-factory';
import { loadIndexerConfig } from './config';
import { QUEUES, type IndexProfilesPayload } from './queues';
import { ensureSearchIndex } from './search-index';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { dropSearchIndices, indexedVersions } from '@mp/test-support/search-index';

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
      // The readiness line ('indexer started') is logged at info.
      LOG_LEVEL: 'info',
      RELAY_BATCH_SIZE: '100',
      INDEX_JOB_LOCK_MS: '3000',
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

const sameVersions = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([id, version]) => b.get(id) === version);

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await dropSearchIndices(es, alias);
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
    const latest = new Map(created.map((c) => [c.userId, c.version]));
    const first = startWorkerProcess({});
    // Kill it hard as soon as it has indexed something.
    await eventually(async () => (await countIndexed(ids)) > 0, {
      timeoutMs: 30_000,
      intervalMs: 20,
      what: 'the first documents indexed',
    });
    first.kill('SIGKILL');
    await exited(first);
    // The kill really came mid-batch: some profiles were indexed, not all.
    const indexedAtKill = await countIndexed(ids);
    expect(indexedAtKill).toBeGreaterThan(0);
    expect(indexedAtKill).toBeLessThan(ids.length);

    // Every third profile changes while no worker runs: the next worker must index that newer version.
    const touched = await touchConsultants(
      db,
      ids.filter((_, i) => i % 3 === 0),
    );
    for (const { userId, version } of touched) latest.set(userId, version);

    // A new worker picks up the stalled jobs (the dead worker's locks run out after INDEX_JOB_LOCK_MS) and the
    // still-unsent outbox rows. A kill between the relay's claim and its enqueue leaves a batch marked sent that
    // Redis never got: the relay re-sends such a batch once it is OUTBOX_REDELIVER_AFTER_MS old. Both are 3 s here
    // (15 s and 60 s by default): the same paths, without waiting out the production defaults.
    const second = startWorkerProcess({ OUTBOX_REDELIVER_AFTER_MS: '3000' });
    await eventually(async () => sameVersions(await indexedVersions(es, alias, ids), latest), {
      timeoutMs: 120_000,
      intervalMs: 200,
      what: 'every profile indexed at its latest version',
    });
    expect(Object.fromEntries(await indexedVersions(es, alias, ids))).toEqual(Object.fromEntries(latest));
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
      // Wait until its job has failed and waits for a retry: the outage was met, and the job is kept.
      const queue = new Queue(QUEUES.indexProfiles, {
        connection: { url: base.REDIS_URL },
        prefix: `it-${alias}`,
      });
      try {
        await eventually(
          async () =>
            (await queue.getJobs(['delayed', 'wait'])).some(
              (job) => job.attemptsMade >= 1 && (job.data as IndexProfilesPayload).userIds.includes(ids[0]!),
            ),
          { timeoutMs: 30_000, what: 'the job failed once and kept for a retry' },
        );
        expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
      } finally {
        await queue.close();
      }
      expect(await countIndexed(ids)).toBe(0);
      blind.kill('SIGTERM');
      await exited(blind);

      const healthy = startWorkerProcess({});
      await eventually(async () => (await countIndexed(ids)) === 1, {
        timeoutMs: 90_000,
        intervalMs: 200,
        what: 'the profile indexed',
      });
      healthy.kill('SIGTERM');
      await exited(healthy);
    },
  );

  it(
    'takes no job on a first start before it has made the alias (no batch fails)',
    { timeout: 90_000 },
    async () => {
      const fresh = `it-first-start-${randomUUID().slice(0, 8)}`;
      const created = await createConsultants(
        db,
        Array.from({ length: 50 }, (_, i) => buildProfileInput({ firstName: `First${i}` })),
      );
      const ids = created.map((c) => c.userId);
      // No index and no alias yet, and the outbox already holds the rows: as `npm run demo` on a new machine.
      const child = startWorkerProcess({ SEARCH_INDEX_ALIAS: fresh, QUEUE_PREFIX: `it-${fresh}` });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await eventually(
          async () => {
            if (!(await es.indices.existsAlias({ name: fresh }))) return false;
            await es.indices.refresh({ index: fresh });
            return (await es.count({ index: fresh, query: { ids: { values: ids } } })).count === ids.length;
          },
          { timeoutMs: 60_000, intervalMs: 100, what: 'every profile indexed under the new alias' },
        );
        expect(output).not.toContain('index job failed');
      } finally {
        child.kill('SIGTERM');
        await exited(child);
        await dropSearchIndices(es, fresh);
      }
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
