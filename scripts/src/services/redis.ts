import { Redis } from 'ioredis';
import type { ServicesConfig } from './config';
import type { ServiceStatus } from './service-status';

async function withRedis<T>(url: string, fn: (r: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  redis.on('error', () => {});
  await redis.connect();
  try {
    return await fn(redis);
  } finally {
    redis.disconnect();
  }
}

export async function checkRedis(config: ServicesConfig): Promise<ServiceStatus> {
  const url = config.REDIS_URL;
  try {
    return await withRedis(url, async (r) => {
      const info = await r.info('server');
      const version = /redis_version:(\S+)/.exec(info)?.[1];
      const [, policy] = (await r.config('GET', 'maxmemory-policy')) as [string, string];
      return { name: 'redis', up: true, url, version, detail: `maxmemory-policy ${policy}` } as ServiceStatus;
    });
  } catch (error) {
    return { name: 'redis', up: false, url, detail: (error as Error).message };
  }
}

/**
 * BullMQ loses jobs when Redis evicts keys under memory pressure, so the policy must be noeviction.
 * Returns true when it had to change it.
 */
export async function ensureRedisNoEviction(config: ServicesConfig): Promise<boolean> {
  return withRedis(config.REDIS_URL, async (r) => {
    const [, policy] = (await r.config('GET', 'maxmemory-policy')) as [string, string];
    if (policy === 'noeviction') return false;
    await r.config('SET', 'maxmemory-policy', 'noeviction');
    return true;
  });
}
