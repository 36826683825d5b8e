import type {
  CompanyList,
  CompanySaved,
  CompanyView,
  Invitation,
  InvitationsSent,
  InviteLink,
  MemberList,
  MemberRemoved,
  MemberView,
  ProjectDeleted,
  ProjectList,
  ProjectResponse,
  ProjectView,
} from '@mp/api-contract/companies.schema';
import type { CompanyDetailsInput, CompanyPermission } from '@mp/domain/companies';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Companies, members, invite links and projects (spec sections 2, 3 and 7).

export type { CompanyList, CompanyView, Invitation, InvitationsSent, InviteLink, MemberView, ProjectView };

export const companiesQueryKey = ['session', 'companies'] as const;

export const companiesQueryOptions = queryOptions({
  queryKey: companiesQueryKey,
  queryFn: () => api.get<CompanyList>('/companies', { background: true }),
});

const companyPath = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;

export const membersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['session', 'companies', companyId, 'members'],
    queryFn: () => api.get<MemberList>(`${companyPath(companyId)}/users`, { background: true }),
    select: (data) => data.users,
  });

export const inviteLinkQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['session', 'companies', companyId, 'link'],
    queryFn: () => api.get<InviteLink>(`${companyPath(companyId)}/link`, { background: true }),
  });

export const projectsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['session', 'companies', companyId, 'projects'],
    queryFn: () => api.get<ProjectList>(`${companyPath(companyId)}/projects`, { background: true }),
    select: (data) => data.projects,
  });

export const invitationQueryOptions = (link: string) =>
  queryOptions({
    queryKey: ['invitation', link],
    queryFn: () => api.get<Invitation>(`/company/link/${encodeURIComponent(link)}`, { background: true }),
    retry: false,
  });

export function createCompany(details: CompanyDetailsInput) {
  return api.post<CompanySaved>('/companies', details);
}

export function updateCompany(companyId: string, details: CompanyDetailsInput) {
  return api.post<CompanySaved>(`${companyPath(companyId)}/update`, details);
}

export function changeMember(
  companyId: string,
  userId: string,
  change: { role?: 'admin' | 'member'; permissions?: CompanyPermission[] },
) {
  return api.post<MemberList>(`${companyPath(companyId)}/users/${encodeURIComponent(userId)}`, change);
}

export function removeMember(companyId: string, userId: string) {
  return api.delete<MemberRemoved>(`${companyPath(companyId)}/users/${encodeURIComponent(userId)}`);
}

export function regenerateInviteLink(companyId: string) {
  return api.post<InviteLink>(`${companyPath(companyId)}/link`);
}

/** Mails the company's join link to each address (manage_members); members' addresses are answered back. */
export function inviteByEmail(companyId: string, emails: string[]) {
  return api.post<InvitationsSent>(`${companyPath(companyId)}/invites`, { emails });
}

export function joinCompany(link: string) {
  return api.post<Invitation>(`/company/link/${encodeURIComponent(link)}`);
}

export function createProject(companyId: string, name: string) {
  return api.post<ProjectResponse>(`${companyPath(companyId)}/projects`, { name });
}

export function renameProject(companyId: string, projectId: string, name: string) {
  return api.put<ProjectResponse>(`${companyPath(companyId)}/projects/${encodeURIComponent(projectId)}`, {
    name,
  });
}

export function deleteProject(companyId: string, projectId: string) {
  return api.delete<ProjectDeleted>(`${companyPath(companyId)}/projects/${encodeURIComponent(projectId)}`);
}
