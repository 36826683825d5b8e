import type { CompanyView, MemberView, ProjectList } from '@mp/api-contract/companies.schema';
import type {
  ContractList,
  ContractMessageResponse,
  ContractResponse,
  ContractUpdateInput,
  ContractView,
} from '@mp/api-contract/contracts.schema';
import type { AssignmentView } from '@mp/api-contract/time.schema';
import type { AssignmentEndInput, AssignmentInput } from '@mp/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Contracts and their digital signing (spec sections 2, 3 and 7: GET contracts).

export type { AssignmentView, ContractView };

export const contractsQueryKey = ['session', 'contracts'] as const;

export const contractsQueryOptions = queryOptions({
  queryKey: contractsQueryKey,
  queryFn: () => api.get<ContractList>('/contracts', { background: true }),
  select: (data) => data.contracts,
});

export const agreementsQueryOptions = queryOptions({
  queryKey: ['session', 'agreements'],
  queryFn: () => api.get<ContractList>('/agreements', { background: true }),
  select: (data) => data.contracts,
});

const contractPath = (companyId: string, contractId: string) =>
  `/company/${encodeURIComponent(companyId)}/contracts/${encodeURIComponent(contractId)}`;

/** Uploads a PDF as a draft: `file`, `name`, `signerUserId` or `signerEmail`, and optionally `projectId`. */
export function uploadContract(companyId: string, form: FormData) {
  return api.post<ContractResponse>(`/company/${encodeURIComponent(companyId)}/contracts`, form);
}

/** Changes a draft's name, project and signer (a member by signerUserId, or signerEmail) until it is sent. */
export function updateContract(contract: ContractView, body: ContractUpdateInput) {
  return api.post<ContractMessageResponse>(`${contractPath(contract.companyId, contract.id)}/update`, body);
}

export function sendContract(contract: ContractView) {
  return api.post<ContractMessageResponse>(`${contractPath(contract.companyId, contract.id)}/send`);
}

/** A declined, expired or cancelled contract as a new draft (same PDF, name, project and signer), to send again. */
export function copyContract(contract: ContractView) {
  return api.post<ContractMessageResponse>(`${contractPath(contract.companyId, contract.id)}/copy`);
}

export function cancelContract(contract: ContractView) {
  return api.post<ContractResponse>(`${contractPath(contract.companyId, contract.id)}/cancel`);
}

export function refreshContract(contract: ContractView) {
  return api.post<ContractResponse>(`${contractPath(contract.companyId, contract.id)}/refresh`);
}

export function downloadContract(contractId: string, kind: 'document' | 'signed-document') {
  return api.get<Blob>(`/contracts/${encodeURIComponent(contractId)}/${kind}`, { responseType: 'blob' });
}

// The companies and members the upload and hire dialogs offer. Same query keys as the company pages, so the cache is
// shared; defined here because features do not import each other.

type CompanyChoice = Pick<CompanyView, 'id' | 'businessName' | 'permissions'>;

export const contractCompaniesQueryOptions = queryOptions({
  queryKey: ['session', 'companies'],
  queryFn: () =>
    api.get<{ adminForCompanies: CompanyChoice[]; memberInCompanies: CompanyChoice[] }>('/companies', {
      background: true,
    }),
});

export type MemberChoice = Pick<MemberView, 'userId' | 'firstName' | 'lastName' | 'email'> &
  Partial<Pick<MemberView, 'canApproveTime'>>;

/**
 * The members a signer or an approver is chosen among (only for those who may manage members): the API lists
 * current members with live accounts, and a picker asks again whenever it opens, so nobody who has left or
 * deleted their account meanwhile is offered from the cache.
 */
export const memberChoicesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['session', 'companies', companyId, 'members'],
    staleTime: 0,
    queryFn: () =>
      api.get<{ users: MemberChoice[] }>(`/company/${encodeURIComponent(companyId)}/users`, {
        background: true,
      }),
    select: (data) => data.users,
  });

/** The company's projects, a contract is filed under (same query key as the company's projects page). */
export const projectChoicesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['session', 'companies', companyId, 'projects'],
    queryFn: () =>
      api.get<ProjectList>(`/company/${encodeURIComponent(companyId)}/projects`, { background: true }),
    select: (data) => data.projects,
  });

// Hiring the signer of a signed contract (issue 16; docs/time-and-billing.md). The assignments share the time
// page's query key, so hiring refreshes both and each page reuses what the other fetched.

export const contractAssignmentsQueryOptions = queryOptions({
  queryKey: ['session', 'time', 'assignments'],
  queryFn: () => api.get<{ assignments: AssignmentView[] }>('/assignments', { background: true }),
  select: (data) => data.assignments,
});

/** Hires the contract's signer: fees in SEK per hour, the period and the member who approves the time. */
export function hireSigner(companyId: string, input: AssignmentInput) {
  return api.post<{ assignment: AssignmentView }>(
    `/company/${encodeURIComponent(companyId)}/assignments`,
    input,
  );
}

const assignmentPath = (assignment: Pick<AssignmentView, 'companyId' | 'id'>) =>
  `/company/${encodeURIComponent(assignment.companyId)}/assignments/${encodeURIComponent(assignment.id)}`;

/** Another member (or the caller) approves the assignment's months, those already waiting included. */
export function changeAssignmentApprover(assignment: AssignmentView, approverUserId: string) {
  return api.post<{ assignment: AssignmentView }>(`${assignmentPath(assignment)}/approver`, {
    approverUserId,
  });
}

/** Ends the assignment: its last day, up to which time can still be reported. */
export function endAssignment(assignment: AssignmentView, input: AssignmentEndInput) {
  return api.post<{ assignment: AssignmentView }>(`${assignmentPath(assignment)}/end`, input);
}
