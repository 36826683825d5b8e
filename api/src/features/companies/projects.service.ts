import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { authorizeCompany } from './company-access';
import { deleteProject, findProjects, insertProject, renameProject } from './companies.repository';
import type { ProjectView } from '@mp/api-contract/companies.schema';

const projectNotFound = () => new AppError('PROJECT_NOT_FOUND');

const toProjectView = (row: {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}): ProjectView => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  modifiedAt: row.updated_at.toISOString(),
});

/** The company's projects, last modified first (any member). */
export async function listProjects(db: Kysely<Database>, userId: string, companyId: string) {
  await authorizeCompany(db, userId, companyId, 'member');
  return { projects: (await findProjects(db, companyId)).map(toProjectView) };
}

export async function createProject(db: Kysely<Database>, userId: string, companyId: string, name: string) {
  await authorizeCompany(db, userId, companyId, 'manage_projects');
  return { project: toProjectView(await insertProject(db, companyId, name)) };
}

export async function changeProjectName(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
  projectId: string,
  name: string,
) {
  await authorizeCompany(db, userId, companyId, 'manage_projects');
  const row = isUuid(projectId) ? await renameProject(db, companyId, projectId, name) : undefined;
  if (!row) throw projectNotFound();
  return { project: toProjectView(row) };
}

export async function removeProject(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
  projectId: string,
) {
  await authorizeCompany(db, userId, companyId, 'manage_projects');
  if (!isUuid(projectId) || !(await deleteProject(db, companyId, projectId))) throw projectNotFound();
  return { deleted: true as const };
}
