/**
 * `npm run bench -- [--profiles N] [--alias A] [--out FILE] [--only SECTIONS] [--api-cpu-prof DIR]`: measures,
 * in one run on this machine, search latency through the API against raw Elasticsearch (and, for scale,
 * through a bare pass-through: the extra HTTP hop alone), indexing throughput of the pipeline against a raw
 * bulk load, write-to-searchable freshness, a reindex under continuous search load and the judged queries'
 * relevance. `--only indexing,freshness` runs some sections (while iterating; the full run is the default and
 * the only one whose figures count). `--api-cpu-prof DIR` writes a CPU profile of the API process
 * (`node --cpu-prof`) to DIR.
 * Run it with the app stopped: it runs its own indexer in this process and the API in a child process.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@elastic/elasticsearch';
import { changeProfile, touchProfiles } from '@mp/api/features/profiles/profile.service';
import { swedishToday } from '@mp/api/features/search/search.service';
import { loadIndexerConfig } from '@mp/indexer/config';
import { QUEUES } from '@mp/indexer/queues';
import { streamProfileSources } from '@mp/indexer/profile-source.repository';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import { startIndexer, type RunningIndexer } from '@mp/indexer/worker';
import { createDatabase } from '@mp/migrations/db';
import {
  buildConsultantDocument,
  buildIndexDefinition,
  buildSearchQuery,
  criteriaSchema,
} from '@mp/search-schema';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import { reindex } from '../reindex/reindex.service';
import { measureRelevance } from '../relevance/relevance.service';
import { SEED_EMAIL_DOMAIN } from '../seed/consultant-generator';
import { Random } from '../seed/random';
import { progressLine } from '../seed/progress';
import { seedConsultants } from '../seed/seed.service';
import { loadServicesConfig } from '../services/config';
import { installDatabaseVocabularies } from '../vocabularies';
import { generateQueryMix } from './query-mix';
import { measureInterleavedLatency, measureLatency, percentile, round, type LatencyRun } from './stats';

const SECTIONS = ['indexing', 'freshness', 'latency', 'reindex', 'relevance'] as const;
const USAGE = `usage: npm run bench -- [options]
  --profiles N            consultants to seed and measure on (default 100000)
  --alias A               the search index alias to use (default consultants)
  --out FILE              where the JSON results go (default bench/results/latest.json)
  --only S1,S2            run only these sections: ${SECTIONS.join(', ')}
  --freshness-samples N   edits timed by the freshness section (default 40)
  --indexing-rounds N     heavy loads timed by the indexing section, pipeline and raw (default 3; the median counts)
  --api-cpu-prof DIR      write a CPU profile of the API process to DIR
  --help                  this text`;

function parseOptions() {
  try {
    return parseArgs({
      options: {
        profiles: { type: 'string', default: '100000' },
        out: { type: 'string', default: 'bench/results/latest.json' },
        alias: { type: 'string', default: 'consultants' },
        'freshness-samples': { type: 'string', default: '40' },
        'indexing-rounds': { type: 'string', default: '3' },
        only: { type: 'string' },
        'api-cpu-prof': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    usageError((error as Error).message);
  }
}

/** A wrong option or value: says which, with the options, and exits 2 (no stack trace). */
function usageError(message: string): never {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
}
const values = parseOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
type Section = (typeof SECTIONS)[number];
const only = values.only?.split(',').map((s) => s.trim());
const unknownSection = only?.find((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknownSection) usageError(`--only: unknown section ${unknownSection}`);
const runs = (section: Section) => !only || only.includes(section);
const profiles = Number(values.profiles);
if (!Number.isInteger(profiles) || profiles < 10) usageError('--profiles must be a whole number >= 10');
const indexingRounds = Number(values['indexing-rounds']);
if (!Number.isInteger(indexingRounds) || indexingRounds < 1)
  usageError('--indexing-rounds must be a whole number >= 1');
const alias = values.alias;
const services = loadServicesConfig();
const db = createDatabase(services.DATABASE_URL, { maxConnections: 4 });
const es = new Client({ node: services.ELASTICSEARCH_URL, requestTimeout: 120_000 });
const log = (message: string) => console.log(`bench: ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SEED = 1;

async function seededUserIds(): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .select('users.id')
    .where('users.email', 'like', `consultant-${SEED}-%@${SEED_EMAIL_DOMAIN}`)
    .orderBy('users.id')
    .execute();
  return rows.map((r) => r.id);
}

async function ensureProfiles(): Promise<string[]> {
  let ids = await seededUserIds();
  if (ids.length < profiles) {
    log(`seeding ${profiles - ids.length} consultants (have ${ids.length})`);
    const started = performance.now();
    const progress = progressLine();
    await seedConsultants(db, {
      count: profiles,
      start: ids.length,
      seed: SEED,
      onProgress: ({ done, total }) => progress.update(`bench: seeded ${done}/${total}`),
    });
    progress.end();
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    ids = await seededUserIds();
  }
  return ids.slice(0, profiles);
}

async function countSearchableUpdatedSince(since: Date): Promise<number> {
  const r = await es.count({ index: alias, query: { range: { updatedAt: { gte: since.toISOString() } } } });
  return r.count;
}

/** Searchable profiles of live users: those of `userIds`, or all of them. */
async function countSearchableProfiles(userIds?: readonly string[]): Promise<number> {
  let query = db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profiles.is_searchable', '=', true)
    .where('users.deleted_at', 'is', null);
  if (userIds) query = query.where(sql<boolean>`profiles.user_id = ANY(${userIds}::uuid[])`);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/**
 * Without the indexing section nothing here indexes the seeded profiles, and on a new machine (or a new alias)
 * the index is empty: searches would be timed on empty answers. The index is rebuilt from the database first
 * when it holds fewer documents than there are searchable profiles.
 */
async function ensureIndexed(): Promise<void> {
  const searchable = await countSearchableProfiles();
  await es.indices.refresh({ index: alias });
  const { count } = await es.count({ index: alias });
  if (count >= searchable) return;
  log(`the index holds ${count} of ${searchable} searchable profiles: rebuilding it before measuring`);
  const rebuilt = await reindex({ db, es, alias });
  log(`index rebuilt: ${rebuilt.documents} profiles in ${rebuilt.seconds.toFixed(1)} s`);
  // Searches are timed once Elasticsearch has finished merging the new index's segments.
  await waitForQuietElasticsearch();
}

/** Outbox rows are written first with the indexer stopped; then the clock runs from indexer start to searchable. */
const indexerConfig = () =>
  // No scheduled repair run in the middle of a measurement.
  loadIndexerConfig({
    ...process.env,
    SEARCH_INDEX_ALIAS: alias,
    LOG_LEVEL: 'warn',
    INDEX_REPAIR_PATTERN: '',
  });

async function unsentOutboxRows(): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function anyUnsentOutboxRow(): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`
    SELECT EXISTS (SELECT 1 FROM outbox WHERE sent_at IS NULL) AS any`.execute(db);
  return rows[0]?.any ?? false;
}

/** Work left over from seeding (or an earlier run) is indexed first, so the measurement covers only its own. */
async function drainPendingWork(): Promise<void> {
  const pending = await unsentOutboxRows();
  if (pending === 0) return;
  log(`draining ${pending} pending outbox rows before measuring`);
  const indexer = await startIndexer(indexerConfig());
  const queue = new Queue(QUEUES.indexProfiles, {
    connection: { url: services.REDIS_URL },
    prefix: indexerConfig().QUEUE_PREFIX,
  });
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
    if (
      (await unsentOutboxRows()) === 0 &&
      (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0
    )
      break;
    await sleep(500);
  }
  await queue.close();
  await indexer.close();
}

/**
 * Waits until Elasticsearch has no merge running (two checks in a row, at most a minute), so neither indexing
 * measurement pays for the merges the one before it left behind.
 */
async function waitForQuietElasticsearch(): Promise<void> {
  let quiet = 0;
  for (let waited = 0; quiet < 2 && waited < 60_000; waited += 500) {
    const stats = await es.nodes.stats({ metric: 'indices', index_metric: 'merge' });
    const running = Object.values(stats.nodes).reduce(
      (n, node) => n + (node.indices?.merges?.current ?? 0),
      0,
    );
    quiet = running === 0 ? quiet + 1 : 0;
    if (quiet < 2) await sleep(500);
  }
}

async function measurePipeline(
  userIds: string[],
): Promise<{ seconds: number; docs: number; indexer: RunningIndexer; cpuSeconds: number }> {
  await drainPendingWork();
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  const since = new Date(rows[0]!.now.getTime() - 1000);
  for (let i = 0; i < userIds.length; i += 2000) await touchProfiles(db, userIds.slice(i, i + 2000));
  const expected = await countSearchableProfiles(userIds);
  log(`pipeline: ${userIds.length} outbox rows written, ${expected} searchable profiles expected`);
  await waitForQuietElasticsearch();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const indexer = await startIndexer(indexerConfig());
  // Watch the work through cheap signals first (no unsent outbox row, no job left in Redis), then poll the
  // index for the last refresh: counting the index ten times a second while it takes thousands of writes a
  // second costs Elasticsearch a good part of a core, work the raw load below is not charged with either.
  const queue = new Queue(QUEUES.indexProfiles, {
    connection: { url: services.REDIS_URL },
    prefix: indexerConfig().QUEUE_PREFIX,
  });
  const progress = progressLine();
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
    const left = (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0);
    if (left === 0 && !(await anyUnsentOutboxRow())) break;
    progress.update(`bench: pipeline ${left} jobs queued or running   `);
    await sleep(100);
  }
  await queue.close();
  for (;;) {
    const n = await countSearchableUpdatedSince(since);
    if (n >= expected) break;
    progress.update(`bench: pipeline ${n}/${expected} documents searchable`);
    await sleep(100);
  }
  progress.end();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    seconds: (performance.now() - started) / 1000,
    docs: expected,
    indexer,
    // The indexer's own CPU (reading Postgres, building documents, serialising bulk bodies): on a machine
    // whose cores Elasticsearch needs, this is the pipeline's cost over the raw load, which builds its bodies
    // before its clock starts.
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/**
 * A copy of the live index as the pipeline left it (Elasticsearch's `_clone`: the same segments, documents and
 * versions). The live index is write-blocked for the moment the clone takes; nothing else writes during the bench.
 */
async function cloneLiveIndex(target: string): Promise<void> {
  const live = Object.keys(await es.indices.getAlias({ name: alias }))[0];
  if (!live) throw new Error(`no index behind the alias ${alias}`);
  await es.indices.putSettings({ index: live, settings: { 'index.blocks.write': true } });
  try {
    await es.indices.clone({ index: live, target, wait_for_active_shards: 1 });
  } finally {
    await es.indices.putSettings({ index: live, settings: { 'index.blocks.write': null } });
  }
  await es.indices.putSettings({ index: target, settings: { 'index.blocks.write': null } });
  await es.cluster.health({ index: target, wait_for_status: 'yellow', timeout: '60s' });
}

/**
 * The same documents, built beforehand, bulk-loaded straight into Elasticsearch with the same batch size and
 * concurrency: into a fresh, empty index (the target's measure), or (`into: 'copy'`) replacing every document
 * of a copy of the live index, which is the Elasticsearch work the pipeline's updates cost (a version lookup
 * among 100,000 documents and a deleted document to merge away per write). The second tells how much of the
 * gap between the pipeline and the first is Elasticsearch updating rather than creating documents.
 */
async function measureRawBulk(
  userIds: Set<string>,
  concurrency: number,
  into: 'fresh' | 'copy' = 'fresh',
): Promise<{ seconds: number; docs: number }> {
  const index = `${alias}-rawbench`;
  await es.indices.delete({ index, ignore_unavailable: true });
  if (into === 'copy') await cloneLiveIndex(index);
  else await es.indices.create({ index, ...buildIndexDefinition() });
  // The copy holds the same versions: an equal one replaces the document, as the pipeline's newer one did.
  const versionType = into === 'copy' ? 'external_gte' : 'external';
  // Each document carries a new edit time, as the pipeline's touched profiles do: the count of documents at or
  // after it tells when every write has become searchable.
  const editedAt = new Date().toISOString();
  const bodies: string[] = [];
  let docs = 0;
  let batch: string[] = [];
  for await (const page of streamProfileSources(db, 2000)) {
    for (const source of page) {
      if (!userIds.has(source.userId) || !source.isSearchable || source.deleted) continue;
      batch.push(
        JSON.stringify({
          index: { _index: index, _id: source.userId, version: source.version, version_type: versionType },
        }),
        JSON.stringify({ ...buildConsultantDocument(source), updatedAt: editedAt }),
      );
      docs += 1;
      if (batch.length === 1000) {
        bodies.push(`${batch.join('\n')}\n`);
        batch = [];
      }
    }
  }
  if (batch.length) bodies.push(`${batch.join('\n')}\n`);
  await waitForQuietElasticsearch();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const response = await fetch(new URL('/_bulk', services.ELASTICSEARCH_URL), {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson' },
          body,
        });
        const result = (await response.json()) as { errors: boolean };
        if (!response.ok || result.errors) throw new Error('raw bulk load failed');
      }
    }),
  );
  // Searchable means refreshed: wait for the same 1 s refresh cycle the pipeline waits for.
  const edited = { range: { updatedAt: { gte: editedAt } } };
  while ((await es.count({ index, query: edited })).count < docs) await sleep(100);
  const seconds = (performance.now() - started) / 1000;
  await es.indices.delete({ index });
  return { seconds, docs };
}

/** One heavy load through the pipeline and the same documents raw, back to back. */
interface IndexingRound {
  docs: number;
  pipelineSeconds: number;
  rawSeconds: number;
  rawReplacingSeconds: number;
  pipelineDocsPerSec: number;
  rawDocsPerSec: number;
  /** Raw into a new index / pipeline: the target's measure. */
  ratio: number;
  ratioToRawReplacing: number;
  indexerCpuSeconds: number;
}

interface FreshnessSample {
  /** From the edit's commit to the new version answering a search. */
  ms: number;
  /** Outbox row written to claimed by the relay (Postgres clock). */
  relayMs: number;
  /** Claimed by the relay to acknowledged by the index worker (after its refresh). */
  indexMs: number;
}

async function measureFreshness(userIds: string[], samples: number): Promise<FreshnessSample[]> {
  const measured: FreshnessSample[] = [];
  const rng = new Random(7);
  for (let i = 0; i < samples; i++) {
    const userId = userIds[(i * 7919) % userIds.length]!;
    // Edits arrive at random moments, as real ones do. Editing right after the previous edit became visible
    // would lock every sample to Elasticsearch's refresh tick and always measure a full refresh interval.
    await sleep(rng.next() * 1000);
    const { version } = await changeProfile(db, userId, async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ short_description: `Bench edit ${i} at ${new Date().toISOString()}`, is_searchable: true })
        .where('id', '=', profileId)
        .execute();
    });
    const started = performance.now();
    for (;;) {
      const r = await es.search({
        index: alias,
        query: { ids: { values: [userId] } },
        version: true,
        _source: false,
      });
      if ((r.hits.hits[0]?._version ?? 0) >= version) break;
      await sleep(10);
    }
    const ms = performance.now() - started;
    // Where the time went, from the outbox row's own timestamps (read once it is acknowledged, after the
    // sample's clock has stopped).
    let stages: { relay_ms: number; index_ms: number } | undefined;
    for (let waited = 0; !stages && waited < 10_000; waited += 20) {
      const { rows } = await sql<{ relay_ms: number; index_ms: number }>`
        SELECT extract(epoch FROM sent_at - created_at) * 1000 AS relay_ms,
               extract(epoch FROM acked_at - sent_at) * 1000 AS index_ms
        FROM outbox
        WHERE aggregate_id = ${userId} AND payload->>'version' = ${String(version)} AND acked_at IS NOT NULL`.execute(
        db,
      );
      stages = rows[0];
      if (!stages) await sleep(20);
    }
    measured.push({ ms, relayMs: Number(stages?.relay_ms ?? NaN), indexMs: Number(stages?.index_ms ?? NaN) });
  }
  return measured;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  baseUrl: string;
  /** Resolves once the process has exited (and written its CPU profile, if asked to). */
  stop: () => Promise<void>;
}

/** A server entry point in a child process on a free port; resolves once its `probe` answers below 500. */
async function startServerProcess(options: {
  name: string;
  entry: string;
  env: Record<string, string>;
  probe: (baseUrl: string) => Promise<Response>;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(services.repoRoot, options.entry)],
    {
      env: { ...process.env, ...options.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 120; i++) {
    try {
      if ((await options.probe(baseUrl)).status < 500) return { baseUrl, stop };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`${options.name} did not start`);
}

/** The real API entry point in a child process, against the bench alias. */
function startApiProcess(cpuProfileDir?: string): Promise<ServerProcess> {
  return startServerProcess({
    name: 'the API',
    entry: 'api/src/server.ts',
    env: {
      HOST: '127.0.0.1',
      SEARCH_INDEX_ALIAS: alias,
      LOG_LEVEL: 'warn',
      // The bench sends thousands of searches a minute from one address: with the per-address limit (120 a
      // minute) most would be answered 429, quickly, and only the rest timed.
      RATE_LIMITS: 'false',
      // Local services with the development secrets, which a production configuration refuses.
      NODE_ENV: process.env.NODE_ENV ?? 'development',
    },
    probe: (baseUrl) => fetch(`${baseUrl}/api/health`),
    nodeArgs: cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProfileDir)] : [],
  });
}

/** The bare pass-through (`pass-through.ts`) in a child process: the hop alone, for scale. */
function startPassThroughProcess(): Promise<ServerProcess> {
  return startServerProcess({
    name: 'the pass-through',
    entry: 'scripts/src/bench/pass-through.ts',
    env: { ELASTICSEARCH_URL: services.ELASTICSEARCH_URL, SEARCH_INDEX_ALIAS: alias },
    probe: (baseUrl) => fetch(baseUrl, { method: 'POST', body: '{"size":0}' }),
  });
}

/** A latency figure is only the time of answers: a side that failed requests would be timed on the rest. */
function expectNoErrors(what: string, runs: Record<string, LatencyRun>): void {
  const failed = Object.entries(runs).filter(([, run]) => run.errors > 0);
  if (failed.length > 0) {
    const counts = failed.map(([side, run]) => `${run.errors} ${side}`).join(', ');
    throw new Error(`${what}: ${counts} requests failed; the figures would be wrong`);
  }
}

interface SearchLatency {
  c1: { api: LatencyRun; passThrough: LatencyRun; raw: LatencyRun };
  c8: { api: LatencyRun; raw: LatencyRun };
  queryMix: number;
}

/**
 * The same query mix through the API and raw against Elasticsearch (the body the API builds for it): at
 * concurrency 1 (the ratio's measure), each query through the API, the bare pass-through (the raw body, for the
 * hop's own cost) and raw, taking turns at going first, so all meet the same caches; at concurrency 8
 * (throughput), the API and raw each in its own block. Any failed request fails the run.
 */
async function measureSearchLatency(apiUrl: string, passThroughUrl: string): Promise<SearchLatency> {
  const rawUrl = new URL(`/${alias}/_search`, services.ELASTICSEARCH_URL).toString();
  const today = swedishToday();
  const mix = generateQueryMix(300);
  const rawBodies = mix.map((q) =>
    JSON.stringify(
      buildSearchQuery(
        criteriaSchema.parse(q),
        { kind: 'anonymous' },
        { today, size: 6, facets: true, locale: 'sv' },
      ),
    ),
  );
  // One HTTP client for every side (undici with a keep-alive pool), so the ratios compare the servers only.
  const dispatcher = new Agent({ connections: 16 });
  const post = async (url: string, body: string) => {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      dispatcher,
    });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  };
  const apiBodies = mix.map((q) => JSON.stringify({ ...q, pageSize: 6, facets: true }));
  try {
    const rows = apiBodies.map((b, i) => [b, rawBodies[i]!, rawBodies[i]!]);
    const sides = [
      (b: string) => post(apiUrl, b),
      (b: string) => post(passThroughUrl, b),
      (b: string) => post(rawUrl, b),
    ];
    await measureInterleavedLatency(rows, 100, sides);
    const [api, passThrough, raw] = (await measureInterleavedLatency(rows, 600, sides)) as [
      LatencyRun,
      LatencyRun,
      LatencyRun,
    ];
    expectNoErrors('search c=1', { API: api, 'pass-through': passThrough, raw });
    log(
      `search c=1: api p50 ${api.p50Ms} ms, pass-through p50 ${passThrough.p50Ms} ms, raw p50 ${raw.p50Ms} ms`,
    );
    await measureLatency(apiBodies, 50, 8, (b) => post(apiUrl, b));
    await measureLatency(rawBodies, 50, 8, (b) => post(rawUrl, b));
    const apiRun = await measureLatency(apiBodies, 1600, 8, (b) => post(apiUrl, b));
    const rawRun = await measureLatency(rawBodies, 1600, 8, (b) => post(rawUrl, b));
    expectNoErrors('search c=8', { API: apiRun, raw: rawRun });
    log(`search c=8: api p50 ${apiRun.p50Ms} ms, raw p50 ${rawRun.p50Ms} ms`);
    return {
      c1: { api, passThrough, raw },
      c8: { api: apiRun, raw: rawRun },
      queryMix: mix.length,
    };
  } finally {
    await dispatcher.close();
  }
}

/** Reindex while searches run continuously through the API (two loops; a match-all every fourth search). */
async function measureReindexUnderLoad(apiUrl: string) {
  const apiBodies = generateQueryMix(300).map((q) => JSON.stringify({ ...q, pageSize: 6, facets: true }));
  const expectedTotal = (await es.count({ index: alias })).count;
  let stop = false;
  let searchesDuringReindex = 0;
  let failedSearches = 0;
  const load = Promise.all(
    Array.from({ length: 2 }, async (_, worker) => {
      for (let i = worker; !stop; i += 2) {
        searchesDuringReindex += 1;
        try {
          const matchAll = i % 4 === 0;
          const response = await fetch(apiUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: matchAll
              ? JSON.stringify({ pageSize: 6, availableAt: null })
              : apiBodies[i % apiBodies.length]!,
          });
          const body = (await response.json()) as { total?: number };
          if (!response.ok) failedSearches += 1;
          else if (matchAll && body.total === 0 && expectedTotal > 0) failedSearches += 1;
        } catch {
          failedSearches += 1;
        }
      }
    }),
  );
  const reindexed = await reindex({ db, es, alias });
  stop = true;
  await load;
  log(
    `reindex: ${reindexed.documents} profiles in ${reindexed.seconds.toFixed(1)} s, ${failedSearches} failed searches`,
  );
  return {
    seconds: round(reindexed.seconds, 1),
    documents: reindexed.documents,
    failedSearches,
    searchesDuringReindex,
  };
}

async function main() {
  const started = performance.now();
  // The database's vocabularies, as the API has them: the profile writes below (the seed, the pipeline's
  // touched profiles) then store their search documents as the API's writes do.
  await installDatabaseVocabularies(db);
  await ensureSearchIndex(es, alias);
  const userIds = await ensureProfiles();
  const indexerConcurrency = loadIndexerConfig().INDEXER_CONCURRENCY;
  const result: Record<string, unknown> = {
    profiles,
    ranAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: round(os.totalmem() / 2 ** 30, 1), node: process.version },
    ...(only ? { only } : {}),
    loadAverageAtStart: os.loadavg().map((l) => round(l)),
  };
  const table: Record<string, unknown> = {};

  let indexer: RunningIndexer | undefined;
  if (!runs('indexing')) await ensureIndexed();
  if (runs('indexing')) {
    // One heavy load's time swings by up to a quarter from run to run on two shared cores, for the pipeline and
    // the raw load alike (docs/decisions.md): each round times both back to back, and the figure is the median
    // round's ratio, with the range beside it.
    const pipelineIds = new Set(userIds);
    const rounds: IndexingRound[] = [];
    for (let n = 1; n <= indexingRounds; n++) {
      await indexer?.close();
      const pipeline = await measurePipeline(userIds);
      indexer = pipeline.indexer;
      log(
        `round ${n}/${indexingRounds}: pipeline: ${pipeline.docs} docs in ${pipeline.seconds.toFixed(1)} s ` +
          `(indexer CPU ${pipeline.cpuSeconds.toFixed(1)} s, load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      const raw = await measureRawBulk(pipelineIds, indexerConcurrency);
      log(
        `round ${n}/${indexingRounds}: raw bulk: ${raw.docs} docs in ${raw.seconds.toFixed(1)} s ` +
          `(load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      const rawUpdates = await measureRawBulk(pipelineIds, indexerConcurrency, 'copy');
      log(
        `round ${n}/${indexingRounds}: raw bulk replacing the documents of a copy of the live index: ` +
          `${rawUpdates.docs} docs in ${rawUpdates.seconds.toFixed(1)} s (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      rounds.push({
        docs: pipeline.docs,
        pipelineSeconds: round(pipeline.seconds, 1),
        rawSeconds: round(raw.seconds, 1),
        rawReplacingSeconds: round(rawUpdates.seconds, 1),
        pipelineDocsPerSec: round(pipeline.docs / pipeline.seconds, 0),
        rawDocsPerSec: round(raw.docs / raw.seconds, 0),
        ratio: round(raw.seconds / pipeline.seconds),
        ratioToRawReplacing: round(rawUpdates.seconds / pipeline.seconds),
        indexerCpuSeconds: round(pipeline.cpuSeconds, 1),
      });
    }
    const ratios = rounds.map((r) => r.ratio);
    const replacingRatios = rounds.map((r) => r.ratioToRawReplacing);
    const median = rounds.find((r) => r.ratio === percentile(ratios, 50))!;
    const indexing = {
      docs: median.docs,
      pipelineDocsPerSec: median.pipelineDocsPerSec,
      rawDocsPerSec: median.rawDocsPerSec,
      ratio: median.ratio,
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      ratioToRawReplacing: percentile(replacingRatios, 50),
      ratioToRawReplacingRange: [Math.min(...replacingRatios), Math.max(...replacingRatios)],
      indexerCpuSeconds: median.indexerCpuSeconds,
      rounds,
    };
    result.indexing = indexing;
    const range = (r: number[]) =>
      rounds.length > 1 ? ` (${r[0]}-${r[1]} over ${rounds.length} rounds)` : '';
    table['indexing pipeline/raw docs/s'] = `${indexing.pipelineDocsPerSec} / ${indexing.rawDocsPerSec}`;
    table['indexing ratio, heavy load (target >= 0.8)'] = `${indexing.ratio}${range(indexing.ratioRange)}`;
    table['indexing ratio to raw replacing the same documents'] =
      `${indexing.ratioToRawReplacing}${range(indexing.ratioToRawReplacingRange)}`;
  }

  if (runs('freshness')) {
    if (!indexer) {
      await drainPendingWork();
      indexer = await startIndexer(indexerConfig());
    }
    // Light edit load: not the tail of the heavy load before it. After 100,000 updates Elasticsearch merges
    // segments for a while, on one of this machine's two cores; the indexing section waits for the same.
    await waitForQuietElasticsearch();
    const measured = await measureFreshness(userIds, Number(values['freshness-samples']));
    const freshness = measured.map((m) => m.ms);
    const relay = measured.map((m) => m.relayMs).filter(Number.isFinite);
    const indexing = measured.map((m) => m.indexMs).filter(Number.isFinite);
    const summary = {
      samples: freshness.length,
      p50Ms: round(percentile(freshness, 50), 0),
      p95Ms: round(percentile(freshness, 95), 0),
      stages: {
        relayP50Ms: round(percentile(relay, 50), 0),
        relayP95Ms: round(percentile(relay, 95), 0),
        indexP50Ms: round(percentile(indexing, 50), 0),
        indexP95Ms: round(percentile(indexing, 95), 0),
      },
    };
    log(
      `freshness: p50 ${summary.p50Ms} ms, p95 ${summary.p95Ms} ms (outbox to relay p50/p95 ` +
        `${summary.stages.relayP50Ms}/${summary.stages.relayP95Ms} ms, relay to indexed and refreshed ` +
        `${summary.stages.indexP50Ms}/${summary.stages.indexP95Ms} ms)`,
    );
    result.freshness = summary;
    table['freshness p50/p95 ms, light edits (target p95 <= 300)'] = `${summary.p50Ms} / ${summary.p95Ms}`;
  }
  // Nothing else runs in this process while searches are measured: the indexer stops, and the API runs in
  // its own process, as in production.
  await indexer?.close();

  if (runs('latency') || runs('reindex')) {
    const api = await startApiProcess(values['api-cpu-prof']);
    try {
      const apiUrl = `${api.baseUrl}/api/search/v3`;
      if (runs('latency')) {
        const passThroughServer = await startPassThroughProcess();
        const { c1, c8, queryMix } = await measureSearchLatency(apiUrl, passThroughServer.baseUrl).finally(
          () => passThroughServer.stop(),
        );
        const search = {
          api: { p50Ms: c1.api.p50Ms, p95Ms: c1.api.p95Ms, byConcurrency: { 1: c1.api, 8: c8.api } },
          raw: { p50Ms: c1.raw.p50Ms, p95Ms: c1.raw.p95Ms, byConcurrency: { 1: c1.raw, 8: c8.raw } },
          ratioP50: round(c1.api.p50Ms / c1.raw.p50Ms),
          ratioP50Concurrency8: round(c8.api.p50Ms / c8.raw.p50Ms),
          // The hop alone: a bare pass-through in front of Elasticsearch, measured in the same rounds (c=1).
          passThrough: { p50Ms: c1.passThrough.p50Ms, p95Ms: c1.passThrough.p95Ms, run: c1.passThrough },
          passThroughRatioP50: round(c1.passThrough.p50Ms / c1.raw.p50Ms),
          queryMix,
        };
        result.search = search;
        table['search API p50/p95 ms (c=1)'] = `${c1.api.p50Ms} / ${c1.api.p95Ms}`;
        table['search raw p50/p95 ms (c=1)'] = `${c1.raw.p50Ms} / ${c1.raw.p95Ms}`;
        table['search API/raw p50 (c=1, target <= 1.1)'] = search.ratioP50;
        table['search pass-through/raw p50 (c=1, the hop alone)'] = search.passThroughRatioP50;
        table['search API/raw p50 (c=8)'] = search.ratioP50Concurrency8;
        table['throughput API/raw req/s (c=8)'] = `${c8.api.throughputPerSec} / ${c8.raw.throughputPerSec}`;
      }
      if (runs('reindex')) {
        const reindexed = await measureReindexUnderLoad(apiUrl);
        result.reindex = reindexed;
        table['reindex seconds (target <= 90)'] = reindexed.seconds;
        table['failed searches during reindex (target 0)'] =
          `${reindexed.failedSearches} of ${reindexed.searchesDuringReindex}`;
      }
    } finally {
      await api.stop();
    }
  }

  if (runs('relevance')) {
    // Relevance of the judged query set on the same index (the grades follow the profiles, whatever their number).
    const relevance = await measureRelevance(es, alias, swedishToday());
    // The lowest query by name, so a figure under the target says where to look (`npm run relevance` has all).
    const lowest = relevance.queries.find((query) => (query.ndcg ?? 0) === relevance.min)?.id ?? '-';
    log(
      `relevance: mean nDCG@10 ${relevance.mean.toFixed(3)}, lowest ${relevance.min.toFixed(3)} (${lowest})`,
    );
    result.relevance = {
      meanNdcgAt10: round(relevance.mean, 3),
      minNdcgAt10: round(relevance.min, 3),
      lowestQuery: lowest,
      queries: relevance.queries.length,
    };
    table['relevance mean / lowest nDCG@10 (target >= 0.9 / 0.6)'] =
      `${round(relevance.mean, 3)} / ${round(relevance.min, 3)} (${lowest})`;
  }

  result.loadAverageAtEnd = os.loadavg().map((l) => round(l));
  result.totalSeconds = round((performance.now() - started) / 1000, 1);
  table['load average at start / end (1 min)'] =
    `${(result.loadAverageAtStart as number[])[0]} / ${(result.loadAverageAtEnd as number[])[0]}`;
  table['bench wall time s'] = result.totalSeconds;
  console.log('');
  console.table(table);
  const out = path.resolve(services.repoRoot, values.out);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${out}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await es.close();
    await db.destroy();
  });
