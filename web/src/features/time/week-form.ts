import {
  addDays,
  firstDayOfMonth,
  hoursToCentihours,
  lastDayOfMonth,
  mondayOf,
  REPORTED_HOURS_MAX_PER_DAY,
} from '@mp/domain';

// The week form's rules, apart from React: reading a typed cell, a day over the cap, the week's total, and the
// week a link to a month opens on.

/** An assignment's period: its first day and its last, when it has one. */
export interface AssignmentPeriod {
  startDate: string;
  endDate: string | null;
}

/**
 * '7,5' or '7.5' to 7.5; '' to 0; null when not a number of hours (negative, letters, more than two decimals).
 * A number over 24 is read as typed: the day then breaks the per-day cap, which says so at the day.
 */
export function parseHours(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * Why a typed cell is not a number of hours, for its message: 'decimals' for a number with a third decimal
 * ('1,255': the API's 'Use at most two decimals'), 'number' for anything else; null when it is one.
 */
export function hoursIssue(text: string): 'decimals' | 'number' | null {
  if (parseHours(text) !== null) return null;
  return /^\d{1,3}\.\d{3,}$/.test(text.trim().replace(',', '.')) ? 'decimals' : 'number';
}

/** One day of the form as read: hours and overtime, null where the cell is not a number of hours. */
export interface ParsedDay {
  date: string;
  hours: number | null;
  overtime: number | null;
}

/**
 * Whether the day's hours and overtime, with its hours on the consultant's other assignments (in hundredths),
 * come to more than 24 (spec section 5: 'Cannot report more than 24 hours per day'). A cell that is not a
 * number of hours has its own message; the day counts the cells that are.
 */
export function isOverDayCap(day: ParsedDay, elsewhereCentihours = 0): boolean {
  const centis = hoursToCentihours(day.hours ?? 0) + hoursToCentihours(day.overtime ?? 0);
  return centis + elsewhereCentihours > REPORTED_HOURS_MAX_PER_DAY * 100;
}

/**
 * The week's hours and overtime as typed, or null while a cell is not a number of hours: a total that left
 * such a cell out would look like the week's total and not be it.
 */
export function weekTotal(days: readonly ParsedDay[]): { hours: number; overtime: number } | null {
  if (days.some((day) => day.hours === null || day.overtime === null)) return null;
  const centis = days.reduce(
    (sum, day) => sum + hoursToCentihours(day.hours!) + hoursToCentihours(day.overtime!),
    0,
  );
  const overtimeCentis = days.reduce((sum, day) => sum + hoursToCentihours(day.overtime!), 0);
  return { hours: centis / 100, overtime: overtimeCentis / 100 };
}

/**
 * The Monday of the week a link to a month (`app/time?assignment=…&month=YYYY-MM`) opens on: the week of the
 * month's first reported day inside the assignment when it has one, else the week of the month's first working
 * day inside the assignment (an assignment from Sunday 1 November 2026 opens on week 45, 2–8 November, not on
 * week 44, 26 October–1 November). A month outside the assignment opens on its first week.
 */
export function linkedMonthMonday(
  month: string,
  period: AssignmentPeriod,
  reportedDates: readonly string[] = [],
): string {
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const from = period.startDate > first ? period.startDate : first;
  const to = period.endDate && period.endDate < last ? period.endDate : last;
  if (from > to) return mondayOf(first);
  const reported = reportedDates.filter((date) => date >= from && date <= to).sort();
  if (reported[0]) return mondayOf(reported[0]);
  // The first working day inside both: a period from Sunday 1 November opens on the week of Monday 2 November,
  // not on a week of six days outside the assignment. A period of weekend days only opens on its first day.
  for (let date = from; date <= to && date < addDays(from, 7); date = addDays(date, 1)) {
    if (isWorkingDay(date)) return mondayOf(date);
  }
  return mondayOf(from);
}

/** Monday to Friday. */
const isWorkingDay = (date: string) => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
};
