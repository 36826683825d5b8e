import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadIndexerConfig } from './config';
import { startIndexer } from './worker';

// A Redis of our own (the shared one must not be reconfigured) that evicts keys, as a cache would be set up.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startEvictingRedis(): Promise<string> {
  const port = await freePort();
  server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat([
      '--maxmemory-policy',
      'allkeys-lru',
    ]),
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { retryStrategy: () => 50, maxRetriesPerRequest: null });
  await client.ping();
  client.disconnect();
  return url;
}

afterAll(() => {
  server?.kill('SIGTERM');
});

describe('the indexer and Redis', () => {
  it.skipIf(!hasRedisServer)('refuses to start on a Redis that may evict keys', async () => {
    const url = await startEvictingRedis();
    const config = loadIndexerConfig({ ...process.env, REDIS_URL: url });
    await expect(startIndexer(config)).rejects.toThrow(/maxmemory-policy is 'allkeys-lru'.*noeviction/);
  });
});
