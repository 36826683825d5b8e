/** A date on the calendar, without time or time zone. Months are 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The time zone the product's calendar rules (ages, "today", reporting days) are judged in. */
export const SWEDISH_TIME_ZONE = 'Europe/Stockholm';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function countDaysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the parts name a real day of the proleptic Gregorian calendar (no 30 February). */
export function isValidCalendarDate({ year, month, day }: CalendarDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= countDaysInMonth(year, month)
  );
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** `YYYY-MM-DD`. */
export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

let swedishDateFormat: Intl.DateTimeFormat | undefined;

/**
 * The calendar date an instant falls on in Sweden. The API runs in UTC and browsers anywhere, but a birthday
 * or a reporting day begins at Swedish midnight.
 */
export function toSwedishCalendarDate(instant: Date): CalendarDate {
  swedishDateFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SWEDISH_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = swedishDateFormat.formatToParts(instant);
  const read = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return { year: read('year'), month: read('month'), day: read('day') };
}

/** `YYYY-MM-DD` of the day an instant falls on in Sweden. */
export const swedishDayOf = (instant: Date): string => formatCalendarDate(toSwedishCalendarDate(instant));

let swedishOffsetFormat: Intl.DateTimeFormat | undefined;

/** Minutes Swedish time is ahead of UTC at an instant: 60 in winter, 120 in summer. */
function swedishOffsetMinutes(instant: Date): number {
  swedishOffsetFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SWEDISH_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts = swedishOffsetFormat.formatToParts(instant);
  const read = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(read('year'), read('month') - 1, read('day'), read('hour'), read('minute'));
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a Swedish wall-clock time `YYYY-MM-DDTHH:mm` (what a datetime-local input gives), whatever
 * the browser's own zone: '2026-12-10T14:30' is 13:30 UTC, '2026-06-10T14:30' 12:30 UTC. A time skipped when
 * the clocks go forward (02:30 on the last Sunday of March) lands an hour later; null when the text is no
 * such time.
 */
export function swedishWallTimeToInstant(wallTime: string): Date | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isValidCalendarDate({ year, month, day }) || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the first guess can differ from the offset at the answer only around a change of clocks.
  let instant = asUtc - swedishOffsetMinutes(new Date(asUtc)) * 60_000;
  instant = asUtc - swedishOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant);
}
