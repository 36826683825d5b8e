import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { buildConsultantDocument, buildIndexDefinition, MAPPING_VERSION } from '@mp/search-schema';
import { makeProfile } from '@mp/test-support/profile-sources';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureSearchIndex,
  isIndexOutdated,
  readMappingVersion,
  writeProfileDocuments,
} from './search-index';

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

describe('a bulk write', () => {
  it('stores built and prebuilt documents with their Swedish text intact and removes hidden profiles', async () => {
    const writeAlias = `${alias}-write`;
    await ensureSearchIndex(es, writeAlias);
    const built = makeProfile({
      firstName: 'Åsa',
      lastName: 'Öberg',
      shortDescription: 'Ärlig och ödmjuk 👍',
    });
    const prebuiltSource = makeProfile({ firstName: 'Örjan', lastName: 'Ångström' });
    const hidden = makeProfile({ isSearchable: false });
    const outcome = await writeProfileDocuments(es, writeAlias, [built, hidden], {
      requireAlias: true,
      prebuilt: [
        {
          userId: prebuiltSource.userId,
          version: prebuiltSource.version,
          document: JSON.stringify(buildConsultantDocument(prebuiltSource)),
        },
      ],
    });
    expect(outcome).toMatchObject({ indexed: 2, deleted: 1, stale: 0, rejected: [], retryable: [] });

    await es.indices.refresh({ index: writeAlias });
    for (const source of [built, prebuiltSource]) {
      const stored = await es.get({ index: writeAlias, id: source.userId });
      expect(stored._source).toEqual(JSON.parse(JSON.stringify(buildConsultantDocument(source))));
    }
    expect(await es.exists({ index: writeAlias, id: hidden.userId })).toBe(false);

    const again = await writeProfileDocuments(es, writeAlias, [built], { requireAlias: true });
    expect(again).toMatchObject({ indexed: 0, stale: 1 });
  });
});
