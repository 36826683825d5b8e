import { describe, expect, it } from 'vitest';
import { readRedisDurability } from './redis-check';

const info = (policy: string, aof: 0 | 1) =>
  `# Memory\r\nused_memory:1024\r\nmaxmemory_policy:${policy}\r\n\r\n# Persistence\r\nloading:0\r\naof_enabled:${aof}\r\n`;

describe('readRedisDurability', () => {
  it('reads the eviction policy and whether the append-only file is on', () => {
    expect(readRedisDurability(info('noeviction', 1))).toEqual({
      evictionPolicy: 'noeviction',
      appendOnly: true,
    });
    expect(readRedisDurability(info('allkeys-lru', 0))).toEqual({
      evictionPolicy: 'allkeys-lru',
      appendOnly: false,
    });
  });

  it('says unknown when Redis does not report a policy', () => {
    expect(readRedisDurability('# Memory\r\nused_memory:1\r\n').evictionPolicy).toBe('unknown');
  });
});
