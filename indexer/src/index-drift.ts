import type { Client } from '@elastic/elasticsearch';
import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

export interface DriftReport {
  expected: number;
  indexed: number;
  /** Searchable in Postgres, absent from the index. */
  missing: string[];
  /** In the index, but hidden, deleted or gone in Postgres. */
  extra: string[];
  /** In both, with an older version in the index. */
  stale: { userId: string; postgres: number; index: number }[];
  /**
   * Missing or stale, but with an open dead letter: the index refused the current data for good, which the
   * dead-letter table already tells operators (`npm run dead-letters`). Known, so not counted as drift.
   */
  deadLettered: string[];
}

export const hasDrift = (r: DriftReport) => r.missing.length + r.extra.length + r.stale.length > 0;

/**
 * Every user whose document is missing, extra or stale: what a repair must index again. Dead-lettered ones
 * are tried again too (the data may have been mended since).
 */
export const driftedUserIds = (r: DriftReport) => [
  ...new Set([...r.missing, ...r.extra, ...r.stale.map((s) => s.userId), ...r.deadLettered]),
];

async function openDeadLetters(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('index_dead_letters')
    .select('user_id')
    .where('resolved_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

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

/**
 * Every profile's id, version and whether it belongs in the index, in user-id pages (keyset pagination). Only
 * the columns the comparison needs: no search source is read or built.
 */
async function* streamProfileVersions(
  db: Kysely<Database>,
  pageSize = 5000,
): AsyncGenerator<{ user_id: string; version: number; searchable: boolean }[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ user_id: string; version: number; searchable: boolean }>`
      SELECT p.user_id, p.version, (p.is_searchable AND u.deleted_at IS NULL) AS searchable
      FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.user_id > ${after}::uuid
      ORDER BY p.user_id
      LIMIT ${pageSize}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.user_id;
    if (rows.length < pageSize) return;
  }
}

/** Compares Postgres with the index: counts and per-profile versions. */
export async function verifyIndex(db: Kysely<Database>, es: Client, alias: string): Promise<DriftReport> {
  await es.indices.refresh({ index: alias });
  const indexed = await readIndexVersions(es, alias);
  const refused = await openDeadLetters(db);
  const report: DriftReport = {
    expected: 0,
    indexed: indexed.size,
    missing: [],
    extra: [],
    stale: [],
    deadLettered: [],
  };
  const seen = new Set<string>();
  for await (const page of streamProfileVersions(db)) {
    for (const row of page) {
      const version = Number(row.version);
      seen.add(row.user_id);
      const inIndex = indexed.get(row.user_id);
      if (!row.searchable) {
        if (inIndex !== undefined) report.extra.push(row.user_id);
        continue;
      }
      report.expected += 1;
      const behind = inIndex === undefined || inIndex < version;
      if (behind && refused.has(row.user_id)) report.deadLettered.push(row.user_id);
      else if (inIndex === undefined) report.missing.push(row.user_id);
      else if (inIndex < version)
        report.stale.push({ userId: row.user_id, postgres: version, index: inIndex });
    }
  }
  for (const id of indexed.keys()) if (!seen.has(id)) report.extra.push(id);
  return report;
}
