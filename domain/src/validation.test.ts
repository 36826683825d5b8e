import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { REPORTED_HOURS_MAX_PER_MONTH } from './constants';
import { isMessageCode } from './messages';
import {
  consentSchema,
  contactEmailSchema,
  contactInquirySchema,
  deleteConfirmationSchema,
  digitsOnlySchema,
  emailListSchema,
  emailSchema,
  feeSchema,
  findReportedHoursViolations,
  firstNameSchema,
  highlightedSkillsSchema,
  hoursPerDaySchema,
  hoursPerMonthSchema,
  lastNameSchema,
  listNameSchema,
  loginPasswordSchema,
  longDateSchema,
  nameSchema,
  notOnlySpacesSchema,
  optionalPhoneSchema,
  organisationNumberSchema,
  overtimeFeeSchema,
  passwordSchema,
  phoneSchema,
  reportedHoursEntriesSchema,
  requiredStringSchema,
  requiredTextSchema,
  savedSearchNameSchema,
  shortDateSchema,
  websiteSchema,
} from './validation';
import { vatNumberSchema } from './vat-number';

/** The issue messages a schema produces for an input; [] when it is accepted. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function expectAccepted(schema: z.ZodType, inputs: unknown[]) {
  for (const input of inputs) expect(messagesOf(schema, input), JSON.stringify(input)).toEqual([]);
}

function expectRejected(schema: z.ZodType, inputs: unknown[], code: string) {
  for (const input of inputs) expect(messagesOf(schema, input), JSON.stringify(input)).toEqual([code]);
}

describe('requiredStringSchema', () => {
  it('accepts any non-empty string', () => expectAccepted(requiredStringSchema, ['a', ' ']));
  it('requires a value', () =>
    expectRejected(requiredStringSchema, [undefined, null, ''], 'validation.required'));
  it('rejects other types', () => expectRejected(requiredStringSchema, [1, {}], 'validation.invalidInput'));
});

describe('notOnlySpacesSchema', () => {
  it('accepts text and empty text', () => expectAccepted(notOnlySpacesSchema, ['', 'a', ' a ']));
  it('rejects spaces only', () =>
    expectRejected(notOnlySpacesSchema, [' ', '   ', '\t \n'], 'validation.onlySpaces'));
});

describe('requiredTextSchema', () => {
  it('trims', () =>
    expect(requiredTextSchema.parse('  Need a Java developer ')).toBe('Need a Java developer'));
  it('requires a value', () => expectRejected(requiredTextSchema, [undefined, ''], 'validation.required'));
  it('rejects spaces only with one message', () =>
    expectRejected(requiredTextSchema, ['   '], 'validation.onlySpaces'));
});

describe('digitsOnlySchema', () => {
  it('accepts digits', () => expectAccepted(digitsOnlySchema, ['0', '0123456789']));
  it('rejects anything else', () =>
    expectRejected(digitsOnlySchema, ['12a', '1 2', '-1', '1.5', '１２', 12], 'validation.onlyNumbers'));
  it('requires a value', () => expectRejected(digitsOnlySchema, [undefined, ''], 'validation.required'));
});

describe('shortDateSchema', () => {
  it('accepts YYYY-MM with a year starting with 1 or 2', () =>
    expectAccepted(shortDateSchema, ['2024-01', '1999-12', '1000-06', '2999-09', ' 2024-05 ']));
  it('rejects other shapes', () =>
    expectRejected(
      shortDateSchema,
      [
        '2024-13',
        '2024-00',
        '2024-1',
        '24-01',
        '3024-01',
        '0999-01',
        '2024/01',
        '2024-01-01',
        'januari',
        202401,
      ],
      'validation.invalidShortDate',
    ));
  it('requires a value', () =>
    expectRejected(shortDateSchema, [undefined, null, '', '  '], 'validation.required'));
});

describe('longDateSchema', () => {
  it('accepts real days', () =>
    expectAccepted(longDateSchema, ['2024-02-29', '2000-02-29', '1999-12-31', '2024-04-30']));
  it('says a day that does not exist is an invalid date, not a wrong format', () =>
    expectRejected(
      longDateSchema,
      ['2023-02-29', '1900-02-29', '2024-04-31', '2026-11-31'],
      'validation.invalidDate',
    ));
  it('rejects other shapes as a wrong format', () =>
    expectRejected(
      longDateSchema,
      ['2024-13-01', '2024-00-10', '2024-01-00', '2024-1-1', '3024-01-01'],
      'validation.invalidLongDate',
    ));
  it('requires a value', () => expectRejected(longDateSchema, [undefined, ''], 'validation.required'));
});

describe('websiteSchema', () => {
  it('is optional', () => expectAccepted(websiteSchema, [undefined, null, '', '  ']));
  it('accepts URL-like addresses', () =>
    expectAccepted(websiteSchema, [
      'example.se',
      'www.example.com',
      'http://example.com',
      'https://sub.domain.example.co.uk/path/to?x=1#top',
      'https://example.com:8443/',
      'EXAMPLE.COM',
      'my-company.io',
      'konsultbolaget.nu/om-oss',
      'https://www.räksmörgås.se',
      'example.store',
    ]));
  it('rejects anything else', () =>
    expectRejected(
      websiteSchema,
      [
        'example',
        'localhost:3000',
        'example.c',
        'example.museums',
        'ftp://example.com',
        'http//example.com',
        'exa mple.com',
        '-example.com',
        'example.com:port',
        'https://',
        'example.123',
        42,
      ],
      'validation.invalidWebsite',
    ));
  it('trims', () => expect(websiteSchema.parse(' example.se ')).toBe('example.se'));
});

describe('organisationNumberSchema', () => {
  it('accepts 10 or 12 digits with an optional hyphen before the last four', () =>
    expectAccepted(organisationNumberSchema, ['556677-8899', '5566778899', '16556677-8899', '165566778899']));
  it('rejects other shapes', () =>
    expectRejected(
      organisationNumberSchema,
      [
        '55667-8899',
        '556677-889',
        '55667788990',
        '5566-778899',
        '556677 8899',
        'SE5566778899',
        '556677–8899',
        '556677-8898',
        '165566778890',
      ],
      'validation.invalidOrganisationNumber',
    ));
  it('requires a value', () =>
    expectRejected(organisationNumberSchema, [undefined, ''], 'validation.required'));
});

describe('vatNumberSchema', () => {
  it('accepts Swedish numbers with and without prefix and normalises them', () => {
    expect(vatNumberSchema.parse('SE556677889901')).toBe('SE556677889901');
    expect(vatNumberSchema.parse('556677889901')).toBe('556677889901');
    expect(vatNumberSchema.parse(' se 5566 7788 9901 ')).toBe('SE556677889901');
  });
  it('rejects malformed numbers', () =>
    expectRejected(
      vatNumberSchema,
      ['SE5566778899', 'SE55667788990', 'SE556677889801', 'XX123', 'hello'],
      'validation.invalidVatNumber',
    ));
  it('requires a value', () => expectRejected(vatNumberSchema, [undefined, ''], 'validation.required'));
});

describe('name schemas', () => {
  it('accept Latin letters with accents, spaces, apostrophes, commas, hyphens and periods', () =>
    expectAccepted(nameSchema, [
      'Anna',
      'Åsa-Lena',
      'Björn Östlund',
      "O'Brien",
      'O’Brien',
      'Martin Luther King, Jr.',
      'José María',
      'Zoë Łukasiewicz',
      'Søren Ærø',
      'Dvořák',
      'Sjöstrand'.normalize('NFD'),
    ]));
  it('reject digits, symbols and other scripts', () =>
    expectRejected(
      nameSchema,
      ['Anna1', 'Anna!', 'anna@example.com', 'Иван', '李', 'Anna_B', 'Anna 😀'],
      'validation.invalidInput',
    ));
  it('reject spaces only', () => expectRejected(nameSchema, ['   '], 'validation.onlySpaces'));
  it('take at most 100 characters', () => {
    expectAccepted(firstNameSchema, ['Å'.repeat(100)]);
    expectRejected(firstNameSchema, ['Å'.repeat(101), 'å'.repeat(200_000)], 'validation.personNameTooLong');
    expectRejected(lastNameSchema, ['Ö'.repeat(101)], 'validation.personNameTooLong');
  });
  it('trim', () => expect(nameSchema.parse(' Anna ')).toBe('Anna'));
  it('use the field-specific required message', () => {
    expectRejected(nameSchema, [undefined, ''], 'validation.required');
    expectRejected(firstNameSchema, [undefined, ''], 'validation.enterFirstName');
    expectRejected(lastNameSchema, [undefined, ''], 'validation.enterLastName');
  });
});

describe('emailSchema', () => {
  it('accepts ordinary addresses', () =>
    expectAccepted(emailSchema, [
      'anna@example.se',
      'anna.svensson+cv@sub.example.co.uk',
      'A_B%C-D@EXAMPLE.COM',
      'x@y.museum',
      ' anna@example.se ',
    ]));
  it('rejects malformed addresses', () =>
    expectRejected(
      emailSchema,
      [
        'anna',
        'anna@',
        '@example.se',
        'anna@example',
        'anna@example.s',
        'anna@example.abcdefg',
        'anna@@example.se',
        'an na@example.se',
        '.anna@example.se',
        'anna.@example.se',
        'an..na@example.se',
        'anna@-example.se',
        'anna@example..se',
        'anna@example.se1',
      ],
      'validation.invalidEmail',
    ));
  it('asks for an e-mail when empty', () =>
    expectRejected(emailSchema, [undefined, null, '', '  '], 'validation.enterEmail'));
  it('trims', () => expect(emailSchema.parse(' anna@example.se ')).toBe('anna@example.se'));

  // RFC 5321: a local part of at most 64 characters, an address of at most 254. QA's 262-character address
  // passed and the mail server refused it (a 500 at first setup).
  /** A domain of exactly `length` characters: labels of up to 60 letters under `.se`. */
  const domainOf = (length: number) => {
    let domain = 'se';
    while (domain.length < length)
      domain = `${'d'.repeat(Math.min(60, length - domain.length - 1))}.${domain}`;
    return domain;
  };
  it('accepts a 64-character local part and a 254-character address', () => {
    const longest = `${'a'.repeat(64)}@${domainOf(189)}`;
    expect(longest).toHaveLength(254);
    expectAccepted(emailSchema, [`${'a'.repeat(64)}@example.se`, longest]);
  });
  it('refuses a longer local part or address with one message', () => {
    for (const email of [
      `${'a'.repeat(65)}@example.se`,
      `${'a'.repeat(250)}@example.com`,
      `${'a'.repeat(64)}@${domainOf(190)}`,
    ]) {
      expect(messagesOf(emailSchema, email), email).toEqual(['validation.invalidEmail']);
    }
  });
});

