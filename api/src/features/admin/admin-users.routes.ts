import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { profileEditBodySchema } from '@mp/api-contract/profile-edit.schema';
import { ownProfileSchema } from '@mp/api-contract/profile-view.schema';
import {
  adminAuditQuerySchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  setAdminBodySchema,
  userIdParamsSchema,
} from '@mp/api-contract/admin.schema';
import {
  getUserDetail,
  getUserProfile,
  listUsers,
  saveUserProfile,
  searchAuditLog,
  setUserAdmin,
} from './admin-users.service';

const tags = ['admin'];

/** Users, a user's profile edited on their behalf, and the audit log (god/users, god/user/{id}). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags,
        summary:
          'Users by e-mail, name or id, with filters (verified, premium, admin, searchable, deleted); pages',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errorResponses },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/users/:userId',
    {
      schema: {
        tags,
        summary:
          'One user: account, profile state, accepted terms and the latest audit entries. 404 USER_NOT_FOUND',
        params: userIdParamsSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses },
      },
    },
    async (request) => getUserDetail(app.db, request.params.userId),
  );

  app.put(
    '/users/:userId/admin',
    {
      schema: {
        tags,
        summary:
          'Make the user an admin, or take it back; audited as admin.user.grant_admin / revoke_admin. ' +
          '409 OWN_ADMIN_RIGHTS for taking away one’s own, 404 USER_NOT_FOUND for a deleted account',
        params: userIdParamsSchema,
        body: setAdminBodySchema,
        response: { 200: adminUserDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      setUserAdmin(app.db, {
        adminId: request.user.id,
        userId: request.params.userId,
        isAdmin: request.body.isAdmin,
        ip: request.ip,
      }),
  );

  app.get(
    '/users/:userId/profile',
    {
      schema: {
        tags,
        summary: "The user's profile as its owner edits it",
        params: userIdParamsSchema,
        response: { 200: ownProfileSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) =>
      getUserProfile(app.db, request.params.userId, resolveLocale(request.headers['accept-language'])),
  );

  app.put(
    '/users/:userId/profile',
    {
      schema: {
        tags,
        summary:
          "Save the user's whole profile on their behalf, as PUT /api/profile does (search follows; " +
          'experiences left out stay; expectedVersion, else 409 PROFILE_CHANGED); audited as admin.profile.edit',
        params: userIdParamsSchema,
        body: profileEditBodySchema,
        response: { 200: ownProfileSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) =>
      saveUserProfile(app.db, {
        adminId: request.user.id,
        userId: request.params.userId,
        locale: resolveLocale(request.headers['accept-language']),
        body: request.body,
        ip: request.ip,
      }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary:
          'The audit log, newest first; q matches part of an action or of the actor’s name or e-mail address, ' +
          'or a whole subject or actor id',
        querystring: adminAuditQuerySchema,
        response: {
          200: auditPageSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => searchAuditLog(app.db, request.query),
  );
};
