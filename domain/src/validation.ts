import { z } from 'zod';
import { isValidCalendarDate } from './calendar-date';
import {
  INQUIRY_DETAILS_MAX_LENGTH,
  INQUIRY_NAME_MAX_LENGTH,
  ACCOUNT_DELETION_CONFIRMATION_WORDS,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FEE_MAX_SEK_PER_HOUR,
  HIGHLIGHTED_SKILLS_MAX,
  LIST_NAME_MAX_LENGTH,
  OVERTIME_FEE_MAX_SEK_PER_HOUR,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REPORTED_HOURS_MAX_PER_DAY,
  REPORTED_HOURS_MAX_PER_MONTH,
  SAVED_SEARCH_NAME_MAX_LENGTH,
} from './constants';
import type { MessageCode } from './messages';
import { calculateCheckDigit } from './personal-identity-number';
import { fail, stringOf } from './schema-parts';

// Zod schemas for the validation rules of spec section 5. Every issue message is a MessageCode, never
// prose: the API and the web app translate codes into the caller's language with translateMessage.
//
// Conventions: a missing value, a value of the wrong type and an empty string all count as "not given" and
// get the field's required code; identifiers (e-mail, website, numbers) are trimmed before they are judged.
// Fields the spec makes optional (website, contact phone) accept undefined, null and ''.

/** A number schema for a form or JSON number; anything that is not a finite number is "only numbers". */
function numberOf() {
  return z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.onlyNumbers',
  });
}

function isNotOnlySpaces(value: string): boolean {
  return value === '' || value.trim() !== '';
}

// ---------------------------------------------------------------------------------------------------------
// Generic text

/** Any non-empty string. */
export const requiredStringSchema = stringOf('validation.invalidInput').min(1, fail('validation.required'));

/** Text that may be empty but not consist of spaces only. */
export const notOnlySpacesSchema = stringOf('validation.invalidInput').refine(
  isNotOnlySpaces,
  fail('validation.onlySpaces'),
);

/** Required free text (details, a company name): present and not only spaces; the output is trimmed. */
export const requiredTextSchema = stringOf('validation.invalidInput')
  .min(1, fail('validation.required', true))
  .refine(isNotOnlySpaces, fail('validation.onlySpaces', true))
  .trim();

/** Only the digits 0-9. */
export const digitsOnlySchema = stringOf('validation.onlyNumbers')
  .min(1, fail('validation.required', true))
  .regex(/^\d+$/, fail('validation.onlyNumbers'));

// ---------------------------------------------------------------------------------------------------------
// Dates

