import { describe, expect, it } from 'vitest';
import { isValidVatNumber, normalizeVatNumber } from './vat-number';

// Valid numbers are public company registrations with correct check digits.
describe('isValidVatNumber', () => {
  it.each([
    ['Swedish with prefix (14 characters)', 'SE556677889901'],
    ['Swedish without prefix (12 digits)', '556677889901'],
    ['Swedish with spaces and lower case', 'se 556677-8899 01'],
    ['Austrian', 'ATU13585627'],
    ['Belgian', 'BE0411905847'],
    ['Bulgarian', 'BG175074752'],
    ['Croatian', 'HR33392005961'],
    ['Cypriot', 'CY10259033P'],
    ['Czech', 'CZ25123891'],
    ['Danish', 'DK13585628'],
    ['Danish without prefix', '13585628'],
    ['Estonian', 'EE100931558'],
    ['Finnish', 'FI20774740'],
    ['French', 'FR40303265045'],
    ['German', 'DE136695976'],
    ['Greek', 'EL094259216'],
    ['Greek with the ISO code', 'GR094259216'],
    ['Hungarian', 'HU12892312'],
    ['Irish', 'IE6388047V'],
    ['Italian', 'IT00743110157'],
    ['Latvian', 'LV40003521600'],
    ['Lithuanian', 'LT119511515'],
    ['Luxembourgish', 'LU15027442'],
    ['Maltese', 'MT11679112'],
    ['Dutch', 'NL004495445B01'],
    ['Polish', 'PL8567346215'],
    ['Portuguese', 'PT501964843'],
    ['Romanian', 'RO18547290'],
    ['Slovak', 'SK2022749619'],
    ['Slovenian', 'SI50223054'],
    ['Spanish with a letter', 'ESA28015865'],
    ['Spanish without prefix', 'A28015865'],
  ])('accepts a %s number', (_case, vatNumber) => {
    expect(isValidVatNumber(vatNumber)).toBe(true);
  });

  it.each([
    ['Swedish with a wrong check digit', 'SE556677889801'],
    ['Swedish without the 01 suffix', 'SE556677889902'],
    ['Swedish that is too short', 'SE5566778899'],
    ['Swedish that is too short, which would pass as French if the prefix were ignored', 'SE123456789'],
    ['German with a wrong check digit', 'DE136695978'],
    ['French with a wrong check key', 'FR41303265045'],
    ['Austrian without U', 'AT13585627'],
    ['Danish that is too long', 'DK135856281'],
    ['Dutch without B', 'NL004495445001'],
    ['German with a letter', 'DE12345678X'],
    ['unknown country', 'US123456'],
    ['empty', ''],
    ['letters only', 'VATNUMBER'],
    ['British (not in the EU since 2021)', 'GB980780684'],
    ['Norwegian (not in the EU)', 'NO974760673MVA'],
  ])('rejects %s', (_case, vatNumber) => {
    expect(isValidVatNumber(vatNumber)).toBe(false);
  });
});

describe('normalizeVatNumber', () => {
  it('upper-cases and drops spaces, dots and hyphens', () => {
    expect(normalizeVatNumber(' se 5566.77-8899 01 ')).toBe('SE556677889901');
  });
});
