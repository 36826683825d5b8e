import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enDashboard from '../../locales/en/dashboard.json';
import svDashboard from '../../locales/sv/dashboard.json';
import { companyCountsText, contractCountsText } from './card-counts';

// The dashboard cards' counts, each number with its own plural in each language: '1 member' and '2 members',
// '1 medlem' and '2 medlemmar', not one plural for the whole line.

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'sv',
  resources: { sv: { dashboard: svDashboard }, en: { dashboard: enDashboard } },
  interpolation: { escapeValue: false },
});
const sv = i18n.getFixedT('sv', 'dashboard');
const en = i18n.getFixedT('en', 'dashboard');

describe('the company card count', () => {
  it('writes one of each in the singular', () => {
    const one = { companies: 1, members: 1, projects: 1 };
    expect(companyCountsText(en, one)).toBe('1 company · 1 member · 1 project');
    expect(companyCountsText(sv, one)).toBe('1 företag · 1 medlem · 1 projekt');
  });

  it('writes each number with its own plural', () => {
    const counts = { companies: 1, members: 2, projects: 0 };
    expect(companyCountsText(en, counts)).toBe('1 company · 2 members · 0 projects');
    expect(companyCountsText(sv, counts)).toBe('1 företag · 2 medlemmar · 0 projekt');
    const more = { companies: 2, members: 1, projects: 3 };
    expect(companyCountsText(en, more)).toBe('2 companies · 1 member · 3 projects');
    expect(companyCountsText(sv, more)).toBe('2 företag · 1 medlem · 3 projekt');
  });
});

describe('the contracts card count', () => {
  it('writes each number with its own plural', () => {
    expect(contractCountsText(en, { contracts: 1, sent: 0, signed: 1 })).toBe(
      '1 contract · 0 out for signing · 1 signed',
    );
    expect(contractCountsText(sv, { contracts: 1, sent: 0, signed: 1 })).toBe(
      '1 avtal · 0 för underskrift · 1 undertecknat',
    );
    expect(contractCountsText(en, { contracts: 3, sent: 1, signed: 2 })).toBe(
      '3 contracts · 1 out for signing · 2 signed',
    );
    expect(contractCountsText(sv, { contracts: 3, sent: 1, signed: 2 })).toBe(
      '3 avtal · 1 för underskrift · 2 undertecknade',
    );
  });
});
