import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-schema';
import { requireUser } from '../../plugins/auth';
import { listCompaniesOfUser } from './companies.service';

const companySummarySchema = z.object({
  id: z.uuid(),
  businessName: z.string(),
  businessType: z.string().nullable(),
  organisationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  permissions: z.array(z.string()),
});

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies',
    {
      preHandler: requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Companies the user administers (adminForCompanies) and is a member of (memberInCompanies)',
        response: {
          200: z.object({
            adminForCompanies: z.array(companySummarySchema),
            memberInCompanies: z.array(companySummarySchema),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listCompaniesOfUser(app.db, request.user.id),
  );
};
