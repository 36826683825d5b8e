import { describe, expect, it } from 'vitest';
import { isoWeekOf, swedishIsoWeek } from './iso-week';

describe('isoWeekOf', () => {
  it.each([
    [{ year: 2026, month: 11, day: 23 }, '2026-W48'],
    [{ year: 2026, month: 1, day: 1 }, '2026-W01'],
    [{ year: 2027, month: 1, day: 1 }, '2026-W53'],
    [{ year: 2024, month: 12, day: 30 }, '2025-W01'],
    [{ year: 2021, month: 1, day: 3 }, '2020-W53'],
    [{ year: 2031, month: 3, day: 3 }, '2031-W10'],
    [{ year: 2031, month: 3, day: 9 }, '2031-W10'],
  ])('%o is in %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });

  it('judges the week by the Swedish calendar', () => {
    // Sunday 23:30 UTC is already Monday in Stockholm.
    expect(swedishIsoWeek(new Date('2031-03-09T23:30:00Z'))).toBe('2031-W11');
    expect(swedishIsoWeek(new Date('2031-03-09T22:30:00Z'))).toBe('2031-W10');
  });
});
