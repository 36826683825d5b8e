import { describe, expect, it } from 'vitest';
import { formatCardDate } from './card-format';

describe('formatCardDate', () => {
  it('writes a date as Intl writes it with a short month, in both languages', () => {
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2027-${String(month).padStart(2, '0')}-05`;
      const date = new Date(2027, month - 1, 5);
      const options = { day: 'numeric', month: 'short', year: 'numeric' } as const;
      expect(formatCardDate(iso, 'sv')).toBe(new Intl.DateTimeFormat('sv-SE', options).format(date));
      // ICU versions write September 'Sep' or 'Sept' in British English; the card keeps 'Sep'.
      const english = new Intl.DateTimeFormat('en-GB', options).format(date).replace('Sept', 'Sep');
      expect(formatCardDate(iso, 'en')).toBe(english);
    }
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatCardDate('2027-13-01', 'sv')).toBe('2027-13-01');
    expect(formatCardDate('soon', 'en')).toBe('soon');
  });
});
