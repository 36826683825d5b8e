import type { Client } from '@elastic/elasticsearch';
import { findProfileSources, streamProfileSources } from '@mp/indexer/profile-source.repository';
import {
  indicesBehindAlias,
  listVersionedIndices,
  versionedIndexName,
  writeProfiles,
} from '@mp/indexer/search-index';
import type { Database } from '@mp/migrations/database';
import { OUTBOX_AGGREGATES } from '@mp/migrations/outbox';
import { buildIndexDefinition } from '@mp/search-schema';
import { sql, type Kysely } from 'kysely';

/**
 * Changes are caught up from the outbox by creation time. A transaction writes its outbox row with the
 * transaction's start time, so anything that commits after a marker started at most this long before it.
 */
const CATCH_UP_MARGIN_MS = 30_000;

export interface ReindexProgress {
  phase: 'bulk' | 'catch-up' | 'swap' | 'prune';
  done: number;
  total: number;
}

export interface ReindexResult {
  index: string;
  previous: string[];
  documents: number;
  caughtUp: number;
  pruned: string[];
  seconds: number;
}

async function databaseNow(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  return rows[0]!.now;
}

async function countProfiles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Users with an outbox row created since `since` (minus the margin): the writes made during a phase. */
async function changedSince(db: Kysely<Database>, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('aggregate_id')
    .distinct()
    .where('aggregate_type', '=', OUTBOX_AGGREGATES.profile)
    .where('created_at', '>=', new Date(since.getTime() - CATCH_UP_MARGIN_MS))
    .execute();
  return rows.map((r) => r.aggregate_id);
}

async function catchUp(db: Kysely<Database>, es: Client, index: string, since: Date): Promise<number> {
  const userIds = await changedSince(db, since);
  let written = 0;
  for (let i = 0; i < userIds.length; i += 1000) {
    const slice = userIds.slice(i, i + 1000);
    const sources = await findProfileSources(db, slice);
    // Versions are external: a document already newer in the index is left as it is.
    await writeProfiles(es, index, sources);
    // Users whose profile row is gone must not survive into the new index.
    const found = new Set(sources.map((s) => s.userId));
    const gone = slice.filter((id) => !found.has(id));
    if (gone.length > 0) {
      await es.bulk({ operations: gone.map((id) => ({ delete: { _index: index, _id: id } })) });
    }
    written += slice.length;
  }
  return written;
}

/**
 * Zero-downtime reindex (architecture: search pipeline rule 4): a new versioned index from the mapping in
 * search-schema, bulk-loaded from a Postgres keyset cursor, caught up with the writes made meanwhile, then the
 * alias is swapped atomically and older indices are pruned (the one before is kept for a quick rollback).
 * Searches keep hitting the alias, and the live indexer keeps writing to it, throughout.
 */
export async function reindex(options: {
  db: Kysely<Database>;
  es: Client;
  alias: string;
  pageSize?: number;
  shards?: number;
  replicas?: number;
  keepPrevious?: number;
  onProgress?: (p: ReindexProgress) => void;
}): Promise<ReindexResult> {
  const { db, es, alias, pageSize = 1000, keepPrevious = 1 } = options;
  const started = performance.now();
  const previous = await indicesBehindAlias(es, alias);
  const newest = (await listVersionedIndices(es, alias))[0];
  const index = versionedIndexName(alias, (newest?.version ?? 0) + 1);
  const definition = buildIndexDefinition({ shards: options.shards ?? 1, replicas: options.replicas ?? 0 });

  // Bulk loading is faster without refreshes; replicas are added after the load.
  await es.indices.create({
    index,
    mappings: definition.mappings,
    settings: {
      ...definition.settings,
      index: { ...(definition.settings as { index?: object }).index, refresh_interval: '-1' },
    },
  });

  const loadStart = await databaseNow(db);
  const total = await countProfiles(db);
  let done = 0;
  // Reading the next page from Postgres overlaps with writing the previous ones to Elasticsearch.
  const inFlight = new Set<Promise<void>>();
  for await (const page of streamProfileSources(db, pageSize)) {
    const write: Promise<void> = writeProfiles(es, index, page).then(() => {
      inFlight.delete(write);
      done += page.length;
      options.onProgress?.({ phase: 'bulk', done, total });
    });
    inFlight.add(write);
    if (inFlight.size >= 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await es.indices.putSettings({ index, settings: { index: { refresh_interval: '1s' } } });
  await es.indices.refresh({ index });

  // Catch up twice: once for the load, once more right after the swap for writes that went to the old index
  // in between (from then on the live indexer writes to the new index through the alias).
  const catchUpStart = await databaseNow(db);
  let caughtUp = await catchUp(db, es, index, loadStart);
  options.onProgress?.({ phase: 'catch-up', done: caughtUp, total: caughtUp });

  const actions: object[] = previous.map((name) => ({ remove: { index: name, alias } }));
  actions.push({ add: { index, alias } });
  await es.indices.updateAliases({ actions });
  options.onProgress?.({ phase: 'swap', done: 1, total: 1 });
  caughtUp += await catchUp(db, es, index, catchUpStart);
  await es.indices.refresh({ index });

  const older = (await listVersionedIndices(es, alias)).filter((i) => i.name !== index).slice(keepPrevious);
  for (const old of older) await es.indices.delete({ index: old.name });
  options.onProgress?.({ phase: 'prune', done: older.length, total: older.length });

  return {
    index,
    previous,
    documents: done,
    caughtUp,
    pruned: older.map((o) => o.name),
    seconds: (performance.now() - started) / 1000,
  };
}
