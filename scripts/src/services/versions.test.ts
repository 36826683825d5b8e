import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServicesConfig } from './config';
import { ELASTICSEARCH_VERSION } from './versions';

const root = loadServicesConfig().repoRoot;
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Elasticsearch version pin', () => {
  it('matches the JS client major in every workspace that talks to Elasticsearch', () => {
    const major = ELASTICSEARCH_VERSION.split('.')[0];
    for (const ws of ['api', 'indexer', 'scripts']) {
      const pkg = JSON.parse(read(`${ws}/package.json`)) as { dependencies: Record<string, string> };
      const range = pkg.dependencies['@elastic/elasticsearch'];
      expect(range, `${ws} depends on @elastic/elasticsearch`).toBeDefined();
      expect(range!.replace(/^[~^]/, '').split('.')[0]).toBe(major);
    }
  });

  it('is the image tag in docker-compose.yml', () => {
    expect(read('docker-compose.yml')).toContain(`:${ELASTICSEARCH_VERSION}`);
  });
});
