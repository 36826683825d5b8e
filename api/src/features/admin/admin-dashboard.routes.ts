import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { adminDashboardSchema } from '@mp/api-contract/admin.schema';
import { getAdminDashboard } from './admin-dashboard.service';

/** god/dashboard: live counts. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Live counts: users, verified, premium, searchable profiles, searches per day, top search terms and ' +
          'filters, searches that found nothing, index health and last reindex, outbox lag, dead-lettered profiles',
        response: { 200: adminDashboardSchema, ...errorResponses },
      },
    },
    async () => getAdminDashboard({ db: app.db, es: app.es, alias: app.config.SEARCH_INDEX_ALIAS }),
  );
};
