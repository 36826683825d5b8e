import { resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { getOptionalUser, optionalUser } from '../../plugins/auth';
import {
  collectBankIdBodySchema,
  collectBankIdResponseSchema,
  forgotPasswordBodySchema,
  loggedOutSchema,
  loginBodySchema,
  passwordResetSchema,
  registerBodySchema,
  registrationSentSchema,
  resetLinkSentSchema,
  resetPasswordBodySchema,
  resetTokenCheckBodySchema,
  resetTokenUsableSchema,
  sessionResponseSchema,
  startBankIdBodySchema,
  startBankIdResponseSchema,
} from '@mp/api-contract/auth.schema';
import { collectBankIdLogin, startBankIdLogin } from './bankid-login.service';
import {
  checkPasswordResetToken,
  loginWithPassword,
  registerWithPassword,
  requestPasswordReset,
  resetPassword,
} from './password-login.service';
import { logout } from '../identity/session.service';

const tags = ['auth'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);

/** The auth host's two calls (spec section 7): PUT /auth starts BankID, POST /auth collects. */
export const authHostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/auth',
    {
      schema: {
        tags,
        summary:
          'Start a BankID login for a personal number. Then poll POST /auth every 2 s and show the QR code from ' +
          'GET /api/bankid/qr/{orderRef}. 403 403E005 after repeated failures; 409 BANKID_ALREADY_IN_PROGRESS; ' +
          "503 BANKID_UNAVAILABLE ('BankID authentication failed, Please try again')",
        description: [
          'The BankID login flow (RP API v6.0):',
          "1. PUT /auth with the personal number (and the login page's redirect and tab, if any) -> orderRef,",
          '   autoStartToken, sameDeviceUrl, collectSecret.',
          '2. Other device: render GET /api/bankid/qr/{orderRef} as a QR code, refreshed every second.',
          '   Same device: open sameDeviceUrl; the BankID app returns to /{lang}/login?orderRef=... (with redirect',
          '   and tab), which resumes step 3.',
          '3. POST /auth with the orderRef and collectSecret every 2 s: pending (hintCode, message to show) until complete (authorization',
          '   token and the user; verified=false means the web sends the user to auth/setup) or a 400 failure (back to step 1).',
          '4. Cancel: POST /api/bankid/cancel with the orderRef.',
          'Tokens go raw in the Authorization header. Failed attempts count towards 403 403E005 (30 s).',
        ].join('\n'),
        body: startBankIdBodySchema,
        response: { 200: startBankIdResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      startBankIdLogin(app, {
        personalNumber: request.body.nationalIdentityNumber,
        ip: request.ip,
        locale: localeOf(request),
        loginReturn: { redirect: request.body.redirect, tab: request.body.tab },
      }),
  );

  app.post(
    '/auth',
    {
      schema: {
        tags,
        summary:
          'Collect a BankID login. pending: hintCode and message; complete: authorization (the token) and the ' +
          'user. Failures are 400 with code BANKID_USER_CANCEL, BANKID_EXPIRED_TRANSACTION, BANKID_START_FAILED, ' +
          'BANKID_CERTIFICATE_ERR, BANKID_CANCELLED or BANKID_FAILED (back to step 1); 403 403E005; 403 ACCOUNT_REMOVED',
        body: collectBankIdBodySchema,
        response: { 200: collectBankIdResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      collectBankIdLogin(app, {
        orderRef: request.body.orderRef,
        collectSecret: request.body.collectSecret,
        externalCompanyToken: request.body.externalCompanyToken,
        ip: request.ip,
        locale: localeOf(request),
      }),
  );
};

/** The e-mail and password fallback and logout, under /api. */
export const authApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary:
          'Register with e-mail and password; a verification link is mailed (leading on to `redirect`, a web app ' +
          'path, when given). The answer is the same for a taken address (its owner gets a mail instead)',
        body: registerBodySchema,
        response: { 202: registrationSentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await registerWithPassword(app, {
        ...request.body,
        locale: localeOf(request),
        ip: request.ip,
      });
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary:
          'Log in with e-mail and password. 401 INVALID_CREDENTIALS; 403 403E005 after repeated failures',
        body: loginBodySchema,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => loginWithPassword(app, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        tags,
        summary:
          'Mail a single-use password reset link (valid 60 minutes) to the address, if it has an account',
        body: forgotPasswordBodySchema,
        response: { 202: resetLinkSentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await requestPasswordReset(app, { email: request.body.email, ip: request.ip });
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags,
        summary:
          'Set a new password with the token from the reset link; all sessions are logged out. 400 ' +
          'RESET_LINK_USED, RESET_LINK_EXPIRED or INVALID_TOKEN for a link that does not work',
        body: resetPasswordBodySchema,
        response: { 200: passwordResetSchema, ...errorResponses },
      },
    },
    async (request) => resetPassword(app, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/auth/password/reset/check',
    {
      schema: {
        tags,
        summary:
          'Whether a password reset link still works, without using it (the page asks before showing the form). ' +
          '400 RESET_LINK_USED (used, or replaced by a newer link), RESET_LINK_EXPIRED, INVALID_TOKEN',
        body: resetTokenCheckBodySchema,
        response: { 200: resetTokenUsableSchema, ...errorResponses },
      },
    },
    async (request) => checkPasswordResetToken(app, request.body.token),
  );

  app.get(
    '/logout',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: 'Revoke the session of the token sent; answers 200 also for a missing or expired token',
        response: { 200: loggedOutSchema },
      },
    },
    async (request) => logout(app, getOptionalUser(request), request.ip),
  );
};
