import type { Client } from '@elastic/elasticsearch';
import type { Database } from '@mp/migrations/database';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';

export interface DependencyHealth {
  up: boolean;
  latencyMs: number;
  detail?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  dependencies: { postgres: DependencyHealth; redis: DependencyHealth; elasticsearch: DependencyHealth };
}

async function probe(timeoutMs: number, check: () => Promise<string | undefined>): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const detail = await Promise.race([check(), timeout]);
    return { up: true, latencyMs: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
  } catch (error) {
    return {
      up: false,
      latencyMs: Math.round(performance.now() - started),
      detail: (error as Error).message,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Checks every dependency in parallel, each with its own time limit; never throws. */
export async function checkHealth(
  deps: { db: Kysely<Database>; redis: Redis; es: Client },
  timeoutMs: number,
): Promise<HealthReport> {
  const [postgres, redis, elasticsearch] = await Promise.all([
    probe(timeoutMs, async () => {
      await sql`select 1`.execute(deps.db);
      return undefined;
    }),
    probe(timeoutMs, async () => {
      if ((await deps.redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
      return undefined;
    }),
    probe(timeoutMs, async () => {
      const health = await deps.es.cluster.health({}, { requestTimeout: timeoutMs, maxRetries: 0 });
      if (health.status === 'red') throw new Error('cluster status red');
      return health.status;
    }),
  ]);
  const dependencies = { postgres, redis, elasticsearch };
  const status = Object.values(dependencies).every((d) => d.up) ? 'ok' : 'degraded';
  return { status, dependencies };
}
