import type { CompanyView } from '@mp/api-contract/companies.schema';
import type { ContractView } from '@mp/api-contract/contracts.schema';
import type { AssignmentView, TimeMonthView } from '@mp/api-contract/time.schema';
import { monthOf, swedishDayOf } from '@mp/domain';
import { queryOptions } from '@tanstack/react-query';
import type { EconomyData } from '../../../components/ui/economy-charts';
import { api } from '../../../lib/api-client';

// The numbers on the dashboard's company, contracts and agreements cards. Same query keys as the company and
// contract pages, so their caches are shared; defined here because features do not import each other.

type CompanyCount = Pick<CompanyView, 'id' | 'memberCount' | 'projectCount'>;

export const dashboardCompaniesQueryOptions = queryOptions({
  queryKey: ['session', 'companies'],
  queryFn: () =>
    api.get<{ adminForCompanies: CompanyCount[]; memberInCompanies: CompanyCount[] }>('/companies', {
      background: true,
    }),
  select: (data) => [...data.adminForCompanies, ...data.memberInCompanies],
});

export const dashboardContractsQueryOptions = queryOptions({
  queryKey: ['session', 'contracts'],
  queryFn: () => api.get<{ contracts: Pick<ContractView, 'status'>[] }>('/contracts', { background: true }),
  select: (data) => data.contracts,
});

export const dashboardAgreementsQueryOptions = queryOptions({
  queryKey: ['session', 'agreements'],
  queryFn: () => api.get<{ contracts: { status: string }[] }>('/agreements', { background: true }),
  select: (data) => data.contracts.length,
});

/** The time-and-invoice card's charts: the same call and cache key as app/time's economy view. */
export const dashboardEconomyQueryOptions = queryOptions({
  queryKey: ['session', 'time', 'economy'],
  queryFn: () => api.get<EconomyData>('/time/economy', { background: true }),
});

/**
 * The assignments the caller sees (whose figures the time card's charts are): the same call and cache key as
 * app/time's and app/contracts' assignments.
 */
export const dashboardAssignmentsQueryOptions = queryOptions({
  queryKey: ['session', 'time', 'assignments'],
  queryFn: () => api.get<{ assignments: AssignmentView[] }>('/assignments', { background: true }),
  select: (data) => data.assignments,
});

/**
 * The assignments the caller manages that nobody approves (the approver left the company or deleted their
 * account), from the same call.
 */
export const dashboardAssignmentsWithoutApproverQueryOptions = queryOptions({
  ...dashboardAssignmentsQueryOptions,
  select: (data) => data.assignments.filter((assignment) => !assignment.approver && assignment.canManage),
});

type MonthWithAssignment = TimeMonthView & { assignment: AssignmentView };

const consultantMonths = (status: 'open' | 'returned') =>
  api.get<{ months: MonthWithAssignment[] }>('/time-months', {
    query: { status, role: 'consultant' },
    background: true,
  });

/**
 * The consultant's earlier months not submitted: open with hours reported before this month (in Sweden), and
 * returned ones. The same calls and cache keys as app/time's months that still need submitting.
 */
export const dashboardOpenMonthsQueryOptions = queryOptions({
  queryKey: ['session', 'time', 'open'],
  queryFn: () => consultantMonths('open'),
  select: (data) =>
    data.months.filter(
      (month) => month.hours + month.overtimeHours > 0 && month.month < monthOf(swedishDayOf(new Date())),
    ),
});

export const dashboardReturnedMonthsQueryOptions = queryOptions({
  queryKey: ['session', 'time', 'returned'],
  queryFn: () => consultantMonths('returned'),
  select: (data) => data.months,
});
