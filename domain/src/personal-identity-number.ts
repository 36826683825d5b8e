import { z } from 'zod';
import {
  compareCalendarDates,
  formatCalendarDate,
  isValidCalendarDate,
  toSwedishCalendarDate,
  type CalendarDate,
} from './calendar-date';
import { MINIMUM_AGE_YEARS } from './constants';
import type { MessageCode } from './messages';

// Swedish personal identity numbers (personnummer), in the 12-digit form BankID uses: YYYYMMDDNNNC, where
// NNN is a birth serial and C a Luhn check digit computed over the last ten digits (YYMMDDNNN).
// Coordination numbers (samordningsnummer) are the same with 60 added to the day.

/** The message codes a personal identity number can be rejected with. */
export type PersonalIdentityNumberErrorCode = Extract<
  MessageCode,
  | 'validation.enterNationalIdentityNumber'
  | 'validation.nationalIdentityNumberDigits'
  | 'validation.nationalIdentityNumberLength'
  | 'validation.nationalIdentityNumberDate'
  | 'validation.nationalIdentityNumberChecksum'
  | 'validation.underMinimumAge'
>;

export type ParsedPersonalIdentityNumber =
  | {
      ok: true;
      /** Normalised: exactly 12 digits, no separator. */
      value: string;
      /** `YYYY-MM-DD`; for a coordination number the real day, without the added 60. */
      birthDate: string;
      isCoordinationNumber: boolean;
    }
  | { ok: false; code: PersonalIdentityNumberErrorCode };

export interface ParsePersonalIdentityNumberOptions {
  /** Minimum age in whole years on `today`; defaults to the product's {@link MINIMUM_AGE_YEARS}. */
  minimumAge?: number;
}

const COORDINATION_DAY_OFFSET = 60;
// One separator before the last four digits; the shorter 10-digit form is let through to the length check.
const WITH_SEPARATOR = /^(\d+)[-+](\d{4})$/;

/**
 * Validates and normalises a 12-digit personal identity or coordination number as typed by a user:
 * surrounding whitespace and one `-` or `+` before the last four digits are accepted.
 *
 * Checks run in the order a user can act on them: presence, digits only, length, a real and past date of
 * birth, the check digit, and finally the minimum age on `today` (judged on the Swedish calendar).
 */
export function parsePersonalIdentityNumber(
  input: string | null | undefined,
  today: Date,
  options: ParsePersonalIdentityNumberOptions = {},
): ParsedPersonalIdentityNumber {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: false, code: 'validation.enterNationalIdentityNumber' };

  const digits = trimmed.replace(WITH_SEPARATOR, '$1$2');
  if (!/^\d+$/.test(digits)) {
    // A separator in the wrong place usually means a digit too many or too few; say that, not "digits only".
    const withoutSeparator = trimmed.replace(/^(\d+)[-+](\d+)$/, '$1$2');
    const isWrongLength = /^\d+$/.test(withoutSeparator) && withoutSeparator.length !== 12;
    return {
      ok: false,
      code: isWrongLength
        ? 'validation.nationalIdentityNumberLength'
        : 'validation.nationalIdentityNumberDigits',
    };
  }
  if (digits.length !== 12) return { ok: false, code: 'validation.nationalIdentityNumberLength' };

  const { birthDate, isCoordinationNumber } = readBirthDate(digits);
  const todayOnCalendar = toSwedishCalendarDate(today);
  if (!isValidCalendarDate(birthDate) || compareCalendarDates(birthDate, todayOnCalendar) > 0) {
    return { ok: false, code: 'validation.nationalIdentityNumberDate' };
  }

  if (calculateCheckDigit(digits.slice(2, 11)) !== Number(digits[11])) {
    return { ok: false, code: 'validation.nationalIdentityNumberChecksum' };
  }

  if (countFullYears(birthDate, todayOnCalendar) < (options.minimumAge ?? MINIMUM_AGE_YEARS)) {
    return { ok: false, code: 'validation.underMinimumAge' };
  }

  return { ok: true, value: digits, birthDate: formatCalendarDate(birthDate), isCoordinationNumber };
}

/**
 * The Luhn check digit for the nine digits YYMMDDNNN (the 10-digit form without its last digit). Exposed
 * so seed data and tests can build valid numbers instead of hard-coding real people's.
 */
export function calculateCheckDigit(nineDigits: string): number {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError('The check digit needs exactly nine digits');
  let sum = 0;
  for (let index = 0; index < 9; index += 1) {
    const product = Number(nineDigits[index]) * (index % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Whole years of age on `date` (Swedish calendar) of the holder of a valid `pin` (separator allowed).
 * Someone born on 29 February gets a year older on 1 March in common years.
 * @throws RangeError when `pin` does not hold a readable date of birth.
 */
export function ageOn(pin: string, date: Date): number {
  const digits = pin.trim().replace(WITH_SEPARATOR, '$1$2');
  if (!/^\d{12}$/.test(digits)) throw new RangeError('Not a 12-digit personal identity number');
  const { birthDate } = readBirthDate(digits);
  if (!isValidCalendarDate(birthDate)) throw new RangeError('The personal identity number has no valid date');
  return countFullYears(birthDate, toSwedishCalendarDate(date));
}

/**
 * A display- and log-safe form that keeps the date part and hides the serial and check digit, e.g.
 * `19900101-****`. Input that is not recognisably a 12-digit number is hidden entirely.
 */
export function maskPersonalIdentityNumber(input: string): string {
  const digits = input.trim().replace(WITH_SEPARATOR, '$1$2');
  return /^\d{12}$/.test(digits) ? `${digits.slice(0, 8)}-****` : '********-****';
}

/**
 * A zod schema for a personal identity number field: the issue message is the message code, the output
 * the normalised 12 digits. `getToday` is read at parse time, so a long-running process stays correct.
 */
export function createPersonalIdentityNumberSchema(
  getToday: () => Date = () => new Date(),
  options: ParsePersonalIdentityNumberOptions = {},
) {
  return z
    .string({ error: 'validation.enterNationalIdentityNumber' satisfies MessageCode })
    .transform((input, context) => {
      const parsed = parsePersonalIdentityNumber(input, getToday(), options);
      if (parsed.ok) return parsed.value;
      context.issues.push({ code: 'custom', message: parsed.code, input });
      return z.NEVER;
    });
}

/** {@link createPersonalIdentityNumberSchema} with the real clock and the product's minimum age. */
export const personalIdentityNumberSchema = createPersonalIdentityNumberSchema();

function readBirthDate(digits: string): { birthDate: CalendarDate; isCoordinationNumber: boolean } {
  const day = Number(digits.slice(6, 8));
  const isCoordinationNumber = day > COORDINATION_DAY_OFFSET;
  return {
    birthDate: {
      year: Number(digits.slice(0, 4)),
      month: Number(digits.slice(4, 6)),
      day: isCoordinationNumber ? day - COORDINATION_DAY_OFFSET : day,
    },
    isCoordinationNumber,
  };
}

function countFullYears(birth: CalendarDate, on: CalendarDate): number {
  const years = on.year - birth.year;
  const hadBirthdayThisYear = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return hadBirthdayThisYear ? years : years - 1;
}
