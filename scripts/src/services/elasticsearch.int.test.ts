import { Client } from '@elastic/elasticsearch';
import { afterAll, describe, expect, it } from 'vitest';
import { loadServicesConfig } from './config';
import { ELASTICSEARCH_VERSION } from './versions';

const config = loadServicesConfig();
const client = new Client({ node: config.ELASTICSEARCH_URL });
const index = `it-services-${process.pid}-${Date.now()}`;

afterAll(async () => {
  await client.indices.delete({ index, ignore_unavailable: true });
  await client.close();
});

describe('the Elasticsearch node', () => {
  it('runs the pinned version with our analysis plugin', async () => {
    const nodes = await client.nodes.info({ node_id: '_local', metric: ['plugins'] });
    const node = Object.values(nodes.nodes)[0]!;
    expect(node.version).toBe(ELASTICSEARCH_VERSION);
    expect(node.plugins?.map((p) => p.name)).toContain('marketplace-analysis');
  });

  it('stems Swedish through the plugin: konsulterna -> konsult', async () => {
    const result = await client.indices.analyze({
      tokenizer: 'standard',
      filter: ['lowercase', 'sv_light_stem'],
      text: 'konsulterna',
    });
    expect(result.tokens?.map((t) => t.token)).toEqual(['konsult']);
  });

  it('creates an index, indexes a document and finds it with Swedish analysis', async () => {
    await client.indices.create({
      index,
      settings: {
        analysis: {
          analyzer: {
            swedish: {
              type: 'custom',
              tokenizer: 'standard',
              filter: ['lowercase', 'sv_folding', 'sv_light_stem'],
            },
          },
        },
      },
      mappings: { properties: { title: { type: 'text', analyzer: 'swedish' } } },
    });
    await client.index({
      index,
      id: '1',
      document: { title: 'Erfarna utvecklare i Göteborg' },
      refresh: 'wait_for',
    });
    const byStem = await client.search({ index, query: { match: { title: 'utvecklaren' } } });
    expect(byStem.hits.hits.map((h) => h._id)).toEqual(['1']);
    const byFolding = await client.search({ index, query: { match: { title: 'Goteborg' } } });
    expect(byFolding.hits.hits.map((h) => h._id)).toEqual(['1']);
  });
});
