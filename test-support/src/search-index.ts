import type { Client } from '@elastic/elasticsearch';

/** The version each of `userIds` is indexed at under `alias` (absent: not indexed), after a refresh. */
export async function indexedVersions(
  es: Client,
  alias: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  await es.indices.refresh({ index: alias });
  const r = await es.search({
    index: alias,
    query: { ids: { values: [...userIds] } },
    version: true,
    _source: false,
    size: userIds.length,
  });
  return new Map(r.hits.hits.map((h) => [h._id!, h._version!]));
}

/**
 * Deletes every index of a test's own alias (`<alias>_v1`, `_v2`, ... as `ensureSearchIndex` and a reindex name
 * them), and with them the alias: the clean-up of a test that indexed under an alias of its own.
 */
export async function dropSearchIndices(es: Client, alias: string): Promise<void> {
  await es.indices.delete({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true });
}
