import type { MessageCode, TimeMonthStatus } from '@mp/domain';
import { AppError } from '../../errors';

/**
 * The month machine: open -> submitted (consultant) -> approved (approver; issues the bill) or returned
 * with a comment (approver) -> submitted again. Submitted and approved months are locked for editing.
 */
export const MONTH_TRANSITIONS: Readonly<Record<TimeMonthStatus, readonly TimeMonthStatus[]>> = {
  open: ['submitted'],
  returned: ['submitted'],
  submitted: ['approved', 'returned'],
  approved: [],
};

/** What the consultant or the approver asks of a month: the statuses it can be moved to. */
export type MonthStep = Exclude<TimeMonthStatus, 'open'>;

/** The same step again: submitting a submitted month, approving an approved one. */
const ALREADY: Record<MonthStep, MessageCode> = {
  submitted: 'error.timeMonthAlreadySubmitted',
  returned: 'error.timeMonthAlreadyReturned',
  approved: 'error.timeMonthAlreadyApproved',
};

/**
 * 409 TIME_MONTH_STATUS_CONFLICT for a step the month machine does not take, worded for the case: "has already
 * been submitted" for the same step again, "is approved and can no longer be changed" once approved, "has not
 * been submitted yet" for a decision on an open month, and "was returned ... not submitted again yet" for one
 * on a returned month.
 */
export function statusConflict(from: TimeMonthStatus, to: MonthStep) {
  const message: MessageCode =
    from === to
      ? ALREADY[to]
      : from === 'approved'
        ? 'error.timeMonthApproved'
        : from === 'open'
          ? 'error.timeMonthNotSubmittedYet'
          : from === 'returned'
            ? 'error.timeMonthNotSubmittedAgain'
            : 'error.timeMonthStatusConflict';
  return new AppError('TIME_MONTH_STATUS_CONFLICT', { message, data: { from, to } });
}

export const canTransitionMonth = (from: TimeMonthStatus, to: TimeMonthStatus) =>
  MONTH_TRANSITIONS[from].includes(to);

/** 409 TIME_MONTH_LOCKED for a report in a locked month, saying why: submitted (until returned) or approved. */
export const monthLocked = (status: TimeMonthStatus) =>
  new AppError('TIME_MONTH_LOCKED', {
    message: status === 'approved' ? 'error.timeMonthApproved' : 'error.timeMonthSubmittedLocked',
    data: { status },
  });
