import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { healthRoutes } from './features/health/health.routes';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import openapi from './plugins/openapi';
import redisPlugin from './plugins/redis';
import searchClient from './plugins/search-client';

/** Paths never written to logs in full: they carry tokens or personal numbers. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'];

/**
 * Builds the app without listening: external plugins first, then app plugins, then routes (tests build it
 * and use `app.inject`).
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: REDACT },
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // Query strings like ?token=... must not reach the request log line.
    disableRequestLogging: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(openapi);
  await app.register(dbPlugin);
  await app.register(redisPlugin);
  await app.register(searchClient);

  await app.register(healthRoutes, { prefix: '/api' });
  return app;
}
