import { describe, expect, it } from 'vitest';
import { receiptNumberOf } from './payment-outcome.service';

describe('receipt numbers', () => {
  const id = '77ac6cb3-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

  it('carry the day in Sweden, as the receipt is dated: 00:40 on 29 November there is still the 28th in UTC', () => {
    expect(receiptNumberOf({ id, created_at: new Date('2026-11-28T23:40:00Z') })).toBe('R20261129-77AC6CB3');
  });

  it('in summer time too (UTC+2): 01:30 on 1 July in Sweden', () => {
    expect(receiptNumberOf({ id, created_at: new Date('2026-06-30T23:30:00Z') })).toBe('R20260701-77AC6CB3');
    expect(receiptNumberOf({ id, created_at: new Date('2026-06-30T21:30:00Z') })).toBe('R20260630-77AC6CB3');
  });
});
