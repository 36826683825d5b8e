import { describe, expect, it } from 'vitest';
import {
  ageOn,
  calculateCheckDigit,
  createPersonalIdentityNumberSchema,
  maskPersonalIdentityNumber,
  parsePersonalIdentityNumber,
} from './personal-identity-number';

// Check digits are computed here with a textbook Luhn (from the right, doubling every second digit, over the
// ten-digit form) independent of the implementation under test, so no real person's number is needed.
function luhnCheckDigit(payload: string): number {
  let sum = 0;
  [...payload].reverse().forEach((character, position) => {
    const doubled = Number(character) * (position % 2 === 0 ? 2 : 1);
    sum += Math.floor(doubled / 10) + (doubled % 10);
  });
  return (10 - (sum % 10)) % 10;
}

/** A valid 12-digit number for a date (YYYYMMDD, day + 60 for coordination numbers) and serial. */
function buildPin(yyyymmdd: string, serial = '123'): string {
  const payload = `${yyyymmdd.slice(2)}${serial}`;
  return `${yyyymmdd}${serial}${luhnCheckDigit(payload)}`;
}

/** The same number with its check digit changed. */
function breakCheckDigit(pin: string): string {
  return `${pin.slice(0, 11)}${(Number(pin[11]) + 1) % 10}`;
}

const TODAY = new Date('2024-06-15T10:00:00Z');

describe('the test helper', () => {
  it('reproduces the check digit of the tax agency example number 811218-9876', () => {
    expect(luhnCheckDigit('811218987')).toBe(6);
    expect(buildPin('19811218', '987')).toBe('198112189876');
  });
});

describe('calculateCheckDigit', () => {
  it.each(['811218987', '900101123', '000229001', '991231999', '121212121', '000000000'])(
    'agrees with an independent Luhn for %s',
    (payload) => {
      expect(calculateCheckDigit(payload)).toBe(luhnCheckDigit(payload));
    },
  );

  it.each(['', '12345678', '1234567890', '12345678a'])('refuses %j, which is not nine digits', (payload) => {
    expect(() => calculateCheckDigit(payload)).toThrow(RangeError);
  });
});