const SHORT_DATE = /^[12]\d{3}-(?:0[1-9]|1[0-2])$/;
const LONG_DATE = /^([12]\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `YYYY-MM` with a year from 1000 to 2999, e.g. an experience's start month. */
export const shortDateSchema = stringOf('validation.invalidShortDate')
  .trim()
  .min(1, fail('validation.required', true))
  .regex(SHORT_DATE, fail('validation.invalidShortDate'));

/**
 * `YYYY-MM-DD` naming a real calendar day with a year from 1000 to 2999. Another shape (or a month 13, a day 32)
 * is 'Invalid date format'; the right shape on a day that does not exist ('2026-11-31') is 'Invalid date'.
 */
export const longDateSchema = stringOf('validation.invalidLongDate')
  .trim()
  .min(1, fail('validation.required', true))
  .refine((value) => LONG_DATE.test(value), fail('validation.invalidLongDate', true))
  .refine(isCalendarDay, fail('validation.invalidDate'));

function isCalendarDay(value: string): boolean {
  const match = LONG_DATE.exec(value);
  if (!match) return false;
  return isValidCalendarDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
}

// ---------------------------------------------------------------------------------------------------------
// Web and company identifiers

// Optional http(s) scheme, one or more domain labels, a 2-5 letter top level, optional port and path.
const WEBSITE =
  /^(?:https?:\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,5}(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** An optional website; '' and null mean "none". The output is trimmed. */
export const websiteSchema = stringOf('validation.invalidWebsite')
  .trim()
  .refine((value) => value === '' || WEBSITE.test(value), fail('validation.invalidWebsite'))
  .nullish();

const ORGANISATION_NUMBER = /^(?:\d{2})?\d{6}-?\d{4}$/;

/**
 * Whether `input` is a Swedish organisation number: `NNNNNN-NNNN`, optionally with two digits in front (a
 * century, or 16 for legal entities), hyphen optional, whose last digit is the Luhn check digit of the
 * nine before it (the same rule as personal identity numbers, which sole traders use).
 */
export function isValidOrganisationNumber(input: string): boolean {
  if (!ORGANISATION_NUMBER.test(input)) return false;
  const digits = input.replace('-', '').slice(-10);
  return calculateCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}

/** A Swedish organisation number by format and check digit ({@link isValidOrganisationNumber}); trimmed. */
export const organisationNumberSchema = stringOf('validation.invalidOrganisationNumber')
  .trim()
  .min(1, fail('validation.required', true))
  .refine(isValidOrganisationNumber, fail('validation.invalidOrganisationNumber'));

// ---------------------------------------------------------------------------------------------------------
// People

// Latin letters with any accents (precomposed or combining), space, apostrophes, comma, hyphen, period.
const NAME = /^[\p{Script=Latin}\p{M} ',.\-’]+$/u;

/** A person's first or last name, at most this long (the longest names in Sweden's register are about 60). */
export const PERSON_NAME_MAX_LENGTH = 100;

function createNameSchema(required: MessageCode) {
  return stringOf('validation.invalidInput', required)
    .min(1, fail(required, true))
    .max(PERSON_NAME_MAX_LENGTH, fail('validation.personNameTooLong', true))
    .refine(isNotOnlySpaces, fail('validation.onlySpaces', true))
    .regex(NAME, fail('validation.invalidInput'))
    .trim();
}

/** A person's name; the output is trimmed. */
export const nameSchema = createNameSchema('validation.required');
export const firstNameSchema = createNameSchema('validation.enterFirstName');
export const lastNameSchema = createNameSchema('validation.enterLastName');

const EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/;

const localPartOf = (email: string) => email.slice(0, email.lastIndexOf('@'));

/**
 * An e-mail address: local part (at most 64 characters), @, domain, a 2-6 letter top level; at most 254
 * characters in all. The output is trimmed.
 */
export const emailSchema = stringOf('validation.invalidEmail', 'validation.enterEmail')
  .trim()
  .min(1, fail('validation.enterEmail', true))
  .max(EMAIL_MAX_LENGTH, fail('validation.invalidEmail', true))
  .regex(EMAIL, fail('validation.invalidEmail', true))
  .refine(
    (email) => localPartOf(email).length <= EMAIL_LOCAL_PART_MAX_LENGTH,
    fail('validation.invalidEmail'),
  );

/** The contact form's looser e-mail check: something, @, something. */
export const contactEmailSchema = stringOf('validation.invalidEmail', 'validation.enterEmail')
  .trim()
  .min(1, fail('validation.enterEmail', true))
  .regex(/^[^\s@]+@[^\s@]+$/, fail('validation.invalidEmail'));

/** One or more e-mail addresses (inviting people, say). */
export const emailListSchema = z
  .array(emailSchema, { error: 'validation.enterEmails' satisfies MessageCode })
  .min(1, fail('validation.enterEmails'));

// Digit-like: digits plus the punctuation people type in phone numbers.
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
const PHONE_MIN_DIGITS = 5;

function isPhoneNumber(value: string): boolean {
  return PHONE_CHARACTERS.test(value) && value.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

/** The longest phone number taken, with its spaces, dashes and country code (E.164 has at most 15 digits). */
export const PHONE_MAX_LENGTH = 30;

/** A phone number with at least five digits. The output is trimmed. */
export const phoneSchema = stringOf('validation.phoneRequired', 'validation.phoneRequired')
  .trim()
  .max(PHONE_MAX_LENGTH, fail('validation.phoneTooLong', true))
  .refine(isPhoneNumber, fail('validation.phoneRequired'));

/**
 * A phone number that may be left out ('' or null); when given it must be a phone number. Being optional, it
 * never says 'Phone number is required': a wrong one gets 'Enter at least five digits, or leave it empty'.
 */
export const optionalPhoneSchema = stringOf('validation.invalidPhone')
  .trim()
  .max(PHONE_MAX_LENGTH, fail('validation.phoneTooLong', true))
  .refine((value) => value === '' || isPhoneNumber(value), fail('validation.invalidPhone'))
  .nullish();

// ---------------------------------------------------------------------------------------------------------
// Credentials and consent

/** A new password: 8 to 128 characters and no whitespace. Never trimmed. */
export const passwordSchema = stringOf('validation.invalidInput', 'validation.enterPassword')
  .min(1, fail('validation.enterPassword', true))
  .min(PASSWORD_MIN_LENGTH, fail('validation.passwordTooShort'))
  .max(PASSWORD_MAX_LENGTH, fail('validation.passwordTooLong'))
  .refine((value) => !/\s/.test(value), fail('validation.passwordContainsSpaces'));

/**
 * A password typed to log in or confirm: only its presence is checked, so a password set under older rules
 * still reaches the comparison.
 */
export const loginPasswordSchema = stringOf('validation.invalidInput', 'validation.enterPassword').min(
  1,
  fail('validation.enterPassword'),
);

/** A consent checkbox that must be ticked. */
export const consentSchema = z.literal(true, { error: 'validation.consentRequired' satisfies MessageCode });

/** The word typed to confirm account deletion, "delete" or "radera" (case and surrounding spaces ignored). */
export const deleteConfirmationSchema = stringOf(
  'validation.deleteConfirmationMismatch',
  'validation.deleteConfirmationMismatch',
)
  .trim()
  .refine(
    (value) => (Object.values(ACCOUNT_DELETION_CONFIRMATION_WORDS) as string[]).includes(value.toLowerCase()),
    fail('validation.deleteConfirmationMismatch'),
  );

// ---------------------------------------------------------------------------------------------------------
// Money and time

/** Whether a number has at most two decimals (öre of a krona, hundredths of an hour), within float error. */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An hourly fee in SEK, 0 to 100 000, to the öre (more decimals would be rounded away unseen). */
export const feeSchema = numberOf()
  .nonnegative(fail('validation.notNegative'))
  .max(FEE_MAX_SEK_PER_HOUR, fail('validation.feeTooHigh'))
  .refine(hasAtMostTwoDecimals, fail('validation.atMostTwoDecimals'));

/** An hourly overtime fee in SEK, 0 to 200 000, to the öre. */
export const overtimeFeeSchema = numberOf()
  .nonnegative(fail('validation.notNegative'))
  .max(OVERTIME_FEE_MAX_SEK_PER_HOUR, fail('validation.overtimeFeeTooHigh'))
  .refine(hasAtMostTwoDecimals, fail('validation.atMostTwoDecimals'));

/** Hours reported for one day, 0 to 24. */
export const hoursPerDaySchema = numberOf()
  .nonnegative(fail('validation.notNegative'))
  .max(REPORTED_HOURS_MAX_PER_DAY, fail('validation.tooManyHoursPerDay'));

/** Hours reported for one month, 0 to 744. */
export const hoursPerMonthSchema = numberOf()
  .nonnegative(fail('validation.notNegative'))
  .max(REPORTED_HOURS_MAX_PER_MONTH, fail('validation.tooManyHoursPerMonth'));

/** One time-report row: a day and the hours worked on it. */
export interface ReportedHoursEntry {
  /** `YYYY-MM-DD` */
  date: string;
  hours: number;
}

export interface ReportedHoursViolation {
  /** The entry that takes its day over the limit. */
  index: number;
  code: Extract<MessageCode, 'validation.tooManyHoursPerDay'>;
}

/**
 * The entries that push their day past 24 hours when the rows are added up in order. Several rows may share
 * a day (one per project), so the limit applies to the sum, not to single rows. Pass the rows already stored
 * for those days too, to judge new rows against them. The 744-hour month cap needs no check of its own
 * here: it is 24 hours times 31 days, so rows that respect the day cap always respect it; it matters for
 * monthly totals entered directly ({@link hoursPerMonthSchema}).
 */
export function findReportedHoursViolations(
  entries: readonly ReportedHoursEntry[],
): ReportedHoursViolation[] {
  const hoursByDay = new Map<string, number>();
  const violations: ReportedHoursViolation[] = [];
  entries.forEach(({ date, hours }, index) => {
    const dayTotal = (hoursByDay.get(date) ?? 0) + hours;
    hoursByDay.set(date, dayTotal);
    if (dayTotal > REPORTED_HOURS_MAX_PER_DAY)
      violations.push({ index, code: 'validation.tooManyHoursPerDay' });
  });
  return violations;
}

/**
 * A batch of time-report rows; issues point at the `hours` of the row that breaks a limit. The 24-hour cap
 * is judged on the day's sum only, so a single 25-hour row gets one message, not two.
 */
export const reportedHoursEntriesSchema = z
  .array(
    z.object(
      { date: longDateSchema, hours: numberOf().nonnegative(fail('validation.notNegative')) },
      { error: 'validation.invalidInput' satisfies MessageCode },
    ),
    { error: 'validation.invalidInput' satisfies MessageCode },
  )
  .superRefine((entries, context) => {
    // Zod still runs this after row issues; rows whose hours are not numbers count as zero here.
    const countable = entries.map(({ date, hours }) => ({
      date: String(date),
      hours: Number.isFinite(hours) ? hours : 0,
    }));
    for (const { index, code } of findReportedHoursViolations(countable)) {
      context.addIssue({ code: 'custom', message: code, path: [index, 'hours'] });
    }
  });

// ---------------------------------------------------------------------------------------------------------
// Search and lists

function createShortNameSchema(maxLength: number) {
  return stringOf('validation.invalidInput')
    .min(1, fail('validation.required', true))
    .refine(isNotOnlySpaces, fail('validation.onlySpaces', true))
    .trim()
    .max(maxLength, fail('validation.nameTooLong'));
}

/** A saved search's name: required, not only spaces, at most 30 characters once trimmed. */
export const savedSearchNameSchema = createShortNameSchema(SAVED_SEARCH_NAME_MAX_LENGTH);

/** A favourites list's name: required, not only spaces, at most 30 characters once trimmed. */
export const listNameSchema = createShortNameSchema(LIST_NAME_MAX_LENGTH);

/** The skills a consultant stars on the profile: at most 5. */
export const highlightedSkillsSchema = z
  .array(requiredTextSchema, { error: 'validation.invalidInput' satisfies MessageCode })
  .max(HIGHLIGHTED_SKILLS_MAX, fail('validation.tooManyHighlightedSkills'));

// ---------------------------------------------------------------------------------------------------------
// Forms

/**
 * The "let us help" contact form: details, name and e-mail required, phone optional, terms ticked. The
 * e-mail check is the contact form's looser one.
 */
export const contactInquirySchema = z.object(
  {
    name: requiredTextSchema.max(INQUIRY_NAME_MAX_LENGTH, fail('validation.maxLength')),
    email: contactEmailSchema,
    details: requiredTextSchema.max(INQUIRY_DETAILS_MAX_LENGTH, fail('validation.maxLength')),
    phone: optionalPhoneSchema,
    terms: consentSchema,
  },
  { error: 'validation.invalidInput' satisfies MessageCode },
);

export type ContactInquiry = z.infer<typeof contactInquirySchema>;
