import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

/** Shared Redis connection (rate limits, BullMQ producers). Commands fail fast while Redis is down. */
export default fp(
  async (app) => {
    const redis = new Redis(app.config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2000,
    });
    redis.on('error', (error) => app.log.warn({ err: error.message }, 'redis connection error'));
    await redis
      .connect()
      .catch((error: Error) => app.log.warn({ err: error.message }, 'redis not reachable at boot'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
