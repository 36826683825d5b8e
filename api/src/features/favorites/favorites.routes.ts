import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import {
  createGroupBodySchema,
  groupListSchema,
  groupListWithGroupSchema,
  groupListWithMessageSchema,
  groupParamsSchema,
  memberParamsSchema,
  renameGroupBodySchema,
} from '@mp/api-contract/favorites.schema';
import {
  addMember,
  createGroup,
  deleteGroup,
  listGroups,
  removeMember,
  renameGroup,
} from './favorites.service';

const tags = ['favorites'];

/** Favourites groups of a logged-in verified user (spec section 7: GET favorites, PUT/DELETE favorites/{id}). */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/favorites',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "The user's favourites groups with their members (consultant user ids)",
        response: { 200: groupListSchema, ...errorResponses },
      },
    },
    async (request) => listGroups(app.db, request.user.id),
  );

  app.post(
    '/favorites',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Create a group (name required, not only spaces, at most 30), optionally with members; ' +
          '404 PROFILE_NOT_AVAILABLE when a member is not a searchable consultant; 409 LIST_NAME_TAKEN when ' +
          'the user has a list of that name (case and surrounding spaces aside)',
        body: createGroupBodySchema,
        response: { 200: groupListWithGroupSchema, ...errorResponses },
      },
    },
    async (request) => createGroup(app.db, request.user.id, request.body),
  );

  app.put(
    '/favorites/:id',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Rename a group; 404 LIST_NOT_FOUND for an id that is not the user’s; 409 LIST_NAME_TAKEN when ' +
          'another of the user’s lists has that name (case and surrounding spaces aside)',
        params: groupParamsSchema,
        body: renameGroupBodySchema,
        response: { 200: groupListSchema, ...errorResponses },
      },
    },
    async (request) => renameGroup(app.db, request.user.id, request.params.id, request.body.name),
  );

  app.delete(
    '/favorites/:id',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "Delete a group; returns the rest and 'List successfully deleted!'",
        params: groupParamsSchema,
        response: { 200: groupListWithMessageSchema, ...errorResponses },
      },
    },
    async (request) =>
      deleteGroup(
        app.db,
        request.user.id,
        request.params.id,
        resolveLocale(request.headers['accept-language']),
      ),
  );

  app.put(
    '/favorites/:id/members/:userId',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Add a consultant (a searchable profile, else 404 PROFILE_NOT_AVAILABLE) to a group; idempotent; ' +
          '409 LIST_FULL at the size limit',
        params: memberParamsSchema,
        response: { 200: groupListSchema, ...errorResponses },
      },
    },
    async (request) => addMember(app.db, request.user.id, request.params.id, request.params.userId),
  );

  app.delete(
    '/favorites/:id/members/:userId',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Remove a consultant from a group; idempotent',
        params: memberParamsSchema,
        response: { 200: groupListSchema, ...errorResponses },
      },
    },
    async (request) => removeMember(app.db, request.user.id, request.params.id, request.params.userId),
  );
};
