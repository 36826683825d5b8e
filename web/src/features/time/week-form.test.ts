import { describe, expect, it } from 'vitest';
import { hoursIssue, isOverDayCap, linkedMonthMonday, parseHours, weekTotal } from './week-form';

describe('parseHours', () => {
  it('reads hours as Swedish and English write them', () => {
    expect(parseHours('')).toBe(0);
    expect(parseHours(' 7,5 ')).toBe(7.5);
    expect(parseHours('7.25')).toBe(7.25);
    expect(parseHours('24')).toBe(24);
  });

  it('reads a number over 24 as typed, so that the day can say it breaks the cap', () => {
    expect(parseHours('25')).toBe(25);
    expect(parseHours('100')).toBe(100);
  });

  it('refuses what is not a number of hours', () => {
    for (const text of ['-2', 'abc', '7,555', '1e1', '7 h', '+3', '1000'])
      expect(parseHours(text), text).toBeNull();
  });
});

describe('hoursIssue', () => {
  it('says a third decimal is one decimal too many, not a number out of range (QA12 F8)', () => {
    expect(hoursIssue('1,255')).toBe('decimals');
    expect(hoursIssue('7.555')).toBe('decimals');
  });

  it('says anything else is not a number of hours, and nothing of a number that is', () => {
    for (const text of ['-2', 'abc', '1e1', '7 h', '1000', '1,2,3'])
      expect(hoursIssue(text), text).toBe('number');
    for (const text of ['', '7,5', '25', '0.25']) expect(hoursIssue(text), text).toBeNull();
  });
});

describe('isOverDayCap', () => {
  it('says a single cell over 24 breaks the per-day cap', () => {
    expect(isOverDayCap({ date: '2026-11-23', hours: 25, overtime: 0 })).toBe(true);
    expect(isOverDayCap({ date: '2026-11-23', hours: 25, overtime: null })).toBe(true);
  });

  it('counts hours, overtime and the day on other assignments together', () => {
    expect(isOverDayCap({ date: '2026-11-23', hours: 20, overtime: 4 })).toBe(false);
    expect(isOverDayCap({ date: '2026-11-23', hours: 20, overtime: 5 })).toBe(true);
    expect(isOverDayCap({ date: '2026-11-23', hours: 12.5, overtime: 11.75 })).toBe(true);
    expect(isOverDayCap({ date: '2026-11-23', hours: 8, overtime: 0 }, 1_600)).toBe(false);
    expect(isOverDayCap({ date: '2026-11-23', hours: 8, overtime: 0 }, 1_601)).toBe(true);
  });
});

describe('weekTotal', () => {
  it('adds the week up in hundredths of hours', () => {
    expect(
      weekTotal([
        { date: '2026-11-23', hours: 7.1, overtime: 0.2 },
        { date: '2026-11-24', hours: 25, overtime: 0 },
        { date: '2026-11-25', hours: 0, overtime: 0 },
      ]),
    ).toEqual({ hours: 32.3, overtime: 0.2 });
  });

  it('gives no total while a cell is not a number of hours, rather than one that leaves it out', () => {
    expect(
      weekTotal([
        { date: '2026-11-23', hours: 25, overtime: null },
        { date: '2026-11-24', hours: null, overtime: 0 },
        { date: '2026-11-25', hours: 20, overtime: 5 },
      ]),
    ).toBeNull();
  });
});

describe('linkedMonthMonday', () => {
  it('opens the first week with a day inside the assignment, not the month’s first calendar week', () => {
    // 1 November 2026 is a Sunday: its week (44) has six days in October, before the assignment.
    expect(linkedMonthMonday('2026-11', { startDate: '2026-11-01', endDate: null })).toBe('2026-11-02');
    // From Wednesday 4 November: the week of 2 November.
    expect(linkedMonthMonday('2026-11', { startDate: '2026-11-04', endDate: null })).toBe('2026-11-02');
    // From 18 October: November's first working day is Monday 2 November.
    expect(linkedMonthMonday('2026-11', { startDate: '2026-10-18', endDate: null })).toBe('2026-11-02');
    // December 2026 begins on a Tuesday: its first week is the week of 30 November.
    expect(linkedMonthMonday('2026-12', { startDate: '2026-10-18', endDate: null })).toBe('2026-11-30');
    // A period of one Sunday opens on that Sunday's week.
    expect(linkedMonthMonday('2026-11', { startDate: '2026-11-01', endDate: '2026-11-01' })).toBe(
      '2026-10-26',
    );
  });

  it('opens the week of the month’s first reported day when there is one', () => {
    const period = { startDate: '2026-11-01', endDate: null };
    expect(linkedMonthMonday('2026-11', period, ['2026-11-27', '2026-11-23', '2026-11-24'])).toBe(
      '2026-11-23',
    );
    // Days of another month (a week's report list) do not count.
    expect(linkedMonthMonday('2026-11', period, ['2026-10-30', '2026-12-01'])).toBe('2026-11-02');
    // A day reported on the first Sunday counts.
    expect(linkedMonthMonday('2026-11', period, ['2026-11-01', '2026-11-23'])).toBe('2026-10-26');
  });

  it('opens the month’s first week when the month has no day inside the assignment', () => {
    expect(linkedMonthMonday('2026-10', { startDate: '2026-11-04', endDate: null })).toBe('2026-09-28');
    expect(linkedMonthMonday('2026-12', { startDate: '2026-10-01', endDate: '2026-11-15' })).toBe(
      '2026-11-30',
    );
  });
});
