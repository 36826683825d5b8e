import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReportSchema } from '@mp/api-contract/health.schema';
import { getOptionalUser, optionalUser } from '../../plugins/auth';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      preHandler: optionalUser,
      schema: {
        tags: ['operations'],
        summary:
          'Health of the API and each dependency; 503 when one is down. Only admins see the error text of a ' +
          'failed check (`detail`); everyone else sees up or down',
        response: { 200: healthReportSchema, 503: healthReportSchema },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(app, app.config.HEALTH_TIMEOUT_MS);
      if (!getOptionalUser(request)?.isAdmin) {
        for (const dependency of Object.values(health.dependencies)) delete dependency.detail;
      }
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
