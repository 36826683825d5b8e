import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addYears,
  assignmentEndIssue,
  assignmentPeriodIssues,
  billDueAt,
  buildOcrReference,
  computeBillTotals,
  isoWeekOf,
  isValidOcrReference,
  lastDayOfMonth,
  lineAmountOre,
  luhnCheckDigit,
  mondayOf,
  sekToOre,
  timeReportInputSchema,
  vatIncludedOre,
  vatOre,
} from './billing';
import { isValidOrganisationNumber } from './validation';
import { isValidVatNumber } from './vat-number';
import { BILL_SELLER } from './billing';

describe('money in öre', () => {
  it('converts SEK and hours without floating-point drift', () => {
    expect(sekToOre(1234.56)).toBe(123_456);
    expect(sekToOre(0.29)).toBe(29);
    expect(lineAmountOre(3725, 123_456)).toBe(4_598_736);
    // 3.5 h at 1851.85 SEK is 6481.475 SEK: half an öre rounds up.
    expect(lineAmountOre(350, 185_185)).toBe(648_148);
    expect(vatOre(2)).toBe(1);
    expect(vatOre(1)).toBe(0);
    expect(vatOre(5_546_384)).toBe(1_386_596);
    // The VAT inside a price that includes it: a fifth at 25 %.
    expect(vatIncludedOre(19_900)).toBe(3_980);
    expect(vatIncludedOre(299_500)).toBe(59_900);
    expect(vatIncludedOre(3)).toBe(1);
  });

  it('sums bills exactly, far beyond what doubles hold in cents', () => {
    const totals = computeBillTotals([
      { kind: 'hours', quantityCentis: 74_400, unitPriceOre: 10_000_000 },
      { kind: 'overtime', quantityCentis: 1, unitPriceOre: 20_000_000 },
      { kind: 'buyer_fee', quantityCentis: 100, unitPriceOre: 299_500 },
    ]);
    expect(totals.subtotalOre).toBe(7_440_000_000 + 200_000 + 299_500);
    expect(totals.vatOre).toBe(1_860_124_875);
    expect(totals.totalOre).toBe(totals.subtotalOre + totals.vatOre);
  });
});

describe('OCR references', () => {
  it('computes the Luhn check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('1234567')).toBe(4);
  });

  it('adds a length digit and a check digit that validate', () => {
    expect(buildOcrReference(1001)).toBe('100164');
    for (const number of [1, 1001, 99_999, 1_234_567_890]) {
      const reference = buildOcrReference(number);
      expect(isValidOcrReference(reference)).toBe(true);
      expect(reference.length % 10).toBe(Number(reference.at(-2)));
    }
    expect(isValidOcrReference('100163')).toBe(false);
    expect(isValidOcrReference('100172')).toBe(false);
    expect(isValidOcrReference('12a')).toBe(false);
  });
});

describe('calendar', () => {
  it('finds Mondays, ISO weeks and month ends', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2026-11-23')).toEqual({ year: 2026, week: 48 });
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('makes a bill due 30 Swedish calendar days after its issue day, across daylight saving too', () => {
    // No change in between: exactly 30 × 24 hours.
    expect(billDueAt(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-12-26T10:00:00.000Z');
    // 23:30 on 1 March (CET) -> 23:30 on 31 March (CEST), not 00:30 on 1 April.
    expect(billDueAt(new Date('2027-03-01T22:30:00Z')).toISOString()).toBe('2027-03-31T21:30:00.000Z');
    // 00:30 on 6 October (CEST) -> 00:30 on 5 November (CET), not 23:30 on 4 November.
    expect(billDueAt(new Date('2027-10-05T22:30:00Z')).toISOString()).toBe('2027-11-04T23:30:00.000Z');
    // Midday across the spring change: 30 × 24 hours stay on the right day (13:00 summer time).
    expect(billDueAt(new Date('2027-03-10T11:00:00Z')).toISOString()).toBe('2027-04-09T11:00:00.000Z');
  });
});

describe('time report input', () => {
  it('refuses a day over 24 hours with the spec wording and more than two decimals', () => {
    const base = { assignmentId: '5b0d7a52-2d7b-4c35-9a59-1f7d5a0a1c11', date: '2026-03-02' };
    expect(timeReportInputSchema.safeParse({ ...base, hours: 8, overtimeHours: 2 }).success).toBe(true);
    const over = timeReportInputSchema.safeParse({ ...base, hours: 20, overtimeHours: 4.5 });
    expect(over.error?.issues[0]?.message).toBe('validation.tooManyHoursPerDay');
    expect(timeReportInputSchema.safeParse({ ...base, hours: 7.333 }).error?.issues[0]?.message).toBe(
      'validation.atMostTwoDecimals',
    );
    expect(timeReportInputSchema.safeParse({ ...base, hours: 7.33, overtimeHours: 0.1 }).success).toBe(true);
  });
});

describe("an assignment's period", () => {
  const context = { signedOn: '2026-11-15', today: '2026-11-28' };
  const issuesOf = (startDate: string, endDate: string | null = null) =>
    assignmentPeriodIssues({ startDate, endDate }, context).map(({ field, code, dates }) => ({
      field,
      code,
      dates,
    }));

  it('adds years, keeping the day where it exists', () => {
    expect(addYears('2026-11-28', 1)).toBe('2027-11-28');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2026-01-31', 3)).toBe('2029-01-31');
  });

  it('starts no earlier than the first day of the month before the contract was signed', () => {
    expect(issuesOf('2026-10-01')).toEqual([]);
    expect(issuesOf('2026-11-28')).toEqual([]);
    expect(issuesOf('2026-09-30')).toEqual([
      {
        field: 'startDate',
        code: 'validation.assignmentStartBeforeContract',
        dates: { date: '2026-10-01', signed: '2026-11-15' },
      },
    ]);
    // The QA pass's hire: a start a thousand years back, which a bill followed.
    expect(issuesOf('1026-11-02')[0]?.code).toBe('validation.assignmentStartBeforeContract');
  });

  it('starts within a year of today and ends within three', () => {
    expect(issuesOf('2027-11-28', '2029-11-28')).toEqual([]);
    expect(issuesOf('2027-11-29', '2029-11-29')).toEqual([
      { field: 'startDate', code: 'validation.assignmentStartTooLate', dates: { date: '2027-11-28' } },
      { field: 'endDate', code: 'validation.assignmentEndTooLate', dates: { date: '2029-11-28' } },
    ]);
    expect(issuesOf('2026-12-01', '2999-12-31').map((issue) => issue.field)).toEqual(['endDate']);
    expect(assignmentEndIssue('2029-11-28', '2026-11-28')).toBeUndefined();
    expect(assignmentEndIssue('2029-11-29', '2026-11-28')?.code).toBe('validation.assignmentEndTooLate');
  });
});

describe('the seller on bills', () => {
  it('has a valid organisation and VAT number', () => {
    expect(isValidOrganisationNumber(BILL_SELLER.organisationNumber)).toBe(true);
    expect(isValidVatNumber(BILL_SELLER.vatNumber)).toBe(true);
  });
});
