import { describe, expect, it } from 'vitest';
import {
  formatInvoiceMoney,
  formatMoney,
  formatNumber,
  numberInputText,
  parseNumberInput,
} from './number-format';

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

describe('parseNumberInput', () => {
  it('reads a decimal comma or point, and spaces between thousands', () => {
    expect(parseNumberInput('1,5')).toBe(1.5);
    expect(parseNumberInput(' 1.5 ')).toBe(1.5);
    expect(parseNumberInput('1 150,50')).toBe(1150.5);
    expect(parseNumberInput('1\u00a0150')).toBe(1150);
    expect(parseNumberInput('100 000')).toBe(100_000);
    expect(parseNumberInput('-2')).toBe(-2);
  });

  it('is null when empty and NaN for anything that is not a number', () => {
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('1 5')).toBeNaN();
    expect(parseNumberInput('12 34')).toBeNaN();
    expect(parseNumberInput('1,5,5')).toBeNaN();
    expect(parseNumberInput('tio')).toBeNaN();
  });
});

describe('formatMoney', () => {
  const nbsp = '\u00a0';
  it('writes whole kronor without öre, in Swedish with a no-break space between thousands and kr', () => {
    expect(formatMoney(125_000, 'sv')).toBe(`1${nbsp}250${nbsp}kr`);
    expect(formatMoney(19_900, 'sv')).toBe(`199${nbsp}kr`);
    expect(formatMoney(1_234_567_800, 'sv')).toBe(`12${nbsp}345${nbsp}678${nbsp}kr`);
    expect(formatMoney(125_000, 'en')).toBe(`SEK${nbsp}1,250`);
    expect(formatMoney(19_900, 'en')).toBe(`SEK${nbsp}199`);
  });

  it('keeps both decimals of an amount with öre', () => {
    expect(formatMoney(125_050, 'sv')).toBe(`1${nbsp}250,50${nbsp}kr`);
    expect(formatMoney(125_005, 'sv')).toBe(`1${nbsp}250,05${nbsp}kr`);
    expect(formatMoney(1, 'sv')).toBe(`0,01${nbsp}kr`);
    expect(formatMoney(125_050, 'en')).toBe(`SEK${nbsp}1,250.50`);
  });

  it('writes nothing as 0 kr, the same way everywhere (never 0,00 or -0)', () => {
    expect(formatMoney(0, 'sv')).toBe(`0${nbsp}kr`);
    expect(formatMoney(-0, 'sv')).toBe(`0${nbsp}kr`);
    expect(formatMoney(0, 'en')).toBe(`SEK${nbsp}0`);
  });

  it('writes a price in another currency with that currency', () => {
    expect(formatMoney(125_000, 'sv', 'EUR')).toBe(`1${nbsp}250${nbsp}€`);
    expect(formatMoney(125_050, 'en', 'EUR')).toBe(`€1,250.50`);
  });

  it("writes both decimals of a whole amount for an invoice's column ({ ore: 'always' })", () => {
    expect(formatMoney(299_500, 'sv', 'SEK', { ore: 'always' })).toBe(`2${nbsp}995,00${nbsp}kr`);
    expect(formatMoney(299_500, 'en', 'SEK', { ore: 'always' })).toBe(`SEK${nbsp}2,995.00`);
    expect(formatMoney(1_465_985, 'en', 'SEK', { ore: 'always' })).toBe(`SEK${nbsp}14,659.85`);
    expect(formatMoney(0, 'sv', 'SEK', { ore: 'always' })).toBe(`0,00${nbsp}kr`);
    expect(formatInvoiceMoney(4_410_000, 'en')).toBe(`SEK${nbsp}44,100.00`);
  });
});
