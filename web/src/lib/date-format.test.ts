import { describe, expect, it } from 'vitest';
import {
  dateFormatter,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  intlLocale,
} from './date-format';

// One way to write dates in each language: Swedish as sv-SE, English as British English. A bare 'en' given
// to Intl is American English ('12/11/2026' for 11 December, 'Nov 27, 2026, 1:36 PM'), which the pages used to
// mix with British dates.

describe('intlLocale', () => {
  it('maps Swedish to sv-SE and every English to en-GB, and anything else to the default, Swedish', () => {
    expect(intlLocale('sv')).toBe('sv-SE');
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('en-US')).toBe('en-GB');
    expect(intlLocale('EN')).toBe('en-GB');
    expect(intlLocale('de')).toBe('sv-SE');
  });
});

describe('formatDate', () => {
  it('writes a day with the day first in both languages, never the American order', () => {
    expect(formatDate('2026-12-11', 'en')).toBe('11 December 2026');
    expect(formatDate('2026-12-11', 'sv')).toBe('11 december 2026');
    expect(formatDate('2026-12-11', 'en', 'medium')).toBe('11 Dec 2026');
    expect(formatDate('2026-12-11', 'sv', 'medium')).toBe('11 dec. 2026');
    expect(formatDate('2026-12-01', 'en', 'full')).toBe('Tuesday, 1 December 2026');
    expect(formatDate('2026-12-01', 'sv', 'full')).toBe('tisdag 1 december 2026');
    // What the invite link used to say in English.
    const instant = '2026-12-11T10:00:00Z';
    expect(new Date(instant).toLocaleDateString('en')).toBe('12/11/2026');
    expect(formatDate(instant, 'en')).toBe('11 December 2026');
  });

  it("writes an instant on its Swedish day, and a day as it is whatever the runtime's zone", () => {
    // 23:30 UTC on 11 December is 00:30 on 12 December in Stockholm (CET).
    expect(formatDate('2026-12-11T23:30:00Z', 'en')).toBe('12 December 2026');
    expect(formatDate(new Date('2026-12-11T23:30:00Z'), 'sv')).toBe('12 december 2026');
    // 22:30 UTC on 30 June is 00:30 on 1 July in summer time (CEST).
    expect(formatDate('2026-06-30T22:30:00Z', 'en')).toBe('1 July 2026');
    // A day is a calendar day: no zone moves it.
    expect(formatDate('2026-06-30', 'en')).toBe('30 June 2026');
  });

  it('says – for no value and leaves text that is not a date as it is', () => {
    expect(formatDate(null, 'en')).toBe('–');
    expect(formatDate(undefined, 'sv')).toBe('–');
    expect(formatDate('', 'sv')).toBe('–');
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDate('2026-02-30', 'en')).toBe('2026-02-30');
  });
});

describe('formatDateTime and formatTime', () => {
  it('write an instant in Swedish time with a 24-hour clock in both languages', () => {
    // What the projects and contracts pages used to say in English.
    const instant = '2026-11-27T12:36:00Z';
    expect(
      new Date(instant).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
    ).toBe('Nov 27, 2026, 12:36 PM');
    expect(formatDateTime(instant, 'en')).toBe('27 Nov 2026, 13:36');
    expect(formatDateTime(instant, 'sv')).toBe('27 nov. 2026 13:36');
    expect(formatDateTime('2026-07-01T10:00:00Z', 'en', 'long')).toBe('1 July 2026 at 12:00');
    expect(formatTime('2026-07-01T10:00:00Z', 'en')).toBe('12:00');
    expect(formatTime('2026-12-01T08:05:00Z', 'sv')).toBe('09:05');
    expect(formatDateTime(null, 'en')).toBe('–');
    expect(formatTime('later', 'sv')).toBe('later');
  });
});

describe('formatMonth', () => {
  it('writes a month with its year', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'sv')).toBe('november 2026');
    expect(formatMonth('2026-13', 'en')).toBe('2026-13');
  });
});

describe('dateFormatter', () => {
  it('gives the same formatter for the same language and options, in the right locale', () => {
    const first = dateFormatter('en', { weekday: 'short' });
    expect(dateFormatter('en', { weekday: 'short' })).toBe(first);
    expect(first.resolvedOptions().locale).toBe('en-GB');
    expect(dateFormatter('sv', { weekday: 'short' }).resolvedOptions().locale).toBe('sv-SE');
  });
});
