import type { Client } from '@elastic/elasticsearch';
import { streamProfileSources } from '@mp/indexer/profile-source.repository';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

export interface DriftReport {
  expected: number;
  indexed: number;
  /** Searchable in Postgres, absent from the index. */
  missing: string[];
  /** In the index, but hidden, deleted or gone in Postgres. */
  extra: string[];
  /** In both, with an older version in the index. */
  stale: { userId: string; postgres: number; index: number }[];
}

export const hasDrift = (r: DriftReport) => r.missing.length + r.extra.length + r.stale.length > 0;

/** Every (id, version) in the index, read in id order with search_after (no 10,000-hit ceiling). */
async function readIndexVersions(es: Client, alias: string): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  let searchAfter: (string | number)[] | undefined;
  for (;;) {
    const response = await es.search({
      index: alias,
      size: 5000,
      _source: false,
      version: true,
      sort: [{ userId: 'asc' }],
      query: { match_all: {} },
      ...(searchAfter ? { search_after: searchAfter } : {}),
    });
    const hits = response.hits.hits;
    for (const hit of hits) versions.set(hit._id!, hit._version ?? 0);
    if (hits.length < 5000) return versions;
    searchAfter = hits[hits.length - 1]!.sort as (string | number)[];
  }
}

/** Compares Postgres with the index: counts and per-profile versions. */
export async function verifyIndex(db: Kysely<Database>, es: Client, alias: string): Promise<DriftReport> {
  await es.indices.refresh({ index: alias });
  const indexed = await readIndexVersions(es, alias);
  const report: DriftReport = { expected: 0, indexed: indexed.size, missing: [], extra: [], stale: [] };
  const seen = new Set<string>();
  for await (const page of streamProfileSources(db, 2000)) {
    for (const source of page) {
      seen.add(source.userId);
      const inIndex = indexed.get(source.userId);
      if (!source.isSearchable || source.deleted) {
        if (inIndex !== undefined) report.extra.push(source.userId);
        continue;
      }
      report.expected += 1;
      if (inIndex === undefined) report.missing.push(source.userId);
      else if (inIndex < source.version)
        report.stale.push({ userId: source.userId, postgres: source.version, index: inIndex });
    }
  }
  for (const id of indexed.keys()) if (!seen.has(id)) report.extra.push(id);
  return report;
}
