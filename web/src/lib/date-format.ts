import { SWEDISH_TIME_ZONE } from '@mp/domain/calendar-date';
import { INTL_LOCALES } from '@mp/domain/locale';

// How the interface writes dates and times: Swedish as sv-SE, English as British English (en-GB: day before
// month, 24-hour clock), never the runtime's default, which turns a bare 'en' into American English
// ('12/11/2026' for 11 December). Instants are shown in Swedish time, so the server-rendered page and the
// browser write the same text wherever either runs. Days ('YYYY-MM-DD') and months ('YYYY-MM') are calendar
// values, written as they are whatever the time zone.

export type IntlLocale = (typeof INTL_LOCALES)[keyof typeof INTL_LOCALES];

/** The Intl locale of an interface language: 'sv' -> 'sv-SE', 'en' (or 'en-…') -> 'en-GB'; Swedish otherwise. */
export function intlLocale(language: string): IntlLocale {
  return language.split('-')[0]?.toLowerCase() === 'en' ? INTL_LOCALES.en : INTL_LOCALES.sv;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.DateTimeFormat` in the language's locale, kept for reuse (the first one of a page loads its locale
 * data). Without a `timeZone` it uses the runtime's: right for calendar values built as local `Date`s.
 */
export function dateFormatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export type DateStyle = 'medium' | 'long' | 'full';
type DateValue = string | Date | null | undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** A day as a UTC midnight and the zone to write it in; an instant as itself in Swedish time. */
function toInstant(value: string | Date): { date: Date; timeZone: string } | null {
  const isDay = typeof value === 'string' && DAY.test(value);
  const date = isDay ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls '2026-02-30' over into March; a day that does not exist is not a date.
  if (isDay && date.toISOString().slice(0, 10) !== value) return null;
  return { date, timeZone: isDay ? 'UTC' : SWEDISH_TIME_ZONE };
}

/**
 * A date: a day ('2026-12-11') or an instant (ISO string or Date, on its Swedish day). `long` (default):
 * '11 december 2026' / '11 December 2026'; `medium`: '11 dec. 2026' / '11 Dec 2026'; `full` adds the weekday.
 * '–' for no value; text that is not a date is returned as it is.
 */
export function formatDate(value: DateValue, language: string, dateStyle: DateStyle = 'long'): string {
  if (value === null || value === undefined || value === '') return '–';
  const instant = toInstant(value);
  if (!instant) return String(value);
  return dateFormatter(language, { dateStyle, timeZone: instant.timeZone }).format(instant.date);
}

/** An instant's date and time in Swedish time: '27 nov. 2026 13:36' / '27 Nov 2026, 13:36'. */
export function formatDateTime(value: DateValue, language: string, dateStyle: DateStyle = 'medium'): string {
  if (value === null || value === undefined || value === '') return '–';
  const instant = toInstant(value);
  if (!instant) return String(value);
  return dateFormatter(language, { dateStyle, timeStyle: 'short', timeZone: instant.timeZone }).format(
    instant.date,
  );
}

/** An instant's time of day in Swedish time: '13:36' (both languages: a 24-hour clock). */
export function formatTime(value: DateValue, language: string): string {
  if (value === null || value === undefined || value === '') return '–';
  const instant = toInstant(value);
  if (!instant) return String(value);
  return dateFormatter(language, { timeStyle: 'short', timeZone: instant.timeZone }).format(instant.date);
}

/** A month ('2026-11') as 'november 2026' / 'November 2026'. */
export function formatMonth(month: string, language: string): string {
  if (!MONTH.test(month)) return month;
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return dateFormatter(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