describe('contactEmailSchema', () => {
  it('only needs something@something', () =>
    expectAccepted(contactEmailSchema, ['a@b', 'anna@example', 'x@y.z']));
  it('rejects addresses without an at sign between two parts', () =>
    expectRejected(contactEmailSchema, ['anna', '@b', 'a@', 'a b@c', 'a@b@c'], 'validation.invalidEmail'));
  it('asks for an e-mail when empty', () =>
    expectRejected(contactEmailSchema, [undefined, ''], 'validation.enterEmail'));
});

describe('emailListSchema', () => {
  it('accepts one or more valid addresses', () =>
    expectAccepted(emailListSchema, [['anna@example.se'], ['anna@example.se', 'bo@example.com']]));
  it('asks for addresses when there are none', () =>
    expectRejected(emailListSchema, [undefined, [], 'anna@example.se'], 'validation.enterEmails'));
  it('points at the invalid address', () => {
    const issues = emailListSchema.safeParse(['anna@example.se', 'nope']).error?.issues;
    expect(issues).toMatchObject([{ path: [1], message: 'validation.invalidEmail' }]);
  });
});

describe('phoneSchema', () => {
  it('accepts at least five digits with the usual punctuation', () =>
    expectAccepted(phoneSchema, [
      '12345',
      '070-123 45 67',
      '+46 70 123 45 67',
      '(08) 123 456',
      '08.123.456',
    ]));
  it('rejects everything else with the spec message', () =>
    expectRejected(
      phoneSchema,
      [undefined, null, '', '   ', '1234', '12 34', '+46', 'call me', '070-123 45 67 ext', '++4670123'],
      'validation.phoneRequired',
    ));
  it('takes at most 30 characters', () => {
    expectAccepted(phoneSchema, ['+46 (0)70-123 45 67 890 12 345']);
    expectRejected(phoneSchema, ['1'.repeat(31), '1'.repeat(200_000)], 'validation.phoneTooLong');
    expectRejected(optionalPhoneSchema, ['1'.repeat(31)], 'validation.phoneTooLong');
  });
});

