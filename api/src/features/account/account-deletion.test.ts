import { describe, expect, it } from 'vitest';
import { computePurgeDate } from './account-deletion.service';

describe('computePurgeDate', () => {
  it('keeps personal data three months after deletion (spec section 9)', () => {
    expect(computePurgeDate(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(computePurgeDate(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2027-03-02T00:00:00.000Z');
  });
});