describe('parsePersonalIdentityNumber', () => {
  it('accepts a valid number and reads its date of birth', () => {
    expect(parsePersonalIdentityNumber('198112189876', TODAY)).toEqual({
      ok: true,
      value: '198112189876',
      birthDate: '1981-12-18',
      isCoordinationNumber: false,
    });
  });

  it.each(['19811218-9876', '19811218+9876', '  198112189876  ', ' 19811218-9876\n'])(
    'normalises %j to 12 digits',
    (input) => {
      const parsed = parsePersonalIdentityNumber(input, TODAY);
      expect(parsed).toMatchObject({ ok: true, value: '198112189876' });
    },
  );

  it('accepts a coordination number and reports the real day of birth', () => {
    const pin = buildPin('19811278', '456');
    expect(parsePersonalIdentityNumber(pin, TODAY)).toEqual({
      ok: true,
      value: pin,
      birthDate: '1981-12-18',
      isCoordinationNumber: true,
    });
  });

  it('accepts 29 February in a leap year, also as a coordination number', () => {
    expect(parsePersonalIdentityNumber(buildPin('20000229'), TODAY)).toMatchObject({
      ok: true,
      birthDate: '2000-02-29',
    });
    expect(parsePersonalIdentityNumber(buildPin('20000289'), TODAY)).toMatchObject({
      ok: true,
      birthDate: '2000-02-29',
      isCoordinationNumber: true,
    });
  });

  it.each([undefined, null, '', '   '])('asks for the number when given %j', (input) => {
    expect(parsePersonalIdentityNumber(input, TODAY)).toEqual({
      ok: false,
      code: 'validation.enterNationalIdentityNumber',
    });
  });

  it.each([
    '19811218987X',
    '1981-12-18-9876',
    '19811218 9876',
    '19811218--9876',
    '1981121-89876',
    'ÅÄÖ',
    '１９８１１２１８９８７６',
  ])('rejects %j for containing something other than digits', (input) => {
    expect(parsePersonalIdentityNumber(input, TODAY)).toEqual({
      ok: false,
      code: 'validation.nationalIdentityNumberDigits',
    });
  });

  it.each(['8112189876', '811218-9876', '1981121898', '1981121898760', '19811218-98760', '1'])(
    'rejects %j for not having 12 digits',
    (input) => {
      expect(parsePersonalIdentityNumber(input, TODAY)).toEqual({
        ok: false,
        code: 'validation.nationalIdentityNumberLength',
      });
    },
  );

  it.each([
    ['month 13', '19811318'],
    ['month 00', '19810018'],
    ['day 00', '19811200'],
    ['day 32', '19811232'],
    ['31 April', '19810431'],
    ['29 February in a common year', '19810229'],
    ['29 February 1900 (not a leap year)', '19000229'],
    ['day 60, which is neither a day nor a coordination day', '19811260'],
    ['coordination day 92 (day 32)', '19811292'],
    ['a birth date after today', '20240616'],
  ])('rejects a number whose date is invalid: %s', (_case, yyyymmdd) => {
    expect(parsePersonalIdentityNumber(buildPin(yyyymmdd), TODAY)).toEqual({
      ok: false,
      code: 'validation.nationalIdentityNumberDate',
    });
  });

  it('rejects every wrong check digit', () => {
    const valid = '198112189876';
    for (let digit = 0; digit <= 9; digit += 1) {
      if (digit === 6) continue;
      expect(parsePersonalIdentityNumber(`${valid.slice(0, 11)}${digit}`, TODAY)).toEqual({
        ok: false,
        code: 'validation.nationalIdentityNumberChecksum',
      });
    }
  });

  it('rejects a coordination number with a wrong check digit', () => {
    expect(parsePersonalIdentityNumber(breakCheckDigit(buildPin('19811278')), TODAY)).toMatchObject({
      code: 'validation.nationalIdentityNumberChecksum',
    });
  });

  it('computes the check digit over the last ten digits only, ignoring the century', () => {
    // Same YYMMDDNNN, different century: the check digit must not change.
    const twentieth = buildPin('19050505', '321');
    const twentyFirst = `20${twentieth.slice(2)}`;
    expect(parsePersonalIdentityNumber(twentieth, TODAY)).toMatchObject({ ok: true });
    expect(parsePersonalIdentityNumber(twentyFirst, new Date('2030-01-01T12:00:00Z'))).toMatchObject({
      ok: true,
    });
  });

  describe('minimum age', () => {
    it('accepts someone who turns 18 today', () => {
      expect(parsePersonalIdentityNumber(buildPin('20060615'), TODAY)).toMatchObject({ ok: true });
    });

    it('rejects someone who turns 18 tomorrow', () => {
      expect(parsePersonalIdentityNumber(buildPin('20060616'), TODAY)).toEqual({
        ok: false,
        code: 'validation.underMinimumAge',
      });
    });

    it('judges "today" on the Swedish calendar, not in UTC', () => {
      const pin = buildPin('19900102');
      // 23:30 UTC on 1 January is already 00:30 on 2 January in Stockholm: the 18th birthday.
      expect(parsePersonalIdentityNumber(pin, new Date('2008-01-01T23:30:00Z'))).toMatchObject({ ok: true });
      // 22:30 UTC is 23:30 in Stockholm, still the day before.
      expect(parsePersonalIdentityNumber(pin, new Date('2008-01-01T22:30:00Z'))).toMatchObject({
        code: 'validation.underMinimumAge',
      });
    });

    it('applies the age rule to coordination numbers too', () => {
      expect(parsePersonalIdentityNumber(buildPin('20100175'), TODAY)).toMatchObject({
        code: 'validation.underMinimumAge',
      });
    });

    it('can be changed per call', () => {
      expect(parsePersonalIdentityNumber(buildPin('20100115'), TODAY, { minimumAge: 0 })).toMatchObject({
        ok: true,
      });
      expect(parsePersonalIdentityNumber('198112189876', TODAY, { minimumAge: 50 })).toMatchObject({
        code: 'validation.underMinimumAge',
      });
    });

    it('reports a bad date before the age, and a bad check digit before the age', () => {
      expect(parsePersonalIdentityNumber(breakCheckDigit(buildPin('20100115')), TODAY)).toMatchObject({
        code: 'validation.nationalIdentityNumberChecksum',
      });
    });
  });
});