describe('optionalPhoneSchema', () => {
  it('accepts nothing or a phone number', () =>
    expectAccepted(optionalPhoneSchema, [undefined, null, '', '070-1234567']));
  // QA5 F12: the optional field said 'Phone number is required' for "12".
  it('rejects a non-number with a message that does not call the field required', () =>
    expectRejected(optionalPhoneSchema, ['12', '1234', 'abcde', 12], 'validation.invalidPhone'));
});

describe('passwordSchema', () => {
  it('accepts 8 to 128 characters without spaces', () =>
    expectAccepted(passwordSchema, ['12345678', 'lösenord!', 'x'.repeat(128), 'å'.repeat(128)]));
  it('rejects passwords over 128 characters', () =>
    expectRejected(passwordSchema, ['x'.repeat(129), 'x'.repeat(100_000)], 'validation.passwordTooLong'));
  it('asks for a password when empty', () =>
    expectRejected(passwordSchema, [undefined, ''], 'validation.enterPassword'));
  it('rejects short passwords', () =>
    expectRejected(passwordSchema, ['1234567', 'a'], 'validation.passwordTooShort'));
  it('rejects spaces anywhere', () =>
    expectRejected(
      passwordSchema,
      ['correct horse', ' 12345678', '12345678\t'],
      'validation.passwordContainsSpaces',
    ));
  it('reports both problems of a short password with a space', () =>
    expect(messagesOf(passwordSchema, 'a b')).toEqual([
      'validation.passwordTooShort',
      'validation.passwordContainsSpaces',
    ]));
  it('never trims', () => expect(passwordSchema.safeParse(' 12345678').success).toBe(false));
});

