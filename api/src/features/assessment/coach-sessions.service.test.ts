import { describe, expect, it } from 'vitest';
import { formatSessionTime } from './coach-sessions.service';

describe('formatSessionTime', () => {
  it('writes the day and the times in Swedish time, in each language', () => {
    // 09:00-10:00 UTC on a winter Tuesday is 10:00-11:00 in Stockholm.
    const start = new Date('2026-12-01T09:00:00Z');
    const end = new Date('2026-12-01T10:00:00Z');
    expect(formatSessionTime(start, end, 'sv')).toBe('tisdag 1 december 2026 10:00–11:00');
    expect(formatSessionTime(start, end, 'en')).toBe('Tuesday, 1 December 2026 10:00–11:00');
  });

  it('follows summer time', () => {
    const start = new Date('2027-06-01T08:00:00Z');
    expect(formatSessionTime(start, new Date('2027-06-01T08:45:00Z'), 'sv')).toBe(
      'tisdag 1 juni 2027 10:00–10:45',
    );
  });
});
