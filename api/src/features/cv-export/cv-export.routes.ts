import { resolveLocale, type Locale } from '@mp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { cvParamsSchema, cvQuerySchema } from '@mp/api-contract/cv-export.schema';
import { pdfFileSchema } from '@mp/api-contract/file.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import { exportAnonymisedCv, exportOwnCv, type CvFile } from './cv-export.service';

const tags = ['profile'];

const localeOf = (request: FastifyRequest<{ Querystring: { lang?: Locale } }>) =>
  request.query.lang ?? resolveLocale(request.headers['accept-language']);

function sendPdf(reply: FastifyReply, file: CvFile) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .send(file.pdf);
}

/** The profile as a PDF CV in Swedish or English: the own one, and anonymised ones for premium buyers. */
export const cvExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, log: app.log });

  app.get(
    '/profile/cv.pdf',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Download the own profile as a PDF CV (?lang=sv|en) with name, photo and contact details',
        querystring: cvQuerySchema,
        produces: ['application/pdf'],
        response: { 200: pdfFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendPdf(reply, await exportOwnCv(deps(), request.user.id, localeOf(request))),
  );

  app.get(
    '/profile/:id/cv.pdf',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "Download a consultant's anonymised PDF CV (no name, photo or contact details; ?lang=sv|en). " +
          "Premium only: 403 PREMIUM_REQUIRED ('error.premiumRequired'). 404 PROFILE_NOT_AVAILABLE, 410 " +
          'PROFILE_NO_LONGER_EXISTS',
        params: cvParamsSchema,
        querystring: cvQuerySchema,
        produces: ['application/pdf'],
        response: { 200: pdfFileSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await exportAnonymisedCv(deps(), request.user, request.params.id, localeOf(request))),
  );
};
