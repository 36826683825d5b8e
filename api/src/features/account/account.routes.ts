import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import { deleteAccount, startDeletionConfirmation } from './account-deletion.service';
import { exportAccountData } from './account-export.service';
import { requireFreshConfirmation } from '../identity/step-up';
import { confirmSession, startBankIdConfirmation } from './confirmation.service';
import {
  deleteAccountBodySchema,
  confirmSessionBodySchema,
  confirmSessionResponseSchemas,
  deleteAccountResponseSchemas,
  startConfirmationResponseSchema,
} from '@mp/api-contract/account.schema';

const tags = ['account'];

/** Account lifecycle under /api: deletion with confirmation, and the data export. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/delete/bankid',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Start a BankID order for the user's own personal number to confirm deletion (QR from " +
          'GET /api/bankid/qr/{orderRef}); then poll POST /api/user/delete with the orderRef',
        response: { 200: startConfirmationResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      startDeletionConfirmation(app, request.user, {
        ip: request.ip,
        locale: resolveLocale(request.headers['accept-language']),
      }),
  );

  app.post(
    '/user/delete',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Delete the account: confirmation must be the word "delete" (or "radera"), plus password or a BankID orderRef. 202 ' +
          'while the BankID order is pending (poll again); 200 when deleted (log out). The profile leaves search at ' +
          'once, company memberships end, and personal data is purged after 3 months. 409 ' +
          'ACCOUNT_LAST_COMPANY_ADMIN (also from POST /api/user/delete/bankid) while the user is the last admin of ' +
          'a company with other members',
        body: deleteAccountBodySchema,
        response: { ...deleteAccountResponseSchemas, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await deleteAccount(app, request.user, {
        password: request.body.password,
        orderRef: request.body.orderRef,
        ip: request.ip,
        locale: resolveLocale(request.headers['accept-language']),
      });
      return reply.status(result.status === 'pending' ? 202 : 200).send(result);
    },
  );

  app.post(
    '/user/confirm/bankid',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Start a BankID order for the user's own personal number to confirm who they are (step-up); then poll " +
          'POST /api/user/confirm with the orderRef',
        response: { 200: startConfirmationResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      startBankIdConfirmation(app, request.user, {
        ip: request.ip,
        locale: resolveLocale(request.headers['accept-language']),
        returnPath: 'app/settings',
      }),
  );

  app.post(
    '/user/confirm',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Confirm who you are in this session with the password or a BankID orderRef (step-up). 202 while the ' +
          'BankID order is pending; 200 confirmed: for 5 minutes the session may set a first password and ' +
          'download the export (otherwise 403 CONFIRMATION_REQUIRED)',
        body: confirmSessionBodySchema,
        response: { ...confirmSessionResponseSchemas, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await confirmSession(app, request.user, {
        ...request.body,
        ip: request.ip,
        locale: resolveLocale(request.headers['accept-language']),
      });
      return reply.status(result.status === 'pending' ? 202 : 200).send(result);
    },
  );

  app.get(
    '/user/export',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Download a zip (application/zip) of the user's own data as JSON files. It holds the full personal " +
          'number: needs a confirmation within 5 minutes (a fresh login or POST /api/user/confirm), else 403 ' +
          'CONFIRMATION_REQUIRED',
        response: { 200: z.any().describe('application/zip'), ...errorResponses },
      },
    },
    async (request, reply) => {
      requireFreshConfirmation(request.user);
      const { zip, fileName } = await exportAccountData(app, request.user.id, request.ip);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
};
