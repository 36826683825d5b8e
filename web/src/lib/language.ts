import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@mp/domain/locale';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type Language = Locale;
export const LANGUAGES: readonly Language[] = LOCALES;
export const DEFAULT_LANGUAGE: Language = DEFAULT_LOCALE;

/** A language prefix: two or three letters, optionally with a region (`sv`, `en`, `en-GB`, `sma`). */
export const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:-[a-z]{2})?$/i;

/**
 * First path segments of our own routes. Some are two or three letters long (`app`, `god`, `faq`), so they
 * must never be mistaken for an unsupported language code.
 */
export const ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  'login',
  'auth',
  'verify',
  'search',
  'account',
  'session-expired',
  'tos-users',
  'privacy-policy',
  'cookies',
  'disc',
  'profile',
  'join',
  'home',
  'faq',
  'app',
  'god',
]);

/** The supported language a prefix stands for (`en-GB` is English), or null when it is not one of ours. */
export function languageOf(segment: string | undefined): Language | null {
  if (!segment || !LANGUAGE_SEGMENT.test(segment)) return null;
  const primary = segment.split('-')[0]?.toLowerCase();
  return isLocale(primary) ? primary : null;
}

/** The language the visitor chose before, else Swedish (the default and fallback). */
export function preferredLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
}

/**
 * Where a path that is not under a supported, canonical language prefix belongs, or null when it is fine.
 *
 * - `/en-GB/search` -> `/en/search` (a region variant of a supported language);
 * - `/de/search` -> `/sv/search` (a language code we do not support: the default language);
 * - `/search`, `/app/dashboard` -> `/sv/search`, `/sv/app/dashboard` (no prefix: the default is put in front).
 */
export function canonicalLanguagePath(
  pathname: string,
  fallback: Language = DEFAULT_LANGUAGE,
): string | null {
  const segments = pathname.split('/').slice(1);
  const [first = '', ...rest] = segments;
  const language = languageOf(first);
  if (language && first === language) return null;
  if (language) return `/${[language, ...rest].join('/')}`;
  if (first && LANGUAGE_SEGMENT.test(first) && !ROUTE_SEGMENTS.has(first.toLowerCase())) {
    return `/${[fallback, ...rest].join('/')}`;
  }
  return pathname === '/' || pathname === '' ? `/${fallback}` : `/${fallback}${pathname}`;
}

/** The same page in another language: the prefix is rewritten, the rest of the path kept. */
export function switchLanguageInPath(pathname: string, language: Language): string {
  const segments = pathname.split('/').slice(1);
  if (segments.length === 0 || segments[0] === '') return `/${language}`;
  if (languageOf(segments[0])) segments[0] = language;
  else segments.unshift(language);
  return `/${segments.join('/')}`;
}

/** The path below the language prefix, always starting with a slash (`/sv/app/dashboard` -> `/app/dashboard`). */
export function stripLanguage(pathname: string): string {
  const segments = pathname.split('/').slice(1);
  if (languageOf(segments[0])) segments.shift();
  return `/${segments.join('/')}`;
}