describe('loginPasswordSchema', () => {
  it('only checks presence', () => {
    expectAccepted(loginPasswordSchema, ['a', 'old pass', 'x'.repeat(300)]);
    expectRejected(loginPasswordSchema, [undefined, ''], 'validation.enterPassword');
  });
});

describe('consentSchema', () => {
  it('requires a ticked box', () => {
    expectAccepted(consentSchema, [true]);
    expectRejected(consentSchema, [false, undefined, 'true', 1], 'validation.consentRequired');
  });
});

describe('deleteConfirmationSchema', () => {
  it('accepts the word delete, or radera in Swedish, ignoring case and surrounding spaces', () =>
    expectAccepted(deleteConfirmationSchema, ['delete', ' DELETE ', 'Delete', 'radera', ' Radera ']));
  it('rejects anything else', () =>
    expectRejected(
      deleteConfirmationSchema,
      [undefined, '', 'delet', 'rader', 'ta bort', 'delete me'],
      'validation.deleteConfirmationMismatch',
    ));
});

describe('fees', () => {
  it('accept 0 to 100 000 SEK per hour', () => expectAccepted(feeSchema, [0, 850, 1250.5, 100_000]));
  it('cap the fee', () => expectRejected(feeSchema, [100_000.01, 1_000_000], 'validation.feeTooHigh'));
  it('accept overtime up to 200 000 SEK per hour', () =>
    expectAccepted(overtimeFeeSchema, [0, 150_000, 200_000]));
  it('cap the overtime fee', () =>
    expectRejected(overtimeFeeSchema, [200_001], 'validation.overtimeFeeTooHigh'));
  it('reject negative amounts', () => {
    expectRejected(feeSchema, [-1], 'validation.notNegative');
    expectRejected(overtimeFeeSchema, [-0.5], 'validation.notNegative');
  });
  it('reject non-numbers', () => expectRejected(feeSchema, ['850', NaN, Infinity], 'validation.onlyNumbers'));
  it('require a value', () => expectRejected(feeSchema, [undefined, null], 'validation.required'));
});

describe('hours', () => {
  it('accept up to 24 per day', () => expectAccepted(hoursPerDaySchema, [0, 7.5, 24]));
  it('cap a day at 24', () =>
    expectRejected(hoursPerDaySchema, [24.25, 25], 'validation.tooManyHoursPerDay'));
  it('accept up to 744 per month', () => expectAccepted(hoursPerMonthSchema, [0, 160, 744]));
  it('cap a month at 744', () =>
    expectRejected(hoursPerMonthSchema, [744.5], 'validation.tooManyHoursPerMonth'));
  it('reject negative hours', () => expectRejected(hoursPerDaySchema, [-1], 'validation.notNegative'));
});

