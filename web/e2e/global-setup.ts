import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildApp } from '@mp/api/app';
import { loadConfig } from '@mp/api/config';
import { COMMERCE_QUEUES } from '@mp/api/jobs/queues';
import { startBankIdSimulator } from '@mp/scripts/bankid-simulator/simulator';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { dropSearchIndex, prepareSearchIndex } from './search-fixtures';
import { startE2eIndexer } from './indexer-fixture';
import { dropQueues, runQueuePrefix } from './queue-fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    searchAlias: string;
    queuePrefix: string;
  }
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '..');
const databaseUrl = TEST_DATABASE_URL;
/**
 * The run's BankID simulator answers an order's collect as complete after two steps of this length. The shared
 * one (`npm run services`) takes 1 s a step, as a person opening the app might; the suite logs in about a hundred
 * people, and at 1 s a step each of them waited 2-3 s for nothing. The app still collects every 2 s, so a login
 * through the page still shows its waiting step (QR code, hints) first.
 */
const BANKID_STEP_MS = 100;

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Builds the web app (browser and server bundles) when any of its inputs is newer than the last build. */
function ensureBuild(): void {
  const built = Math.min(
    newestMtime(path.join(webRoot, 'dist', 'index.html')),
    newestMtime(path.join(webRoot, 'dist-server', 'entry-server.js')),
  );
  const inputs = [
    path.join(webRoot, 'src'),
    path.join(webRoot, 'index.html'),
    path.join(webRoot, 'vite.config.ts'),
    path.join(webRoot, 'public'),
    path.join(repoRoot, 'domain', 'src'),
  ];
  if (built > 0 && inputs.every((input) => newestMtime(input) <= built)) return;
  const started = Date.now();
  for (const args of [
    ['build', webRoot],
    ['build', webRoot, '--ssr'],
  ]) {
    const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'vite'), args, {
      cwd: repoRoot,
      // vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
  }
  console.log(`e2e: built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A port nothing listens on now, so the API's public URL (picture and mail links) can name it up front. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface RunContext {
  baseUrl: string;
  databaseUrl: string;
  searchAlias: string;
  queuePrefix: string;
}

interface SharedRun {
  started: Promise<{ context: RunContext; stop: () => Promise<void> }>;
  projects: number;
}

/** Builds the web app if stale and starts the real API (serving it) and the indexer for one run. */
async function startRun(): Promise<{ context: RunContext; stop: () => Promise<void> }> {
  ensureBuild();
  const searchAlias = await prepareSearchIndex();
  const port = await findFreePort();
  // The same RP API as the shared simulator, in this process, on a port of its own.
  const bankId = await startBankIdSimulator({ stepMs: BANKID_STEP_MS });
  // Every queue and channel of the run (the API's, the indexer's and the commerce worker's that a journey
  // starts) has a prefix of its own. Under the default one, a server on the same Redis (`npm run demo`) took
  // the journeys' jobs: its commerce worker answered an assessment of this run's database as an unknown order,
  // and the page waited for a result that never came.
  const queuePrefix = runQueuePrefix();
  const config = loadConfig(
    {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      NODE_ENV: 'test',
      // Every browser shares 127.0.0.1; the general rate limits have their own integration test.
      RATE_LIMITS: 'false',
      // Picture URLs and mailed links point at this API, not at a dev server on the default port.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BANKID_URL: bankId.rpUrl,
      BANKID_APP_URL: `${bankId.url}/app`,
    },
    { DATABASE_URL: databaseUrl, SEARCH_INDEX_ALIAS: searchAlias, QUEUE_PREFIX: queuePrefix },
  );
  // Profiles saved through the UI reach the e2e alias the way they do in production: outbox, queue, indexer.
  const indexer = await startE2eIndexer(databaseUrl, searchAlias, queuePrefix);
  const app = await buildApp(config);
  const baseUrl = await app.listen({ host: '127.0.0.1', port });
  return {
    context: { baseUrl, databaseUrl, searchAlias, queuePrefix },
    async stop() {
      await app.close();
      await indexer.close();
      await dropQueues(config.REDIS_URL, queuePrefix, Object.values(COMMERCE_QUEUES));
      await dropSearchIndex(searchAlias);
      await bankId.close();
    },
  };
}

/**
 * The browser suite is two vitest projects (vitest.config.ts): files that run side by side, then the few that
 * change what every user sees. Vitest calls each project's global setup in its own module registry but in one
 * process, so the run is kept on `globalThis`: both projects share one API, one indexer and one alias. Two
 * would each run an outbox relay over the same test database, and a profile saved by one project's test could
 * be indexed into the other's alias. The last project to tear down stops the run.
 */
const SHARED_RUN = Symbol.for('mp.e2e.run');

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED_RUN]?: SharedRun };
  const shared = (holder[SHARED_RUN] ??= { started: startRun(), projects: 0 });
  shared.projects += 1;
  const { context, stop } = await shared.started;
  project.provide('baseUrl', context.baseUrl);
  project.provide('databaseUrl', context.databaseUrl);
  project.provide('searchAlias', context.searchAlias);
  project.provide('queuePrefix', context.queuePrefix);
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete holder[SHARED_RUN];
    await stop();
  };
}
