import { describe, expect, it } from 'vitest';
import {
  compareCalendarDates,
  countDaysInMonth,
  formatCalendarDate,
  swedishWallTimeToInstant,
  isValidCalendarDate,
  toSwedishCalendarDate,
} from './calendar-date';

describe('isValidCalendarDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2024, 4, 30, true],
    [2024, 4, 31, false],
    [2024, 12, 31, true],
    [2024, 13, 1, false],
    [2024, 0, 1, false],
    [2024, 1, 0, false],
    [2024, 1.5, 1, false],
  ])('%i-%i-%i is %s', (year, month, day, valid) => {
    expect(isValidCalendarDate({ year, month, day })).toBe(valid);
  });

  it('knows the month lengths', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => countDaysInMonth(2023, month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });
});

describe('compareCalendarDates', () => {
  it('orders by year, month, day', () => {
    expect(
      compareCalendarDates({ year: 2024, month: 1, day: 2 }, { year: 2024, month: 1, day: 1 }),
    ).toBeGreaterThan(0);
    expect(
      compareCalendarDates({ year: 2023, month: 12, day: 31 }, { year: 2024, month: 1, day: 1 }),
    ).toBeLessThan(0);
    expect(compareCalendarDates({ year: 2024, month: 5, day: 5 }, { year: 2024, month: 5, day: 5 })).toBe(0);
  });
});

describe('formatCalendarDate', () => {
  it('pads to YYYY-MM-DD', () => {
    expect(formatCalendarDate({ year: 990, month: 1, day: 2 })).toBe('0990-01-02');
  });
});

describe('toSwedishCalendarDate', () => {
  it.each([
    ['2024-01-01T22:59:59Z', '2024-01-01'],
    ['2024-01-01T23:00:00Z', '2024-01-02'],
    ['2024-07-01T21:59:59Z', '2024-07-01'],
    ['2024-07-01T22:00:00Z', '2024-07-02'],
    ['2024-12-31T23:30:00Z', '2025-01-01'],
  ])('puts %s on %s (winter and summer time)', (instant, date) => {
    expect(formatCalendarDate(toSwedishCalendarDate(new Date(instant)))).toBe(date);
  });
});

describe('swedishWallTimeToInstant', () => {
  it('reads a wall-clock time as Swedish time in winter and in summer, whatever the process zone', () => {
    expect(swedishWallTimeToInstant('2026-12-10T14:30')?.toISOString()).toBe('2026-12-10T13:30:00.000Z');
    expect(swedishWallTimeToInstant('2026-06-10T14:30')?.toISOString()).toBe('2026-06-10T12:30:00.000Z');
  });

  it('handles the nights the clocks change', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(swedishWallTimeToInstant('2026-03-29T01:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(swedishWallTimeToInstant('2026-03-29T03:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(swedishWallTimeToInstant('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(swedishWallTimeToInstant('2026-10-25T01:30')?.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(swedishWallTimeToInstant('2026-10-25T04:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('refuses text that is no time', () => {
    expect(swedishWallTimeToInstant('')).toBeNull();
    expect(swedishWallTimeToInstant('2026-02-30T10:00')).toBeNull();
    expect(swedishWallTimeToInstant('2026-12-10T24:00')).toBeNull();
    expect(swedishWallTimeToInstant('2026-12-10 10:00')).toBeNull();
  });
});
