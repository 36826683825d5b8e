import type { Client } from '@elastic/elasticsearch';
import { buildConsultantDocument, buildIndexDefinition, type ProfileSource } from '@mp/search-schema';

export const versionedIndexName = (alias: string, version: number) => `${alias}_v${version}`;

/** Indices behind or named like the alias, newest version first. */
export async function listVersionedIndices(
  client: Client,
  alias: string,
): Promise<{ name: string; version: number }[]> {
  const indices = await client.cat.indices({ index: `${alias}_v*`, format: 'json', h: ['index'] });
  return indices
    .map((i) => i.index ?? '')
    .map((name) => ({ name, version: Number(/_v(\d+)$/.exec(name)?.[1] ?? NaN) }))
    .filter((i) => Number.isInteger(i.version))
    .sort((a, b) => b.version - a.version);
}

export async function indicesBehindAlias(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists) return [];
  return Object.keys(await client.indices.getAlias({ name: alias }));
}

/** Creates `<alias>_v1` with the current mapping and points the alias at it, unless the alias exists. */
export async function ensureSearchIndex(
  client: Client,
  alias: string,
  options: { shards?: number; replicas?: number } = {},
): Promise<string> {
  const current = await indicesBehindAlias(client, alias);
  if (current[0]) return current[0];
  const newest = (await listVersionedIndices(client, alias))[0];
  const name = versionedIndexName(alias, (newest?.version ?? 0) + 1);
  await client.indices.create({ index: name, ...buildIndexDefinition(options) });
  await client.indices.updateAliases({ actions: [{ add: { index: name, alias } }] });
  return name;
}

export interface BulkWriteResult {
  indexed: number;
  deleted: number;
  /** Writes refused because the index already holds a newer version: expected, harmless. */
  stale: number;
}

/**
 * Writes the current state of each profile with external versioning, so a late or repeated job can never
 * overwrite newer data. Hidden or deleted profiles are removed. Throws on any other failure (the job retries).
 */
export async function writeProfiles(
  client: Client,
  target: string,
  sources: readonly ProfileSource[],
  options: { refresh?: boolean; requireAlias?: boolean } = {},
): Promise<BulkWriteResult> {
  const result: BulkWriteResult = { indexed: 0, deleted: 0, stale: 0 };
  if (sources.length === 0) return result;
  const operations: object[] = [];
  for (const source of sources) {
    const meta = {
      _index: target,
      _id: source.userId,
      version: source.version,
      version_type: 'external' as const,
    };
    if (source.isSearchable && !source.deleted) {
      operations.push({ index: meta }, buildConsultantDocument(source));
    } else {
      operations.push({ delete: meta });
    }
  }
  const response = await client.bulk({
    operations,
    refresh: options.refresh ? 'wait_for' : false,
    // Writing to a missing alias would silently create a concrete index with a guessed mapping.
    require_alias: options.requireAlias ?? false,
    // Only what the loop below reads: a thousand items' shard and sequence details are work for nothing
    // on both sides.
    filter_path: ['items.*._id', 'items.*.status', 'items.*.error.type', 'items.*.error.reason'],
  });
  const failures: string[] = [];
  for (const item of response.items) {
    const [action, outcome] = Object.entries(item)[0]!;
    const status = outcome.status;
    if (status === 409) result.stale += 1;
    else if (action === 'delete' && (status === 200 || status === 404)) result.deleted += 1;
    else if (status >= 200 && status < 300) result.indexed += 1;
    else
      failures.push(`${outcome._id}: ${status} ${outcome.error?.type ?? ''} ${outcome.error?.reason ?? ''}`);
  }
  if (failures.length > 0) {
    throw new Error(
      `bulk write failed for ${failures.length} profile(s): ${failures.slice(0, 5).join('; ')}`,
    );
  }
  return result;
}

/**
 * Users whose profile must be removed from the index even though no profile row exists any more
 * (account purged): delete by id with no version (nothing newer can exist for a gone user).
 */
export async function deleteMissingProfiles(
  client: Client,
  target: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const response = await client.bulk({
    operations: userIds.map((id) => ({ delete: { _index: target, _id: id } })),
  });
  return response.items.filter((i) => i.delete?.status === 200).length;
}
