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
