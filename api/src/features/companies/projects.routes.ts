import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import {
  companyParamsSchema,
  projectBodySchema,
  projectDeletedSchema,
  projectListSchema,
  projectParamsSchema,
  projectResponseSchema,
} from '@mp/api-contract/companies.schema';
import { changeProjectName, createProject, listProjects, removeProject } from './projects.service';

const tags = ['companies'];

/** A company's projects: every member sees them; manage_projects creates, renames and deletes. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/:companyId/projects',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The company's projects with name and modified date, last modified first (member)",
        params: companyParamsSchema,
        response: { 200: projectListSchema, ...errorResponses },
      },
    },
    async (request) => listProjects(app.db, request.user.id, request.params.companyId),
  );

  app.post(
    '/company/:companyId/projects',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Create a project (manage_projects); name required, at most 100 characters; 409 PROJECT_NAME_TAKEN ' +
          'when the company has a project of that name (case and surrounding spaces aside)',
        params: companyParamsSchema,
        body: projectBodySchema,
        response: { 200: projectResponseSchema, ...errorResponses },
      },
    },
    async (request) => createProject(app.db, request.user.id, request.params.companyId, request.body.name),
  );

  app.put(
    '/company/:companyId/projects/:projectId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Rename a project (manage_projects); 409 PROJECT_NAME_TAKEN when another project of the company has ' +
          'that name (case and surrounding spaces aside)',
        params: projectParamsSchema,
        body: projectBodySchema,
        response: { 200: projectResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      changeProjectName(
        app.db,
        request.user.id,
        request.params.companyId,
        request.params.projectId,
        request.body.name,
      ),
  );

  app.delete(
    '/company/:companyId/projects/:projectId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Delete a project (manage_projects); its contracts stay, without the project',
        params: projectParamsSchema,
        response: { 200: projectDeletedSchema, ...errorResponses },
      },
    },
    async (request) =>
      removeProject(app.db, request.user.id, request.params.companyId, request.params.projectId),
  );
};
