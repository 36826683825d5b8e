import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { authorizeCompany } from './company-access';
import {
  deleteProject,
  findProjects,
  hasProjectNamed,
  insertProject,
  lockProjectsOfCompany,
  renameProject,
} from './companies.repository';
import type { ProjectView } from '@mp/api-contract/companies.schema';

const projectNotFound = () => new AppError('PROJECT_NOT_FOUND');
const projectNameTaken = () => new AppError('PROJECT_NAME_TAKEN');

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

/** A new project (manage_projects); 409 PROJECT_NAME_TAKEN when the company has one of that name. */
export async function createProject(db: Kysely<Database>, userId: string, companyId: string, name: string) {
  await authorizeCompany(db, userId, companyId, 'manage_projects');
  const row = await db.transaction().execute(async (trx) => {
    await lockProjectsOfCompany(trx, companyId);
    if (await hasProjectNamed(trx, companyId, name)) throw projectNameTaken();
    return insertProject(trx, companyId, name);
  });
  return { project: toProjectView(row) };
}

/**
 * Renames a project (manage_projects); 409 PROJECT_NAME_TAKEN when another project of the company has the
 * name (a change of case of the project's own name is fine).
 */

export async function changeProjectName(
  db: Kysely<Database>,
  userId: string,
  companyId: string,
  projectId: string,
  name: string,
) {
  await authorizeCompany(db, userId, companyId, 'manage_projects');
  if (!isUuid(projectId)) throw projectNotFound();
  const row = await db.transaction().execute(async (trx) => {
    await lockProjectsOfCompany(trx, companyId);
    if (await hasProjectNamed(trx, companyId, name, projectId)) throw projectNameTaken();
    return renameProject(trx, companyId, projectId, name);
  });
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
