import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enProfiles from './en/profiles.json';
import enSearchResults from './en/search-results.json';
import svProfiles from './sv/profiles.json';
import svSearchResults from './sv/search-results.json';

// Numbers that may have a decimal (years of experience: 5.5) are written with i18next's number formatter in
// the locale files, so a Swedish page says '5,5 år' and an English one '5.5 years'. Years (2025) are not
// numbers to format: the formatter would group them ('2 025').

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'sv',
  resources: {
    sv: { profiles: svProfiles, 'search-results': svSearchResults },
    en: { profiles: enProfiles, 'search-results': enSearchResults },
  },
  interpolation: { escapeValue: false },
});

describe('years of experience in the translations', () => {
  it('a profile writes them with the decimal separator of the language', () => {
    const sv = i18n.getFixedT('sv', 'profiles');
    const en = i18n.getFixedT('en', 'profiles');
    expect(sv('view.years', { count: 5.5 })).toBe('5,5 år');
    expect(sv('view.years', { count: 1 })).toBe('1 år');
    expect(en('view.years', { count: 5.5 })).toBe('5.5 years');
    expect(en('view.years', { count: 1 })).toBe('1 year');
    expect(sv('view.lastUsed', { year: 2025 })).toBe('senast 2025');
  });

  it('a search card writes them with the decimal separator of the language', () => {
    const sv = i18n.getFixedT('sv', 'search-results');
    const en = i18n.getFixedT('en', 'search-results');
    expect(sv('card.skillYearsLastUsed', { skill: 'React', count: 5.5, year: 2025 })).toBe(
      'React · 5,5 år, senast 2025',
    );
    expect(sv('card.skillYears', { skill: 'React', count: 0.5 })).toBe('React · 0,5 år');
    expect(en('card.skillYearsLastUsed', { skill: 'React', count: 5.5, year: 2025 })).toBe(
      'React · 5.5 years, last used 2025',
    );
    expect(en('card.skillYears', { skill: 'React', count: 1 })).toBe('React · 1 year');
  });
});
