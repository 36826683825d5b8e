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
  firstMail: false,
  today: '2031-03-10',
  searchLink: 'https://example.se/sv/app/search?savedSearch=abc',
  unsubscribeLink: 'https://example.se/sv/unsubscribe?token=t0k',
};

describe('the weekly saved-search mail', () => {
  it('lists the matches with links, in Swedish', () => {
    const mail = renderWeeklySavedSearchMail(params, 'sv');
    expect(mail.subject).toBe('3 nya konsulter matchar "Java <Göteborg>"');
    expect(mail.text).toContain('Hej Nils!');
    expect(mail.text).toContain('Anna Lind – Systemutvecklare');
    expect(mail.text).toContain(
      'Tillgänglig från 1 apr. 2031 · Göteborg, Distansarbete · sv-a, sv-b, sv-c, sv-d, sv-e',
    );
    expect(mail.text).not.toContain('sv-f');
    expect(mail.text).toContain('Visa profil: https://example.se/sv/profile/1?a=1&b=2');
    expect(mail.text).toContain('Konsult\n');
    expect(mail.text).toContain('Här visas 2 av 3.');
    expect(mail.text).toContain('Öppna sökningen: https://example.se/sv/app/search?savedSearch=abc');
    expect(mail.text).toContain(
      'Avsluta veckomejlet för den här sökningen: https://example.se/sv/unsubscribe?token=t0k',
    );
    expect(mail.html).toContain('href="https://example.se/sv/unsubscribe?token=t0k"');
  });

  it('says "available now" for a day that has come', () => {
    for (const date of ['2031-03-10', '2026-11-11']) {
      const matches = [
        { card: card({ availability: { kind: 'available_at', date, withinDays: null } }), link: 'x' },
      ];
      const sv = renderWeeklySavedSearchMail({ ...params, matches }, 'sv');
      expect(sv.text).toContain('Anna Lind – Systemutvecklare\nTillgänglig nu · Göteborg');
      expect(sv.text).not.toContain('Tillgänglig från');
      expect(renderWeeklySavedSearchMail({ ...params, matches }, 'en').text).toContain('Available now · ');
    }
  });

  it('tells the first mail of a search as what matches now, not as news since last week', () => {
    const sv = renderWeeklySavedSearchMail({ ...params, newCount: 31, firstMail: true }, 'sv');
    expect(sv.subject).toBe('31 konsulter matchar "Java <Göteborg>"');
    expect(sv.text).toContain('Just nu matchar 31 konsulter din sparade sökning "Java <Göteborg>".');
    expect(sv.text).not.toContain('Sedan förra veckan');
    expect(sv.text).toContain('Här visas 2 av 31.');
    const en = renderWeeklySavedSearchMail({ ...params, newCount: 1, firstMail: true }, 'en');
    expect(en.subject).toBe('1 consultant matches "Java <Göteborg>"');
    expect(en.text).toContain('1 consultant matches your saved search "Java <Göteborg>" right now.');
    expect(en.text).not.toContain('Since last week');
  });

  it('speaks English and escapes values in HTML', () => {
    const mail = renderWeeklySavedSearchMail(
      { ...params, newCount: 1, matches: params.matches.slice(0, 1) },
      'en',
    );
    expect(mail.subject).toBe('1 new consultant matches "Java <Göteborg>"');
    expect(mail.text).toContain('Anna Lind – Software developer');
    expect(mail.text).toContain('Available from 1 Apr 2031 · Gothenburg, Remote');
    expect(mail.text).not.toContain('Showing');
    expect(mail.html).toContain('Java &lt;Göteborg&gt;');
    expect(mail.html).not.toContain('<Göteborg>');
    expect(mail.html).toContain('href="https://example.se/sv/profile/1?a=1&amp;b=2"');
  });
});
