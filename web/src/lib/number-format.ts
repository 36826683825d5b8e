import { intlLocale } from './date-format';
import type { Language } from './language';

// Numbers as the interface language writes them: Swedish with a decimal comma (sv-SE: '5,5'), English with a
// point (en-GB: '5.5'), never the runtime's default locale, which differs between the server and a browser.
// Counts in translations use i18next's own formatter (`{{count, number}}` in the locale files); this is for
// numbers the code writes itself (an average rating, the value of a number input).

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormatter(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(language), options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number in the language's way: `formatNumber(4.5, 'sv', { maximumFractionDigits: 1 })` is '4,5'. */
export function formatNumber(
  value: number,
  language: Language,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormatter(language, options).format(value);
}

/**
 * An amount of money in öre, the one way the interface writes money: whole kronor without öre ('1 250 kr' in
 * Swedish, with a no-break space between thousands; 'SEK 1,250' in English), an amount with öre with both
 * decimals ('1 250,50 kr', 'SEK 1,250.50'). Nothing, an empty chart, is '0 kr' ('SEK 0'), never '-0 kr'.
 * `{ ore: 'always' }` writes both decimals of a whole amount too ('2 995,00 kr'), for a column of an invoice's
 * amounts, as its PDF does.
 */
export function formatMoney(
  ore: number,
  language: Language,
  currency = 'SEK',
  options: { ore?: 'always' } = {},
): string {
  const whole = Math.round(ore) % 100 === 0;
  const digits = whole && options.ore !== 'always' ? 0 : 2;
  return formatNumber(Math.round(ore) / 100 || 0, language, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** An amount on an invoice or a receipt: always both decimals ('2 995,00 kr', 'SEK 2,995.00'), as their PDFs. */
export const formatInvoiceMoney = (ore: number, language: Language, currency = 'SEK'): string =>
  formatMoney(ore, language, currency, { ore: 'always' });

/**
 * A number as a text input shows it for editing: all its digits, no grouping, the language's decimal
 * separator ('1,5' in Swedish, '1.5' in English); '' for no value. The form reads both separators back.
 */
export function numberInputText(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined) return '';
  const separator =
    numberFormatter(language, {})
      .formatToParts(0.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  return String(value).replace('.', separator);
}

/**
 * A number typed into a text input, as the language writes it or not: a decimal comma or point ('1,5', '1.5'),
 * and spaces between groups of three digits ('1 150,50'). Null when empty; NaN when it is not a number, so the
 * schema answers 'Only numbers allowed'.
 */
export function parseNumberInput(text: string): number | null {
  const compact = text
    .trim()
    .replace(/(\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/g, '$1')
    .replace(',', '.');
  if (!compact) return null;
  return /^-?\d+(?:\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}
