import type { ConsultantCard } from '@mp/search-schema';
import { describe, expect, it } from 'vitest';
import { renderWeeklySavedSearchMail, type WeeklyMailParams } from './weekly-saved-search.template';

const card = (overrides: Partial<ConsultantCard> = {}): ConsultantCard => ({
  userId: '00000000-0000-4000-8000-000000000001',
  firstName: 'Anna',
  lastName: 'Lind',
  pictureUrl: null,
  availability: { kind: 'available_at', date: '2031-04-01', withinDays: null },
  jobTitles: { sv: ['Systemutvecklare'], en: ['Software developer'] },
  locations: ['goteborg', 'distansarbete'],
  skills: ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => ({
    id: s,
    sv: `sv-${s}`,
    en: `en-${s}`,
    years: null,
    lastUsedYear: null,
  })),
  personality: null,
  personalitySource: null,
  drivingForces: [],
  ...overrides,
});

const params: WeeklyMailParams = {
  firstName: 'Nils',
  searchName: 'Java <Göteborg>',
  matches: [
    { card: card(), link: 'https://example.se/sv/profile/1?a=1&b=2' },
    { card: card({ firstName: null, lastName: null, jobTitles: { sv: [], en: [] } }), link: 'https://x/2' },
  ],
  newCount: 3,
  searchLink: 'https://example.se/sv/app/search?savedSearch=abc',
};

describe('the weekly saved-search mail', () => {
  it('lists the matches with links, in Swedish', () => {
    const mail = renderWeeklySavedSearchMail(params, 'sv');
    expect(mail.subject).toBe('3 nya konsulter matchar "Java <Göteborg>"');
    expect(mail.text).toContain('Hej Nils!');
    expect(mail.text).toContain('Anna Lind – Systemutvecklare');
    expect(mail.text).toContain(
      'Tillgänglig från 2031-04-01 · Göteborg, Distansarbete · sv-a, sv-b, sv-c, sv-d, sv-e',
    );
    expect(mail.text).not.toContain('sv-f');
    expect(mail.text).toContain('Visa profil: https://example.se/sv/profile/1?a=1&b=2');
    expect(mail.text).toContain('Konsult\n');
    expect(mail.text).toContain('Här visas 2 av 3.');
    expect(mail.text).toContain('Öppna sökningen: https://example.se/sv/app/search?savedSearch=abc');
  });

  it('speaks English and escapes values in HTML', () => {
    const mail = renderWeeklySavedSearchMail(
      { ...params, newCount: 1, matches: params.matches.slice(0, 1) },
      'en',
    );
    expect(mail.subject).toBe('1 new consultant matches "Java <Göteborg>"');
    expect(mail.text).toContain('Anna Lind – Software developer');
    expect(mail.text).toContain('Available from 2031-04-01 · Gothenburg, Remote');
    expect(mail.text).not.toContain('Showing');
    expect(mail.html).toContain('Java &lt;Göteborg&gt;');
    expect(mail.html).not.toContain('<Göteborg>');
    expect(mail.html).toContain('href="https://example.se/sv/profile/1?a=1&amp;b=2"');
  });
});
