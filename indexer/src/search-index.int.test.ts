import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { buildIndexDefinition, MAPPING_VERSION } from '@mp/search-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSearchIndex, isIndexOutdated, readMappingVersion } from './search-index';

// The indexer warns at start when the index behind the alias predates this build's mapping (strict: it would
// refuse documents with new fields until `npm run reindex`).

const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
const alias = `it-mapping-version-${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await es.indices.delete({ index: `${alias}*`, ignore_unavailable: true, allow_no_indices: true });
  await es.close();
});

describe('the mapping version of the index behind the alias', () => {
  it('is current for a new index and outdated for one made by an older mapping', async () => {
    const current = await ensureSearchIndex(es, alias);
    expect(await readMappingVersion(es, current)).toBe(MAPPING_VERSION);
    expect(await isIndexOutdated(es, current)).toBe(false);

    const definition = buildIndexDefinition();
    const older = `${alias}-older`;
    await es.indices.create({
      index: older,
      settings: definition.settings,
      mappings: { ...definition.mappings, _meta: { mappingVersion: MAPPING_VERSION - 1 } },
    });
    expect(await isIndexOutdated(es, older)).toBe(true);
  });
});
