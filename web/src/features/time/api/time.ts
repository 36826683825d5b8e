import type {
  AssignmentView,
  EconomyView,
  TimeMonthView,
  TimeReportView,
} from '@mp/api-contract/time.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Time reporting (issue 16): assignments, a week's reports, the approver's inbox, and the economy view.

export type { AssignmentView, EconomyView, TimeMonthView, TimeReportView };
export type TimeMonthWithAssignment = TimeMonthView & { assignment: AssignmentView };

export const timeQueryKey = ['session', 'time'] as const;

const monthPath = (assignmentId: string, month: string) =>
  `/assignments/${encodeURIComponent(assignmentId)}/months/${encodeURIComponent(month)}`;

export const assignmentsQueryOptions = queryOptions({
  queryKey: [...timeQueryKey, 'assignments'],
  queryFn: () => api.get<{ assignments: AssignmentView[] }>('/assignments', { background: true }),
  select: (data) => data.assignments,
});

export const weekReportsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...timeQueryKey, 'reports', from, to],
    queryFn: () =>
      api.get<{ reports: TimeReportView[]; months: TimeMonthView[] }>('/time-reports', {
        query: { from, to },
        background: true,
      }),
  });

export const approvalsQueryOptions = queryOptions({
  queryKey: [...timeQueryKey, 'approvals'],
  queryFn: () =>
    api.get<{ months: TimeMonthWithAssignment[] }>('/time-months', {
      query: { status: 'submitted', role: 'approver' },
      background: true,
    }),
  select: (data) => data.months,
});

/** The consultant's months an approver sent back: each needs correcting and submitting again. */
export const returnedMonthsQueryOptions = queryOptions({
  queryKey: [...timeQueryKey, 'returned'],
  queryFn: () =>
    api.get<{ months: TimeMonthWithAssignment[] }>('/time-months', {
      query: { status: 'returned', role: 'consultant' },
      background: true,
    }),
  select: (data) => data.months,
});

/**
 * The consultant's months still open with hours reported: each needs submitting (an earlier one is easily
 * forgotten, being off the week on screen).
 */
export const openMonthsQueryOptions = queryOptions({
  queryKey: [...timeQueryKey, 'open'],
  queryFn: () =>
    api.get<{ months: TimeMonthWithAssignment[] }>('/time-months', {
      query: { status: 'open', role: 'consultant' },
      background: true,
    }),
  select: (data) => data.months.filter((month) => month.hours + month.overtimeHours > 0),
});

export const economyQueryOptions = queryOptions({
  queryKey: [...timeQueryKey, 'economy'],
  queryFn: () => api.get<EconomyView>('/time/economy', { background: true }),
});

/** One month of an assignment with its reports, day by day (the approver reads it before deciding). */
export const monthDetailQueryOptions = (assignmentId: string, month: string) =>
  queryOptions({
    queryKey: [...timeQueryKey, 'month', assignmentId, month],
    queryFn: () =>
      api.get<{ month: TimeMonthView; reports: TimeReportView[] }>(monthPath(assignmentId, month), {
        background: true,
      }),
    select: (data) => data.reports,
  });

export interface ReportInput {
  hours: number;
  overtimeHours: number;
  note?: string | null;
}

export const createReport = (input: ReportInput & { assignmentId: string; date: string }) =>
  api.post<{ report: TimeReportView; message: string }>('/time-reports', input);

export const updateReport = (id: string, input: ReportInput) =>
  api.put<{ report: TimeReportView; message: string }>(`/time-reports/${encodeURIComponent(id)}`, input);

export const deleteReport = (id: string) => api.delete<void>(`/time-reports/${encodeURIComponent(id)}`);

type MonthAnswer = { month: TimeMonthView; message: string };

export const submitMonth = (assignmentId: string, month: string) =>
  api.post<MonthAnswer>(`${monthPath(assignmentId, month)}/submit`);
export const approveMonth = (assignmentId: string, month: string) =>
  api.post<MonthAnswer>(`${monthPath(assignmentId, month)}/approve`);
export const returnMonth = (assignmentId: string, month: string, comment: string) =>
  api.post<MonthAnswer>(`${monthPath(assignmentId, month)}/return`, { comment });
