import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  emailChangeRequestedSchema,
  emailTokenConfirmedSchema,
  emailTokenQuerySchema,
  passwordChangedSchema,
  resendVerificationBodySchema,
  subscriptionCheckSchema,
  updateUserBodySchema,
  userResponseSchema,
  verificationSentSchema,
} from '@mp/api-contract/users.schema';
import {
  changePassword,
  confirmEmailToken,
  getUserResponse,
  requestEmailChange,
  resendVerification,
  updateCurrentUser,
} from './users.service';

const tags = ['account'];

/** The logged-in user's account under /api (spec section 7: user, check/subscription, verify/email, ...). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The logged-in user (verified, terms.accepted, flags); 401 SESSION_EXPIRED when the token expired',
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => getUserResponse(app, request.user.id),
  );

  app.post(
    '/user',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Edit account fields (names, phone, language, notification settings) and, at first setup, the e-mail ' +
          '(a confirmation link is mailed; 409 EMAIL_IN_USE when another account has it) and the terms. ' +
          'Unknown keys are a 400. Returns the user',
        body: updateUserBodySchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => updateCurrentUser(app, request.user, request.body, { ip: request.ip }),
  );

  app.get(
    '/check/subscription',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Whether the user is premium and/or admin',
        response: { 200: subscriptionCheckSchema, ...errorResponses },
      },
    },
    async (request) => ({ isPremium: request.user.isPremium, isAdmin: request.user.isAdmin }),
  );

  app.post(
    '/user/password',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Change the password (currentPassword required when one is set); other sessions are logged out. ' +
          '400 WRONG_PASSWORD, 403 403E005 after repeated failures',
        body: changePasswordBodySchema,
        response: { 200: passwordChangedSchema, ...errorResponses },
      },
    },
    async (request) => changePassword(app, request.user, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/user/settings/email',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Change e-mail: the confirmation link goes to the current (old) address of a verified account, or to ' +
          'the new address when none is confirmed yet. 409 EMAIL_IN_USE when the address is taken',
        body: changeEmailBodySchema,
        response: { 200: emailChangeRequestedSchema, ...errorResponses },
      },
    },
    async (request) => requestEmailChange(app, request.user, { email: request.body.email, ip: request.ip }),
  );

  app.get(
    '/verify/email',
    {
      schema: {
        tags,
        summary:
          'Open a mailed link: confirms the address (verified) or completes an e-mail change. No login needed; ' +
          '400 ALREADY_VERIFIED for a link whose work is done (opened again: the account is verified with that ' +
          'address), 400 INVALID_TOKEN for an unknown, expired or replaced one',
        querystring: emailTokenQuerySchema,
        response: { 200: emailTokenConfirmedSchema, ...errorResponses },
      },
    },
    async (request) => confirmEmailToken(app, { token: request.query.token, ip: request.ip }),
  );

  app.post(
    '/verify/email/resend',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Send a new verification link to the address waiting for confirmation (a BankID account's first " +
          'address) or else the unconfirmed one; an optional `redirect` (a web app path) is ' +
          'where the link leads once the address is confirmed',
        body: resendVerificationBodySchema,
        response: { 200: verificationSentSchema, ...errorResponses },
      },
    },
    async (request) =>
      resendVerification(app, request.user, { ip: request.ip, redirect: request.body?.redirect }),
  );
};
