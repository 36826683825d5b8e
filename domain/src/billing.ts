import { z } from 'zod';
import {
  BUYER_GUARANTEE_DAYS,
  HIRED_CONSULTANT_FEE_SEK_PER_MONTH,
  REPORTED_HOURS_MAX_PER_DAY,
} from './constants';
import { swedishDayOf } from './calendar-date';
import type { MessageCode } from './messages';
import {
  feeSchema,
  hasAtMostTwoDecimals,
  longDateSchema,
  overtimeFeeSchema,
  requiredTextSchema,
  shortDateSchema,
} from './validation';

// Time reporting and invoicing (issue 16; spec sections 1, 5 and 9): money in integer öre, VAT, OCR
// references, month and week arithmetic on 'YYYY-MM-DD' strings, and the input schemas shared by the API and
// the web app. Pure: no I/O, no clock.

/** VAT on every bill line (Swedish standard rate), in percent. */
export const BILL_VAT_RATE_PERCENT = 25;
/** A bill is due this many days after it is issued. */
export const BILL_PAYMENT_TERMS_DAYS = 30;
/** The buyer fee per hired consultant and month, in öre. */
export const HIRED_CONSULTANT_FEE_ORE = HIRED_CONSULTANT_FEE_SEK_PER_MONTH * 100;
export const TIME_REPORT_NOTE_MAX_LENGTH = 500;
export const RETURN_COMMENT_MAX_LENGTH = 1000;

/**
 * Who issues the bills: the platform invoices the buyer company for the hired consultant's approved hours
 * and its own fee (docs/decisions.md, "Bills: the platform invoices the buyer"). The footer's details.
 */
export const BILL_SELLER = {
  name: 'Konsultmarknaden AB',
  organisationNumber: '559401-2311',
  vatNumber: 'SE559401231101',
  address: 'Kungsgatan 37, 111 56 Stockholm',
  bankgiro: '5402-9681',
  email: 'faktura@konsultmarknaden.se',
} as const;

/** A time-report month: open for entry, submitted for approval, returned with a comment, or approved. */
export const TIME_MONTH_STATUSES = ['open', 'submitted', 'returned', 'approved'] as const;
export type TimeMonthStatus = (typeof TIME_MONTH_STATUSES)[number];
/** Months in these statuses cannot be edited by the consultant. */
export const LOCKED_TIME_MONTH_STATUSES: readonly TimeMonthStatus[] = ['submitted', 'approved'];

/** A bill as its reader sees it: open (not yet due), overdue, or paid. */
export const BILL_STATUSES = ['open', 'overdue', 'paid'] as const;
export type BillStatusView = (typeof BILL_STATUSES)[number];

export const BILL_LINE_KINDS = ['hours', 'overtime', 'buyer_fee'] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];

// ---------------------------------------------------------------------------------------------------------
// Money: integers only. Hours carry two decimals, so they are counted in hundredths ("centihours").

/** SEK (at most two decimals) to öre, exactly. */
export function sekToOre(sek: number): number {
  return Math.round(sek * 100);
}

/** Hours (at most two decimals) to hundredths of an hour. */
export function hoursToCentihours(hours: number): number {
  return Math.round(hours * 100);
}

/** Rounds a non-negative integer division half up. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** The amount of a line: quantity (in hundredths) times unit price (öre), rounded half up to whole öre. */
export function lineAmountOre(quantityCentis: number, unitPriceOre: number): number {
  return Number(divideHalfUp(BigInt(quantityCentis) * BigInt(unitPriceOre), 100n));
}

/** VAT of a net amount in öre at the given rate (percent), rounded half up to whole öre. */
export function vatOre(netOre: number, ratePercent = BILL_VAT_RATE_PERCENT): number {
  return Number(divideHalfUp(BigInt(netOre) * BigInt(ratePercent), 100n));
}

/** The VAT inside an amount that includes it (a card payment's price), rounded half up to whole öre. */
export function vatIncludedOre(grossOre: number, ratePercent = BILL_VAT_RATE_PERCENT): number {
  return Number(divideHalfUp(BigInt(grossOre) * BigInt(ratePercent), BigInt(100 + ratePercent)));
}

