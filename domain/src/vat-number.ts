// EU VAT identification number formats (the VIES structures), without the country prefix. Northern Ireland
// traders (XI) are in VIES too; Greece uses EL, with GR accepted as the common mistake it is.
const VAT_NUMBER_BODIES: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  GR: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  // The 10-digit organisation or personal number followed by 01.
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** Uppercase without spaces, dots or hyphens, the way VAT numbers are compared and stored. */
export function normalizeVatNumber(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * Whether `input` has the shape of an EU VAT number. The country prefix is optional (spec section 5): after a
 * known prefix the rest must match that country's format; without one, any member state's format will do,
 * so a Swedish number can be given as `SE556677889901` (14 characters) or `556677889901` (12 digits).
 * Only the structure is checked; whether the number is registered is VIES's business.
 */
export function isValidVatNumber(input: string): boolean {
  const vatNumber = normalizeVatNumber(input);
  // A leading country code decides the format; falling through to the others would, for instance, accept
  // a too-short Swedish number as an unprefixed French one.
  const prefixedBody = VAT_NUMBER_BODIES[vatNumber.slice(0, 2)];
  if (prefixedBody) return prefixedBody.test(vatNumber.slice(2));
  return Object.values(VAT_NUMBER_BODIES).some((body) => body.test(vatNumber));
}