describe('findReportedHoursViolations', () => {
  it('adds up rows of the same day', () => {
    expect(
      findReportedHoursViolations([
        { date: '2024-05-02', hours: 8 },
        { date: '2024-05-02', hours: 10 },
        { date: '2024-05-03', hours: 10 },
        { date: '2024-05-02', hours: 7 },
      ]),
    ).toEqual([{ index: 3, code: 'validation.tooManyHoursPerDay' }]);
  });

  it('allows exactly 24 hours on every day of a month, which is the 744-hour month cap', () => {
    const fullMonth = Array.from({ length: 31 }, (_, day) => ({
      date: `2024-05-${String(day + 1).padStart(2, '0')}`,
      hours: 24,
    }));
    expect(findReportedHoursViolations(fullMonth)).toEqual([]);
    expect(fullMonth.reduce((sum, row) => sum + row.hours, 0)).toBe(REPORTED_HOURS_MAX_PER_MONTH);
    expect(findReportedHoursViolations([...fullMonth, { date: '2024-05-31', hours: 0.25 }])).toEqual([
      { index: 31, code: 'validation.tooManyHoursPerDay' },
    ]);
  });

  it('reports every row that keeps a day over the limit, and keeps days apart', () => {
    expect(
      findReportedHoursViolations([
        { date: '2024-05-02', hours: 25 },
        { date: '2024-05-03', hours: 24 },
        { date: '2024-05-02', hours: 1 },
      ]),
    ).toEqual([
      { index: 0, code: 'validation.tooManyHoursPerDay' },
      { index: 2, code: 'validation.tooManyHoursPerDay' },
    ]);
  });
});

describe('reportedHoursEntriesSchema', () => {
  it('points at the hours of the offending row', () => {
    const result = reportedHoursEntriesSchema.safeParse([
      { date: '2024-05-02', hours: 20 },
      { date: '2024-05-02', hours: 5 },
    ]);
    expect(result.error?.issues).toMatchObject([
      { path: [1, 'hours'], message: 'validation.tooManyHoursPerDay' },
    ]);
  });

  it('validates each row', () => {
    const result = reportedHoursEntriesSchema.safeParse([{ date: '2024-02-30', hours: 25 }]);
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual([
      'validation.invalidDate',
      'validation.tooManyHoursPerDay',
    ]);
  });
});

describe('saved-search and list names', () => {
  for (const [label, schema] of [
    ['savedSearchNameSchema', savedSearchNameSchema],
    ['listNameSchema', listNameSchema],
  ] as const) {
    describe(label, () => {
      it('accepts up to 30 characters and trims', () => {
        expectAccepted(schema, ['Java i Göteborg', 'x'.repeat(30), ` ${'x'.repeat(30)} `]);
        expect(schema.parse('  Favoriter  ')).toBe('Favoriter');
      });
      it('requires a name', () => expectRejected(schema, [undefined, null, ''], 'validation.required'));
      it('rejects spaces only', () => expectRejected(schema, [' ', '    '], 'validation.onlySpaces'));
      it('rejects more than 30 characters', () =>
        expectRejected(schema, ['x'.repeat(31)], 'validation.nameTooLong'));
    });
  }
});

describe('highlightedSkillsSchema', () => {
  it('accepts up to five skills', () =>
    expectAccepted(highlightedSkillsSchema, [[], ['Java'], ['Java', 'Kotlin', 'SQL', 'Docker', 'AWS']]));
  it('rejects a sixth', () =>
    expectRejected(
      highlightedSkillsSchema,
      [['a', 'b', 'c', 'd', 'e', 'f']],
      'validation.tooManyHighlightedSkills',
    ));
  it('rejects blank skills', () =>
    expectRejected(highlightedSkillsSchema, [['Java', ' ']], 'validation.onlySpaces'));
});

describe('contactInquirySchema', () => {
  const valid = { name: 'Anna', email: 'anna@example', details: 'We need two testers', terms: true };

  it('accepts a minimal inquiry and an inquiry with phone', () => {
    expectAccepted(contactInquirySchema, [
      valid,
      { ...valid, phone: '' },
      { ...valid, phone: '070-123 45 67' },
    ]);
  });

  it('reports every missing field with its own code', () => {
    const issues = contactInquirySchema.safeParse({}).error?.issues ?? [];
    expect(Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      name: 'validation.required',
      email: 'validation.enterEmail',
      details: 'validation.required',
      terms: 'validation.consentRequired',
    });
  });
});

describe('every schema', () => {
  it('only ever reports known message codes', () => {
    const samples: Array<[z.ZodType, unknown[]]> = [
      [emailSchema, [1, {}, [], 'x']],
      [websiteSchema, [1, 'x']],
      [feeSchema, ['x', {}, -1]],
      [highlightedSkillsSchema, ['x', [1], Array(6).fill('a')]],
      [contactInquirySchema, [null, 'x', { terms: 'yes' }]],
      [reportedHoursEntriesSchema, [null, [{}], [{ date: 1, hours: 'x' }]]],
      [savedSearchNameSchema, [1, {}]],
      [phoneSchema, [1]],
    ];
    for (const [schema, inputs] of samples) {
      for (const input of inputs) {
        for (const message of messagesOf(schema, input)) expect(isMessageCode(message), message).toBe(true);
      }
    }
  });
});