export interface BillLineDraft {
  kind: BillLineKind;
  /** Hundredths: 1600 is 16 hours; 100 is one fee. */
  quantityCentis: number;
  unitPriceOre: number;
}

/** Totals of a bill from its lines: subtotal is the sum of the line amounts, VAT is 25 % of it. */
export function computeBillTotals(lines: readonly BillLineDraft[]): {
  lines: (BillLineDraft & { amountOre: number })[];
  subtotalOre: number;
  vatOre: number;
  totalOre: number;
} {
  const priced = lines.map((line) => ({
    ...line,
    amountOre: lineAmountOre(line.quantityCentis, line.unitPriceOre),
  }));
  const subtotalOre = priced.reduce((sum, line) => sum + line.amountOre, 0);
  const vat = vatOre(subtotalOre);
  return { lines: priced, subtotalOre, vatOre: vat, totalOre: subtotalOre + vat };
}

// ---------------------------------------------------------------------------------------------------------
// OCR references (Swedish bank payment references): digits, a length digit, and a mod 10 (Luhn) check digit.

/** The Luhn (mod 10) check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The OCR reference of an invoice number: the number, then a length digit (the whole reference's length
 * modulo 10, as Bankgirot's "hard" check allows), then the Luhn check digit over everything before it.
 */
