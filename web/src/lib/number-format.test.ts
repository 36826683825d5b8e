import { describe, expect, it } from 'vitest';
import { formatNumber, numberInputText } from './number-format';

describe('formatNumber', () => {
  it('writes decimals the way the language does, whatever the runtime locale', () => {
    expect(formatNumber(4.5, 'sv', { maximumFractionDigits: 1 })).toBe('4,5');
    expect(formatNumber(4.5, 'en', { maximumFractionDigits: 1 })).toBe('4.5');
    expect(formatNumber(4.25, 'sv', { maximumFractionDigits: 1 })).toBe('4,3');
    expect(formatNumber(4, 'sv', { maximumFractionDigits: 1 })).toBe('4');
  });
});

describe('numberInputText', () => {
  it('shows a number for editing with the decimal separator of the language and no grouping', () => {
    expect(numberInputText(5.5, 'sv')).toBe('5,5');
    expect(numberInputText(5.5, 'en')).toBe('5.5');
    expect(numberInputText(1.25, 'sv')).toBe('1,25');
    expect(numberInputText(12, 'sv')).toBe('12');
    expect(numberInputText(2026, 'sv')).toBe('2026');
  });

  it('is empty for no value', () => {
    expect(numberInputText(null, 'sv')).toBe('');
    expect(numberInputText(undefined, 'en')).toBe('');
  });
});
