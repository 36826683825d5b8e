/** The interface languages the product speaks. Swedish is the default and the fallback. */
export const LOCALES = ['sv', 'en'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'sv';

/**
 * The Intl locale each language writes dates and numbers in: Swedish as sv-SE, English as British English
 * (day before month, 24-hour clock), never the runtime's default ('en' alone is American).
 */
export const INTL_LOCALES: Readonly<Record<Locale, 'sv-SE' | 'en-GB'>> = { sv: 'sv-SE', en: 'en-GB' };

/** A user-facing text in every supported language. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/** Narrows an arbitrary string (a route prefix, a stored preference) to a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the locale for an `Accept-Language` header (RFC 9110 syntax: `en-GB,en;q=0.8,sv;q=0.5`).
 *
 * Ranges are tried by descending q-value (ties keep header order); a region or script suffix is ignored, so
 * `sv-SE` means `sv`. `q=0` means "not acceptable" and is skipped. Anything unusable, including a missing
 * header or `*`, falls back to Swedish, the product's default language.
 */
export function resolveLocale(acceptLanguageHeader: string | null | undefined): Locale {
  if (!acceptLanguageHeader) return DEFAULT_LOCALE;

  const ranges = acceptLanguageHeader
    .split(',')
    .map((part, position) => parseLanguageRange(part, position))
    .filter((range): range is LanguageRange => range !== null && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);

  for (const range of ranges) {
    const primary = range.tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

interface LanguageRange {
  tag: string;
  quality: number;
  position: number;
}

function parseLanguageRange(part: string, position: number): LanguageRange | null {
  const [rawTag, ...parameters] = part.split(';');
  const tag = rawTag?.trim().toLowerCase().replaceAll('_', '-');
  if (!tag) return null;

  let quality = 1;
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((piece) => piece.trim());
    if (name?.toLowerCase() !== 'q') continue;
    const parsed = Number(value);
    // A malformed weight makes the whole range unusable rather than silently preferred.
    if (value === undefined || value === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1)
      return null;
    quality = parsed;
  }
  return { tag, quality, position };
}
