import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isLocale, resolveLocale } from './locale';

describe('resolveLocale', () => {
  it.each([
    [undefined, 'sv'],
    [null, 'sv'],
    ['', 'sv'],
    ['en', 'en'],
    ['EN', 'en'],
    ['en-GB', 'en'],
    ['en_US', 'en'],
    ['sv', 'sv'],
    ['sv-SE', 'sv'],
    ['sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7', 'sv'],
    ['en-GB,en;q=0.9,sv;q=0.8', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8,sv;q=0.7', 'en'],
    ['de-DE,de;q=0.9', 'sv'],
    ['*', 'sv'],
    ['fr;q=1, en;q=0.5, sv;q=0.8', 'sv'],
    ['sv;q=0.2, en;q=0.9', 'en'],
    ['en;q=0, sv;q=0.1', 'sv'],
    ['sv;q=0, en;q=0', 'sv'],
    ['en;q=0.5, sv;q=0.5', 'en'],
    ['  en-gb ; q=0.8 ', 'en'],
    ['en;q=abc, sv;q=0.1', 'sv'],
    ['en;q=2, sv;q=0.1', 'sv'],
    ['english', 'sv'],
    [',,,', 'sv'],
    ['no, nb;q=0.9, en;q=0.5', 'en'],
  ])('resolves %j to %s', (header, locale) => {
    expect(resolveLocale(header)).toBe(locale);
  });

  it('defaults to Swedish', () => {
    expect(DEFAULT_LOCALE).toBe('sv');
  });
});

describe('isLocale', () => {
  it('accepts only supported locales', () => {
    expect(isLocale('sv')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('en-GB')).toBe(false);
    expect(isLocale('de')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
