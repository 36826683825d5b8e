import type { Database } from '@mp/migrations/database';
import { profileSourceSchema, type ProfileSource } from '@mp/search-schema';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PrebuiltDocument } from './search-index';

/**
 * One row per user: the search source the profile service materialised (and validated) with the last change,
 * or, when that is missing or older than the row (written before the column existed, or by a path that skipped
 * the service), `profile_search_source()` computed now. Either way one round trip per batch of profiles.
 * With a `documentKey`, a profile whose stored document was built from its current source under that key
 * comes as that document's text instead (`prebuilt`; null text: hidden or deleted), and no source is read.
 */
function selectProfileSources(
  where: RawBuilder<unknown>,
  options: { limit?: number; recompute?: boolean; documentKey?: string | null } = {},
) {
  const useStored = options.recompute
    ? sql`false`
    : sql`coalesce(p.search_source_version = p.version, false)`;
  const usePrebuilt =
    options.recompute || !options.documentKey
      ? sql`false`
      : sql`coalesce(p.search_source_version = p.version AND p.search_document_key = ${options.documentKey}, false)`;
  return sql<{
    user_id: string;
    version: number;
    stored: boolean;
    prebuilt: boolean;
    document: string | null;
    source: unknown;
  }>`
    SELECT p.user_id, p.version, ${useStored} AS stored, ${usePrebuilt} AS prebuilt,
           CASE WHEN ${usePrebuilt} THEN p.search_document END AS document,
           CASE WHEN ${usePrebuilt} THEN NULL
                WHEN ${useStored} THEN p.search_source
                ELSE profile_search_source(p.id)::json END AS source
    FROM profiles p
    WHERE ${where}
    ORDER BY p.user_id
    ${options.limit ? sql`LIMIT ${options.limit}` : sql``}`;
}

/**
 * A stored source was validated by the profile service when it was written (`refreshSearchSources`), so it is
 * not parsed again: on the indexer's hot path that second parse, which copies the whole object, cost about a
 * fifth of its CPU. A source computed here is validated.
 */
function parseSources(rows: { stored: boolean; source: unknown }[]): ProfileSource[] {
  return rows.map((r) => (r.stored ? (r.source as ProfileSource) : profileSourceSchema.parse(r.source)));
}

export interface InvalidProfileSource {
  userId: string;
  version: number;
  reason: string;
}

/**
 * {@link findProfileSources} for the index worker: a computed source that does not fit the schema is reported
 * on its own instead of failing the whole batch. `recompute` ignores the stored sources and documents: the
 * drift repair uses it, since a write behind the profile service's back (no version bump) leaves a stored
 * source that looks current but is not. With `documentKey` (the worker's `storedDocumentKey()`), profiles whose
 * stored document matches it come as `prebuilt` documents, to be sent as they are.
 */
export async function findProfileSourcesForIndexing(
  db: Kysely<Database>,
  userIds: readonly string[],
  options: { recompute?: boolean; documentKey?: string | null } = {},
): Promise<{ sources: ProfileSource[]; prebuilt: PrebuiltDocument[]; invalid: InvalidProfileSource[] }> {
  const result = {
    sources: [] as ProfileSource[],
    prebuilt: [] as PrebuiltDocument[],
    invalid: [] as InvalidProfileSource[],
  };
  if (userIds.length === 0) return result;
  const { rows } = await selectProfileSources(sql`p.user_id = ANY(${[...userIds]}::uuid[])`, options).execute(
    db,
  );
  for (const row of rows) {
    if (row.prebuilt) {
      result.prebuilt.push({ userId: row.user_id, version: Number(row.version), document: row.document });
      continue;
    }
    if (row.stored) {
      result.sources.push(row.source as ProfileSource);
      continue;
    }
    const parsed = profileSourceSchema.safeParse(row.source);
    if (parsed.success) result.sources.push(parsed.data);
    else
      result.invalid.push({
        userId: row.user_id,
        version: Number(row.version),
        reason: parsed.error.message.slice(0, 2000),
      });
  }
  return result;
}

/** Current state of the given users' profiles; users without a profile are simply absent. */
export async function findProfileSources(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<ProfileSource[]> {
  if (userIds.length === 0) return [];
  const { rows } = await selectProfileSources(sql`p.user_id = ANY(${[...userIds]}::uuid[])`).execute(db);
  return parseSources(rows);
}

/**
 * Walks every profile in user-id order in pages (keyset pagination, so it neither holds a long transaction
 * nor slows down on later pages). Used by reindex and the drift check.
 */
export async function* streamProfileSources(
  db: Kysely<Database>,
  pageSize = 1000,
): AsyncGenerator<ProfileSource[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await selectProfileSources(sql`p.user_id > ${after}::uuid`, { limit: pageSize }).execute(
      db,
    );
    if (rows.length === 0) return;
    const page = parseSources(rows);
    yield page;
    after = page[page.length - 1]!.userId;
    if (rows.length < pageSize) return;
  }
}
