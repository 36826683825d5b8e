import { toSwedishCalendarDate, type CalendarDate } from '@mp/domain';

/**
 * The ISO 8601 week of a calendar date, e.g. '2026-W47' (weeks start on Monday; week 1 holds the year's first
 * Thursday, so 2027-01-01, a Friday, is in '2026-W53').
 */
export function isoWeekOf({ year, month, day }: CalendarDate): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same week decides the week's year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const dayOfYear = (date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1;
  const week = Math.ceil(dayOfYear / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/** The ISO week an instant falls in on the Swedish calendar. */
export const swedishIsoWeek = (instant: Date): string => isoWeekOf(toSwedishCalendarDate(instant));
