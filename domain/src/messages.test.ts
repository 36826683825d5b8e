import { describe, expect, it } from 'vitest';
import {
  FEE_MAX_SEK_PER_HOUR,
  HIGHLIGHTED_SKILLS_MAX,
  LIST_NAME_MAX_LENGTH,
  LOGIN_RATE_LIMIT_WAIT_SECONDS,
  MINIMUM_AGE_YEARS,
  OVERTIME_FEE_MAX_SEK_PER_HOUR,
  PASSWORD_MIN_LENGTH,
  PRICE_MAX_SEK,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_YEAR_MIN,
  REPORTED_HOURS_MAX_PER_DAY,
  REPORTED_HOURS_MAX_PER_MONTH,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SKILL_YEARS_OF_EXPERIENCE_MAX,
} from './constants';
import { LOCALES } from './locale';
import { isMessageCode, MESSAGE_CODES, MESSAGES, translateMessage, type MessageCode } from './messages';

// The English wording the spec quotes (sections 5 and 8), which must be reproduced character for character.
const SPEC_WORDING: Partial<Record<MessageCode, string>> = {
  'validation.invalidShortDate': 'Invalid date format. Should be YYYY-MM',
  'validation.invalidWebsite': 'Invalid website format',
  'validation.invalidOrganisationNumber': 'Invalid organisation number',
  'validation.invalidVatNumber': 'Invalid VAT Number',
  'validation.invalidInput': 'Invalid input',
  'validation.invalidEmail': 'Invalid e-mail',
  'validation.required': 'Field is required',
  'validation.enterEmail': 'Enter an email',
  'validation.enterEmails': 'Enter email addresses',
  'validation.enterPassword': 'Enter a password',
  'validation.enterFirstName': 'Enter first name',
  'validation.enterLastName': 'Enter last name',
  'validation.enterNationalIdentityNumber': 'Enter your national identity number',
  'validation.nationalIdentityNumberLength': 'National Security Number must be 12 characters long',
  'validation.phoneRequired': 'Phone number is required',
  'validation.onlyNumbers': 'Only numbers allowed',
  'validation.passwordContainsSpaces': "Passwords can't include spaces",
  'validation.consentRequired': 'You must agree to continue',
  'validation.tooManyHoursPerDay': 'Cannot report more than 24 hours per day',
  'validation.onlySpaces': 'Cannot contain only spaces',
  'error.generic': 'Whoops! Something went wrong. Please try again',
  'error.bankIdFailed': 'BankID authentication failed, Please try again',
  'error.tooManyLoginAttempts': 'Too many login attempts, please wait 30 seconds.',
  'error.termsAlreadyAccepted': 'Terms already accepted',
  'success.searchSaved': 'Your search was saved',
  'success.searchDeleted': 'Your search was successfully deleted',
  'success.listDeleted': 'List successfully deleted!',
  'error.sessionExpired': 'Session has expired. Please login again',
  'error.invalidToken': 'Missing or invalid token.',
  'error.accessRestricted': 'Access restricted',
  'error.accessRestrictedInvalidToken': 'Access restricted: no or invalid token',
  'error.profileLoadFailed': 'Something went wrong loading the profile, try again later',
  'error.profileNotAvailable': 'Profile not available',
  'error.profileNoLongerExists': 'Profile no longer exists',
  'error.emailChangeFailed': 'Unable to change e-mail, please try again later.',
  'error.noMatchingConsultant': 'No matching consultant found',
  'error.unauthorized': 'Unauthorized',
  'error.forbidden': 'Forbidden',
  'error.notFound': 'Not found',
};

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

