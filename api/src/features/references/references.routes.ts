import { resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import { ownProfileSchema } from '@mp/api-contract/profile-view.schema';
import {
  addReferenceBodySchema,
  answerReferenceBodySchema,
  experienceParamsSchema,
  referenceAnsweredSchema,
  referenceParamsSchema,
  referenceRequestSchema,
  tokenParamsSchema,
} from '@mp/api-contract/references.schema';
import {
  answerReference,
  assertOpenReferenceToken,
  getReferenceRequest,
  removeReference,
  requestReference,
  resendReference,
} from './references.service';

const tags = ['references'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);
const ACCESS_RESTRICTED =
  "403 ACCESS_RESTRICTED ('Access restricted', data.detail 'Missing or invalid token.') for a missing, " +
  "unknown or expired token; 409 REFERENCE_TOKEN_USED ('You have already answered this reference request " +
  "– thank you', no data) for one already used for an answer";

/** Referees of the consultant's experiences, and the referee's page behind the mailed link. */
export const referencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, config: app.config, mailer: app.mailer, log: app.log });

  app.post(
    '/profile/experiences/:experienceId/references',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Name a referee (firstName, lastName: name rules; email: e-mail rule) for one of the own ' +
          'experiences; mails them a single-use link to /{lang}/verify/reference/{token} in the consultant’s ' +
          'language. Returns the own profile. 404 EXPERIENCE_NOT_FOUND, 409 TOO_MANY_REFERENCES (10), 502 ' +
          'REFERENCE_MAIL_FAILED (saved; send again with .../resend)',
        params: experienceParamsSchema,
        body: addReferenceBodySchema,
        response: { 200: ownProfileSchema, ...errorResponses },
      },
    },
    async (request) =>
      requestReference(deps(), request.user.id, request.params.experienceId, request.body, localeOf(request)),
  );

  app.post(
    '/profile/references/:referenceId/resend',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Mail a pending reference’s link again (a new token; the old link stops working). 404 ' +
          'REFERENCE_NOT_FOUND, 409 REFERENCE_ALREADY_ANSWERED',
        params: referenceParamsSchema,
        response: { 200: ownProfileSchema, ...errorResponses },
      },
    },
    async (request) =>
      resendReference(deps(), request.user.id, request.params.referenceId, localeOf(request)),
  );

  app.delete(
    '/profile/references/:referenceId',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Delete a reference (pending or answered). 404 REFERENCE_NOT_FOUND',
        params: referenceParamsSchema,
        response: { 200: ownProfileSchema, ...errorResponses },
      },
    },
    async (request) =>
      removeReference(deps(), request.user.id, request.params.referenceId, localeOf(request)),
  );

  app.get(
    '/references/:token',
    {
      schema: {
        tags,
        summary: `The reference request a referee is asked about (no login). ${ACCESS_RESTRICTED}`,
        params: tokenParamsSchema,
        response: { 200: referenceRequestSchema, ...errorResponses },
      },
    },
    async (request) => getReferenceRequest(app.db, request.params.token, localeOf(request)),
  );

  app.post(
    '/references/:token',
    {
      // The link first, before the body is parsed or checked: an invalid token is 'Access restricted' whatever
      // the form says (a missing review must not be what a wrong link answers).
      onRequest: async (request) => assertOpenReferenceToken(app.db, request.params.token, localeOf(request)),
      schema: {
        tags,
        summary:
          'Answer a reference request: decision approve (rating 1-5 and review required, at most 500 ' +
          'characters) or decline; comment optional (a note to the consultant, never on the profile). ' +
          `Anonymous on the profile. ${ACCESS_RESTRICTED}`,
        params: tokenParamsSchema,
        body: answerReferenceBodySchema,
        response: { 200: referenceAnsweredSchema, ...errorResponses },
      },
    },
    async (request) => answerReference(app.db, request.params.token, request.body, localeOf(request)),
  );
};
