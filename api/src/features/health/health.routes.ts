import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from './health.service';

const dependency = z.object({ up: z.boolean(), latencyMs: z.number(), detail: z.string().optional() });
const report = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.object({ postgres: dependency, redis: dependency, elasticsearch: dependency }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Health of the API and each dependency; 503 when one is down',
        response: { 200: report, 503: report },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app, app.config.HEALTH_TIMEOUT_MS);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