describe('the message catalogue', () => {
  it.each(MESSAGE_CODES)('has non-empty Swedish and English text for %s', (code) => {
    for (const locale of LOCALES) {
      expect(MESSAGES[code][locale].trim()).not.toBe('');
    }
  });

  it.each(Object.entries(SPEC_WORDING))('reproduces the spec wording of %s exactly', (code, wording) => {
    expect(isMessageCode(code)).toBe(true);
    expect(MESSAGES[code as MessageCode].en).toBe(wording);
  });

  it.each(MESSAGE_CODES)('uses the same placeholders in both languages for %s', (code) => {
    expect(placeholdersOf(MESSAGES[code].sv)).toEqual(placeholdersOf(MESSAGES[code].en));
  });

  it('uses codes shaped <group>.<name>', () => {
    // `bankid`: what the BankID app shows the user while they sign (neither an error nor a success).
    // `status`: a status's wording inside another message.
    for (const code of MESSAGE_CODES) {
      expect(code).toMatch(/^(validation|error|success|bankid|status)\.[a-z][A-Za-z]+$/);
    }
  });

  it('has a Swedish text of its own for every message (no untranslated English)', () => {
    const text = (code: MessageCode, locale: 'sv' | 'en'): string => MESSAGES[code][locale];
    const sameInBothLanguages = MESSAGE_CODES.filter((code) => text(code, 'sv') === text(code, 'en'));
    expect(sameInBothLanguages).toEqual([]);
  });

  it('states the same limits as the business constants', () => {
    // Texts carry their numbers literally (codes travel without parameters), so pin them to the constants.
    const swedishThousands = (value: number) => value.toLocaleString('en-US').replaceAll(',', ' ');
    const cases: Array<[MessageCode, number]> = [
      ['validation.passwordTooShort', PASSWORD_MIN_LENGTH],
      ['validation.tooManyHoursPerDay', REPORTED_HOURS_MAX_PER_DAY],
      ['validation.tooManyHoursPerMonth', REPORTED_HOURS_MAX_PER_MONTH],
      ['validation.nameTooLong', SAVED_SEARCH_NAME_MAX_LENGTH],
      ['validation.nameTooLong', LIST_NAME_MAX_LENGTH],
      ['validation.tooManyHighlightedSkills', HIGHLIGHTED_SKILLS_MAX],
      ['validation.tooManyYearsOfExperience', SKILL_YEARS_OF_EXPERIENCE_MAX],
      ['validation.lastUsedYearOutOfRange', PROFILE_YEAR_MIN],
      ['validation.underMinimumAge', MINIMUM_AGE_YEARS],
      ['validation.fileTooLarge', PROFILE_PICTURE_MAX_BYTES / 1024 / 1024],
      ['error.tooManyLoginAttempts', LOGIN_RATE_LIMIT_WAIT_SECONDS],
    ];
    for (const [code, limit] of cases) {
      expect(MESSAGES[code].en).toContain(String(limit));
      expect(MESSAGES[code].sv).toContain(String(limit));
    }
    expect(MESSAGES['validation.feeTooHigh'].en).toContain(FEE_MAX_SEK_PER_HOUR.toLocaleString('en-US'));
    expect(MESSAGES['validation.feeTooHigh'].sv).toContain(swedishThousands(FEE_MAX_SEK_PER_HOUR));
    expect(MESSAGES['validation.priceTooHigh'].en).toContain(PRICE_MAX_SEK.toLocaleString('en-US'));
    expect(MESSAGES['validation.priceTooHigh'].sv).toContain(swedishThousands(PRICE_MAX_SEK));
    expect(MESSAGES['validation.overtimeFeeTooHigh'].en).toContain(
      OVERTIME_FEE_MAX_SEK_PER_HOUR.toLocaleString('en-US'),
    );
    expect(MESSAGES['validation.overtimeFeeTooHigh'].sv).toContain(
      swedishThousands(OVERTIME_FEE_MAX_SEK_PER_HOUR),
    );
  });
});

describe('isMessageCode', () => {
  it('knows the catalogue and nothing else', () => {
    expect(isMessageCode('validation.required')).toBe(true);
    expect(isMessageCode('validation.nope')).toBe(false);
    expect(isMessageCode('toString')).toBe(false);
    expect(isMessageCode(42)).toBe(false);
  });
});

describe('translateMessage', () => {
  it('returns the text in the requested language', () => {
    expect(translateMessage('validation.required', 'en')).toBe('Field is required');
    expect(translateMessage('validation.required', 'sv')).toBe('Fältet är obligatoriskt');
  });

  it('fills placeholders', () => {
    expect(translateMessage('validation.maxLength', 'en', { max: 200 })).toBe(
      'Cannot be longer than 200 characters',
    );
    expect(translateMessage('validation.maxLength', 'sv', { max: '200' })).toBe(
      'Får inte vara längre än 200 tecken',
    );
  });

  it('leaves a placeholder without a value visible', () => {
    expect(translateMessage('validation.maxLength', 'en')).toBe('Cannot be longer than {max} characters');
    expect(translateMessage('validation.maxLength', 'en', { min: 1 })).toBe(
      'Cannot be longer than {max} characters',
    );
  });

  it('fills a placeholder with another message in the same language', () => {
    const params = {
      from: { message: 'status.contractIsSigned' },
      to: { message: 'status.contractBecomeSent' },
    } as const;
    expect(translateMessage('error.contractStatusConflict', 'en', params)).toBe(
      'The contract has been signed and can no longer be sent for signing',
    );
    expect(translateMessage('error.contractStatusConflict', 'sv', params)).toBe(
      'Avtalet har undertecknats och kan inte längre skickas för underskrift',
    );
  });

  it('writes a day as the language writes dates, not as YYYY-MM-DD', () => {
    const params = { date: { day: '2026-11-28' } } as const;
    expect(translateMessage('error.assignmentTimeAfterEnd', 'en', params)).toBe(
      'Time is reported up to 28 November 2026. The assignment cannot end before that day',
    );
    expect(translateMessage('error.assignmentTimeAfterEnd', 'sv', params)).toBe(
      'Det finns tid rapporterad till och med 28 november 2026. Uppdraget kan inte sluta före den dagen',
    );
    // Something that is not a day is shown as it is rather than as a wrong date.
    expect(translateMessage('error.assignmentEnded', 'en', { date: { day: '2026-02-30' } })).toContain(
      'is 2026-02-30.',
    );
  });

  it('ignores parameters a text has no placeholder for', () => {
    expect(translateMessage('error.notFound', 'en', { id: 'x' })).toBe('Not found');
  });
});