export function buildOcrReference(invoiceNumber: number): string {
  const base = String(invoiceNumber);
  const withLength = `${base}${(base.length + 2) % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

/** Whether an OCR reference is 2 to 25 digits with a correct length digit and Luhn check digit. */
export function isValidOcrReference(reference: string): boolean {
  if (!/^\d{2,25}$/.test(reference)) return false;
  const body = reference.slice(0, -1);
  if (luhnCheckDigit(body) !== Number(reference.at(-1))) return false;
  return Number(reference.at(-2)) === reference.length % 10;
}

// ---------------------------------------------------------------------------------------------------------
// Calendar arithmetic on 'YYYY-MM-DD' (UTC, no time zone shifts).

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const fromUtc = (instant: Date) => instant.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const instant = toUtc(date);
  instant.setUTCDate(instant.getUTCDate() + days);
  return fromUtc(instant);
}

/** The Monday of the ISO week a day falls in. */
export function mondayOf(date: string): string {
  const weekday = (toUtc(date).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The ISO week number and its year, e.g. { year: 2026, week: 44 }. */
export function isoWeekOf(date: string): { year: number; week: number } {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const firstThursday = addDays(mondayOf(`${year}-01-04`), 3);
  const week =
    1 + Math.round((toUtc(thursday).getTime() - toUtc(firstThursday).getTime()) / (7 * 86_400_000));
  return { year, week };
}

/** 'YYYY-MM' of a day. */
export const monthOf = (date: string) => date.slice(0, 7);
/** The first day of a 'YYYY-MM' month. */
export const firstDayOfMonth = (month: string) => `${month}-01`;
/** The last day of a 'YYYY-MM' month. */
export function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return fromUtc(new Date(Date.UTC(year, monthNumber, 0)));
}
export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return fromUtc(new Date(Date.UTC(year, monthNumber - 1 + months, 1))).slice(0, 7);
}

/** The same day `years` years later (29 February becomes 28 February in a common year). */
export function addYears(date: string, years: number): string {
  const month = addMonths(monthOf(date), years * 12);
  const day = `${month}-${date.slice(8, 10)}`;
  const last = lastDayOfMonth(month);
  return day > last ? last : day;
}

/**
 * When a bill issued at `issuedAt` falls due: BILL_PAYMENT_TERMS_DAYS × 24 hours later, moved by the
 * daylight-saving hour where that would land on another Swedish day than BILL_PAYMENT_TERMS_DAYS calendar days
 * after the issue day (issued within an hour of midnight, with a change in between).
 */
export function billDueAt(issuedAt: Date): Date {
  const dueDay = addDays(swedishDayOf(issuedAt), BILL_PAYMENT_TERMS_DAYS);
  const candidate = new Date(issuedAt.getTime() + BILL_PAYMENT_TERMS_DAYS * 86_400_000);
  const day = swedishDayOf(candidate);
  if (day === dueDay) return candidate;
  return new Date(candidate.getTime() + (day > dueDay ? -1 : 1) * 3_600_000);
}

/** The last day of the buyer guarantee for an assignment that starts on `startDate`. */
export const guaranteeEndOf = (startDate: string) => addDays(startDate, BUYER_GUARANTEE_DAYS - 1);

// ---------------------------------------------------------------------------------------------------------
// Input schemas (wire bodies reuse them)

const fail = (code: MessageCode) => ({ error: code, abort: true }) as const;

/** Hours with at most two decimals, 0 to 24 (one row cannot exceed a day). */
const hoursSchema = z
  .number({ error: 'validation.onlyNumbers' satisfies MessageCode })
  .nonnegative(fail('validation.notNegative'))
  .max(REPORTED_HOURS_MAX_PER_DAY, fail('validation.tooManyHoursPerDay'))
  .refine(hasAtMostTwoDecimals, fail('validation.atMostTwoDecimals'));

/** A month as 'YYYY-MM'. */
export const monthSchema = shortDateSchema;

const optionalNote = z
  .string({ error: 'validation.invalidInput' satisfies MessageCode })
  .trim()
  .max(TIME_REPORT_NOTE_MAX_LENGTH, fail('validation.maxLength'))
  .nullish()
  .transform((value) => (value ? value : null));

/** One time report: a day on an assignment with its hours and overtime hours (spec section 5's day cap). */
export const timeReportInputSchema = z
  .object(
    {
      assignmentId: z.uuid({ error: 'validation.invalidInput' satisfies MessageCode }),
      date: longDateSchema,
      hours: hoursSchema,
      overtimeHours: hoursSchema.default(0),
      note: optionalNote,
    },
    { error: 'validation.invalidInput' satisfies MessageCode },
  )
  .refine((report) => report.hours + report.overtimeHours <= REPORTED_HOURS_MAX_PER_DAY, {
    error: 'validation.tooManyHoursPerDay' satisfies MessageCode,
    path: ['overtimeHours'],
  })
  .refine((report) => report.hours + report.overtimeHours > 0, {
    error: 'validation.nothingToReport' satisfies MessageCode,
    path: ['hours'],
  });
export type TimeReportInput = z.input<typeof timeReportInputSchema>;

/** Editing a report: new hours, overtime and note for the same assignment and day. */
export const timeReportUpdateSchema = z
  .object(
    { hours: hoursSchema, overtimeHours: hoursSchema.default(0), note: optionalNote },
    { error: 'validation.invalidInput' satisfies MessageCode },
  )
  .refine((report) => report.hours + report.overtimeHours <= REPORTED_HOURS_MAX_PER_DAY, {
    error: 'validation.tooManyHoursPerDay' satisfies MessageCode,
    path: ['overtimeHours'],
  })
  .refine((report) => report.hours + report.overtimeHours > 0, {
    error: 'validation.nothingToReport' satisfies MessageCode,
    path: ['hours'],
  });

/** A new assignment: a signed contract's signer on its project, with fees (spec section 5's caps). */
export const assignmentInputSchema = z
  .object(
    {
      contractId: z.uuid({ error: 'validation.required' satisfies MessageCode }),
      approverUserId: z.uuid({ error: 'validation.required' satisfies MessageCode }),
      projectId: z.uuid({ error: 'validation.invalidInput' satisfies MessageCode }).nullish(),
      hourlyFee: feeSchema,
      overtimeFee: overtimeFeeSchema,
      startDate: longDateSchema,
      endDate: longDateSchema.nullish().transform((value) => value ?? null),
    },
    { error: 'validation.invalidInput' satisfies MessageCode },
  )
  .refine((input) => !input.endDate || input.endDate >= input.startDate, {
    error: 'validation.validityOrder' satisfies MessageCode,
    path: ['endDate'],
  });
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// An assignment's period: plausible bounds (docs/decisions.md, "An assignment's period: bounds"). Every hired
// month can end in a bill, so a start in year 1026 or an end in 2999 is a typing mistake, not a hire.

/** An assignment starts at most this many years after today: a hire, not a plan for a distant future. */
export const ASSIGNMENT_START_MAX_YEARS_AHEAD = 1;
/** An assignment's last day is at most this many years after today; a longer one is left open-ended. */
export const ASSIGNMENT_END_MAX_YEARS_AHEAD = 3;

/**
 * The earliest start of an assignment under a contract signed on `signedOn` (a Swedish day): the first day of
 * the month before the signing month, so work begun shortly before the paperwork was signed can be billed,
 * but nothing from long before it.
 */
export const earliestAssignmentStart = (signedOn: string) =>
  firstDayOfMonth(addMonths(monthOf(signedOn), -1));
/** The latest start of an assignment hired on `today`. */
export const latestAssignmentStart = (today: string) => addYears(today, ASSIGNMENT_START_MAX_YEARS_AHEAD);
/** The latest last day of an assignment hired or ended on `today`. */
export const latestAssignmentEnd = (today: string) => addYears(today, ASSIGNMENT_END_MAX_YEARS_AHEAD);

/** A period bound broken: the field, the message and its dates ('YYYY-MM-DD'; written per language). */
export interface AssignmentPeriodIssue {
  field: 'startDate' | 'endDate';
  code: MessageCode;
  dates: Readonly<Record<string, string>>;
}

/** The last day of an assignment (hired with one, or ended) is not after {@link latestAssignmentEnd}. */
export function assignmentEndIssue(endDate: string, today: string): AssignmentPeriodIssue | undefined {
  const latest = latestAssignmentEnd(today);
  return endDate > latest
    ? { field: 'endDate', code: 'validation.assignmentEndTooLate', dates: { date: latest } }
    : undefined;
}

/**
 * What is wrong with a new assignment's period beyond its format and order (the input schema's checks), judged
 * on the Swedish calendar: a start before {@link earliestAssignmentStart} of the contract's signing day or
 * after {@link latestAssignmentStart}, an end after {@link latestAssignmentEnd}. Empty when nothing is. The
 * API refuses with these, and the hire dialog shows them before sending.
 */
export function assignmentPeriodIssues(
  period: { startDate: string; endDate: string | null },
  { signedOn, today }: { signedOn: string; today: string },
): AssignmentPeriodIssue[] {
  const issues: AssignmentPeriodIssue[] = [];
  const earliest = earliestAssignmentStart(signedOn);
  const latest = latestAssignmentStart(today);
  if (period.startDate < earliest) {
    issues.push({
      field: 'startDate',
      code: 'validation.assignmentStartBeforeContract',
      dates: { date: earliest, signed: signedOn },
    });
  } else if (period.startDate > latest) {
    issues.push({ field: 'startDate', code: 'validation.assignmentStartTooLate', dates: { date: latest } });
  }
  const endIssue = period.endDate ? assignmentEndIssue(period.endDate, today) : undefined;
  if (endIssue) issues.push(endIssue);
  return issues;
}

/** An assignment's new approver (manage_contracts): a member of its company, the caller included. */
export const assignmentApproverInputSchema = z.object(
  { approverUserId: z.uuid({ error: 'validation.required' satisfies MessageCode }) },
  { error: 'validation.invalidInput' satisfies MessageCode },
);
export type AssignmentApproverInput = z.input<typeof assignmentApproverInputSchema>;

/** Ending an assignment (manage_contracts): its last day, on which time may still be reported. */
export const assignmentEndInputSchema = z.object(
  { endDate: longDateSchema },
  { error: 'validation.invalidInput' satisfies MessageCode },
);
export type AssignmentEndInput = z.input<typeof assignmentEndInputSchema>;

/** The approver's comment when returning a month: required, not only spaces, at most 1000 characters. */
export const returnCommentSchema = requiredTextSchema.pipe(
  z.string().max(RETURN_COMMENT_MAX_LENGTH, fail('validation.maxLength')),
);
