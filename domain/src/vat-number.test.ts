import { describe, expect, it } from 'vitest';
import { isValidVatNumber, normalizeVatNumber } from './vat-number';

describe('isValidVatNumber', () => {
  it.each([
    ['Swedish with prefix (14 characters)', 'SE556677889901'],
    ['Swedish without prefix (12 digits)', '556677889901'],
    ['Swedish with spaces and lower case', 'se 556677-8899 01'],
    ['Austrian', 'ATU12345678'],
    ['Belgian', 'BE0123456789'],
    ['Belgian, new series', 'BE1123456789'],
    ['Cypriot', 'CY12345678X'],
    ['Danish', 'DK12345678'],
    ['Danish without prefix', '12345678'],
    ['Finnish', 'FI12345678'],
    ['German', 'DE123456789'],
    ['Greek', 'EL123456789'],
    ['Greek with the ISO code', 'GR123456789'],
    ['Spanish with letters', 'ESX1234567R'],
    ['Spanish without prefix', 'B12345678'],
    ['French', 'FR12345678901'],
    ['French with letters', 'FRXX123456789'],
    ['Irish, old style', 'IE1A23456B'],
    ['Irish, new style', 'IE1234567WA'],
    ['Italian', 'IT12345678901'],
    ['Dutch', 'NL123456789B01'],
    ['Polish', 'PL1234567890'],
    ['Romanian, short', 'RO12'],
    ['Northern Irish', 'XI123456789'],
  ])('accepts a %s number', (_case, vatNumber) => {
    expect(isValidVatNumber(vatNumber)).toBe(true);
  });

  it.each([
    ['Swedish without the 01 suffix', 'SE556677889902'],
    ['Swedish that is too short', 'SE5566778899'],
    ['Swedish that is too short, which would pass as French if the prefix were ignored', 'SE123456789'],
    ['Austrian without U', 'AT12345678'],
    ['Danish that is too long', 'DK123456789'],
    ['Dutch without B', 'NL123456789001'],
    ['German with a letter', 'DE12345678X'],
    ['unknown country', 'US123456'],
    ['empty', ''],
    ['letters only', 'VATNUMBER'],
    ['British (not in the EU since 2021)', 'GBGD123'],
  ])('rejects %s', (_case, vatNumber) => {
    expect(isValidVatNumber(vatNumber)).toBe(false);
  });
});

describe('normalizeVatNumber', () => {
  it('upper-cases and drops spaces, dots and hyphens', () => {
    expect(normalizeVatNumber(' se 5566.77-8899 01 ')).toBe('SE556677889901');
  });
});
