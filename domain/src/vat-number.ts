import { checkVAT, countries, type Country } from 'jsvat';
import { fail, stringOf } from './schema-parts';

// EU VAT identification numbers, judged by jsvat (each member state's format and, where the state has one,
// its check digits). jsvat also knows non-EU countries (Norway, Switzerland, the UK, ...); the spec asks for
// EU numbers only, so the list is cut to the 27 member states. Greece's VAT prefix is EL; GR (its ISO code)
// is accepted as the common mistake it is.
const EU_MEMBER_STATES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

const EU_COUNTRIES: readonly Country[] = countries.filter((country) =>
  EU_MEMBER_STATES.has(country.codes[0] ?? ''),
);

/** The prefix a country's VAT numbers carry: the ISO code, except Greece's EL. */
const vatPrefixOf = (country: Country) => (country.codes[0] === 'GR' ? 'EL' : (country.codes[0] ?? ''));
const EU_VAT_PREFIXES = new Set(EU_COUNTRIES.map(vatPrefixOf));

/** Uppercase without spaces, dots or hyphens, the way VAT numbers are compared and stored. */
export function normalizeVatNumber(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * Whether `input` is a well-formed EU VAT number with valid check digits. The country prefix is optional
 * (spec section 5): after a member state's prefix the rest must be that state's number; without one, a
 * number valid for any member state will do, so a Swedish number may be given as `SE556677889901`
 * (14 characters) or `556677889901` (12 digits). Whether the number is registered is VIES's business.
 */
export function isValidVatNumber(input: string): boolean {
  const vatNumber = normalizeVatNumber(input).replace(/^GR/, 'EL');
  const prefix = vatNumber.slice(0, 2);
  // A leading member-state prefix decides the country; trying the others as well would, for instance, accept
  // a too-short Swedish number as some other state's unprefixed number.
  if (EU_VAT_PREFIXES.has(prefix)) return checkVAT(vatNumber, EU_COUNTRIES).isValid;
  // Two leading letters that are no member state's prefix are another country's (GB, NO, US ...).
  if (!/^[0-9A-Z]{2,14}$/.test(vatNumber) || /^[A-Z]{2}/.test(vatNumber)) return false;
  return EU_COUNTRIES.some((country) => checkVAT(`${vatPrefixOf(country)}${vatNumber}`, [country]).isValid);
}

/**
 * An EU VAT number, country prefix optional; the output is normalised (uppercase, no separators). It lives here
 * rather than among the other schemas in `validation.ts` so that jsvat's validators load only with the forms
 * that ask for a VAT number (the company's), not with every form that validates (the login page's among them).
 */
export const vatNumberSchema = stringOf('validation.invalidVatNumber')
  .trim()
  .min(1, fail('validation.required', true))
  .refine(isValidVatNumber, fail('validation.invalidVatNumber'))
  .transform(normalizeVatNumber);
