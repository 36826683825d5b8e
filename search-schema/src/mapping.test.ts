import { describe, expect, it } from 'vitest';
import { buildConsultantDocument } from './document';
import {
  ANALYZERS,
  buildIndexDefinition,
  INDEX_ALIAS,
  indexNameForVersion,
  MAPPING_VERSION,
} from './mapping';
import { buildTestProfiles } from '@mp/test-support/profile-sources';
import { jsonSnapshots } from '@mp/test-support/json-snapshot';

const expectJsonSnapshot = jsonSnapshots(new URL('./__snapshots__/', import.meta.url));

type MappingNode = { properties?: Record<string, MappingNode>; type?: string; enabled?: boolean };

describe('index names', () => {
  it('versions the index behind the alias', () => {
    expect(INDEX_ALIAS).toBe('consultants');
    expect(indexNameForVersion(3)).toBe('consultants_v3');
    expect(indexNameForVersion(MAPPING_VERSION)).toBe(`consultants_v${MAPPING_VERSION}`);
    expect(() => indexNameForVersion(0)).toThrow(RangeError);
    expect(() => indexNameForVersion(1.5)).toThrow(RangeError);
  });
});

describe('buildIndexDefinition', () => {
  it('matches the committed snapshot (review every change, then bump MAPPING_VERSION)', () => {
    expectJsonSnapshot('mapping', buildIndexDefinition());
  });

  it('takes shard and replica counts from the caller', () => {
    const { settings } = buildIndexDefinition({ shards: 4, replicas: 1 });
    expect(settings).toMatchObject({ number_of_shards: 4, number_of_replicas: 1 });
    expect(buildIndexDefinition().settings).toMatchObject({ number_of_shards: 1, number_of_replicas: 0 });
  });

  it('is strict and records its version', () => {
    const { mappings } = buildIndexDefinition();
    expect(mappings.dynamic).toBe('strict');
    expect(mappings._meta).toEqual({ mappingVersion: MAPPING_VERSION });
  });

  it('defines every analyzer it references, with filters of the plugin or the distribution only', () => {
    const { settings, mappings } = buildIndexDefinition();
    const analysis = settings.analysis as {
      analyzer: Record<string, { filter: string[] }>;
      filter: Record<string, unknown>;
    };
    const referenced = new Set(
      [...JSON.stringify(mappings).matchAll(/"(?:search_)?analyzer":"([^"]+)"/g)].map((m) => m[1]),
    );
    expect([...referenced].sort()).toEqual(Object.values(ANALYZERS).sort());
    const available = new Set([
      'lowercase',
      'sv_folding',
      'sv_light_stem',
      'en_stem',
      'en_possessive',
      ...Object.keys(analysis.filter),
    ]);
    for (const [name, analyzer] of Object.entries(analysis.analyzer)) {
      for (const filter of analyzer.filter) expect(available.has(filter), `${name}: ${filter}`).toBe(true);
    }
  });

  it('maps every field the document builder writes (dynamic strict would reject the rest)', () => {
    const { mappings } = buildIndexDefinition();
    const unmapped: string[] = [];
    const visit = (value: unknown, node: MappingNode | undefined, path: string) => {
      if (node === undefined) {
        unmapped.push(path);
        return;
      }
      if (node.enabled === false || value === null || typeof value !== 'object') return;
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item === null || typeof item !== 'object') continue;
        for (const [key, child] of Object.entries(item))
          visit(child, node.properties?.[key], `${path}.${key}`);
      }
    };
    for (const profile of buildTestProfiles()) {
      visit(buildConsultantDocument(profile), mappings as unknown as MappingNode, '$');
    }
    expect(unmapped).toEqual([]);
  });
});
