import { describe, expect, it } from 'vitest';
import { checkPriceInput, parsePriceInput } from './price-input';

describe('parsePriceInput', () => {
  it('reads kronor as a Swedish or an English admin types them, in öre', () => {
    for (const [text, amountOre] of [
      ['0', 0],
      ['99', 9_900],
      ['1000', 100_000],
      ['1 000', 100_000],
      ['1\u00a0000', 100_000],
      ['1\u202f000', 100_000],
      ['  123 456 ', 12_345_600],
      ['99,5', 9_950],
      ['99.50', 9_950],
      ['1 150,05', 115_005],
      ['0,01', 1],
      ['1000000', 100_000_000],
      ['1 000 000,00', 100_000_000],
    ] as const) {
      expect(parsePriceInput(text), text).toEqual({ ok: true, amountOre });
    }
  });

  it('keeps the price in force when the field is empty', () => {
    expect(parsePriceInput('')).toEqual({ ok: true, amountOre: undefined });
    expect(parsePriceInput('   ')).toEqual({ ok: true, amountOre: undefined });
  });

  it('refuses what is not an amount in kronor', () => {
    for (const text of [
      '0x10',
      '1e3',
      '-5',
      '+5',
      'abc',
      '1 000 kr',
      '10 00',
      '1  000',
      '1 0000',
      ',5',
      '5,',
      '1,2,3',
      'Infinity',
      'NaN',
    ]) {
      expect(parsePriceInput(text), text).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('refuses more than two decimals, so a point or comma is never taken for grouping', () => {
    for (const text of ['9,999', '1.000', '1,000', '0.001']) {
      expect(parsePriceInput(text), text).toEqual({ ok: false, problem: 'decimals' });
    }
  });

  it('refuses more than the cap of 1 000 000 kr', () => {
    for (const text of ['1000000,01', '1 000 001', '99999999999999999999']) {
      expect(parsePriceInput(text), text).toEqual({ ok: false, problem: 'tooHigh' });
    }
  });
});

describe('checkPriceInput', () => {
  const paid = { paid: true, hasPrice: true };
  it('refuses 0 kr for a paid plan or product, and an empty field while a price is in force', () => {
    for (const text of ['0', '0,00', '0.0', ' 0 ']) {
      expect(checkPriceInput(text, paid), text).toEqual({ ok: false, problem: 'notPositive' });
    }
    expect(checkPriceInput('', paid)).toEqual({ ok: false, problem: 'required' });
    expect(checkPriceInput('  ', paid)).toEqual({ ok: false, problem: 'required' });
    expect(checkPriceInput('0,01', paid)).toEqual({ ok: true, amountOre: 1 });
    expect(checkPriceInput('199', paid)).toEqual({ ok: true, amountOre: 19_900 });
    // The typing problems come first.
    expect(checkPriceInput('-5', paid)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('takes 0 kr for the free plan, and an empty field for a plan priced by agreement', () => {
    expect(checkPriceInput('0', { paid: false, hasPrice: true })).toEqual({ ok: true, amountOre: 0 });
    expect(checkPriceInput('', { paid: true, hasPrice: false })).toEqual({ ok: true, amountOre: undefined });
    expect(checkPriceInput('0', { paid: true, hasPrice: false })).toEqual({
      ok: false,
      problem: 'notPositive',
    });
  });
});
