import { Redis } from 'ioredis';

/** `INFO` output as a map of its `key:value` lines. */
export function parseRedisInfo(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

export interface RedisDurability {
  evictionPolicy: string;
  appendOnly: boolean;
}

/** What the queues need to know of Redis, from `INFO memory` and `INFO persistence`. */
export function readRedisDurability(info: string): RedisDurability {
  const fields = parseRedisInfo(info);
  return {
    evictionPolicy: fields.get('maxmemory_policy') ?? 'unknown',
    appendOnly: fields.get('aof_enabled') === '1',
  };
}

/**
 * Refuses a Redis that may evict keys: BullMQ keeps jobs as keys, and an eviction silently drops queued
 * changes. Read through `INFO` (not `CONFIG GET`, which managed services often disable). Returns the
 * durability so the caller can warn when the append-only file is off.
 */
export async function assertRedisKeepsJobs(redisUrl: string): Promise<RedisDurability> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  try {
    const durability = readRedisDurability(
      `${await redis.info('memory')}\n${await redis.info('persistence')}`,
    );
    if (durability.evictionPolicy !== 'noeviction') {
      throw new Error(
        `Redis maxmemory-policy is '${durability.evictionPolicy}': the indexer needs 'noeviction' (an evicted ` +
          'job is a lost index update). Set it in redis.conf or with CONFIG SET maxmemory-policy noeviction.',
      );
    }
    return durability;
  } finally {
    redis.disconnect();
  }
}