describe('ageOn', () => {
  it('counts whole years', () => {
    expect(ageOn('198112189876', new Date('2024-12-17T12:00:00Z'))).toBe(42);
    expect(ageOn('198112189876', new Date('2024-12-18T12:00:00Z'))).toBe(43);
    expect(ageOn('19811218-9876', new Date('2024-12-18T12:00:00Z'))).toBe(43);
  });

  it('reads the real day of a coordination number', () => {
    expect(ageOn(buildPin('19811278'), new Date('2024-12-17T12:00:00Z'))).toBe(42);
    expect(ageOn(buildPin('19811278'), new Date('2024-12-18T12:00:00Z'))).toBe(43);
  });

  it('lets someone born on 29 February get older on 1 March in common years', () => {
    const pin = buildPin('20000229');
    expect(ageOn(pin, new Date('2018-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn(pin, new Date('2018-03-01T12:00:00Z'))).toBe(18);
    expect(ageOn(pin, new Date('2020-02-29T12:00:00Z'))).toBe(20);
  });

  it('uses the Swedish calendar date of the instant', () => {
    expect(ageOn('198112189876', new Date('2024-12-17T23:30:00Z'))).toBe(43);
  });

  it.each(['', 'abc', '8112189876', '19811318' + '1234'])('throws for %j', (pin) => {
    expect(() => ageOn(pin, TODAY)).toThrow(RangeError);
  });
});

describe('maskPersonalIdentityNumber', () => {
  it.each([
    ['199001011234', '19900101-****'],
    ['19900101-1234', '19900101-****'],
    ['19900101+1234', '19900101-****'],
    [' 199001011234 ', '19900101-****'],
  ])('masks %j as %j', (input, masked) => {
    expect(maskPersonalIdentityNumber(input)).toBe(masked);
  });

  it.each(['9001011234', '900101-1234', 'not a number', '', '1990010112345'])(
    'hides %j entirely when it is not a 12-digit number',
    (input) => {
      expect(maskPersonalIdentityNumber(input)).toBe('********-****');
    },
  );

  it('never shows the serial or the check digit', () => {
    expect(maskPersonalIdentityNumber('198112189876')).not.toContain('9876');
  });
});

describe('createPersonalIdentityNumberSchema', () => {
  const schema = createPersonalIdentityNumberSchema(() => TODAY);

  it('outputs the normalised number', () => {
    expect(schema.parse('19811218-9876')).toBe('198112189876');
  });

  it('reports the message code as the issue message', () => {
    expect(schema.safeParse('198112189875').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.nationalIdentityNumberChecksum',
    ]);
    expect(schema.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual([
      'validation.enterNationalIdentityNumber',
    ]);
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.enterNationalIdentityNumber',
    ]);
  });

  it('reads the clock at parse time', () => {
    let now = new Date('2024-06-14T10:00:00Z');
    const clocked = createPersonalIdentityNumberSchema(() => now);
    const pin = buildPin('20060615');
    expect(clocked.safeParse(pin).success).toBe(false);
    now = new Date('2024-06-15T10:00:00Z');
    expect(clocked.safeParse(pin).success).toBe(true);
  });
});
