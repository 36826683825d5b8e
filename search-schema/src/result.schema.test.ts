import { describe, expect, it } from 'vitest';
import { buildConsultantDocument } from './document';
import { availabilityAsOf, searchResultSchema, toSearchResult } from './result.schema';
import { makeProfile, skill } from '@mp/test-support/profile-sources';

const doc = buildConsultantDocument(
  makeProfile({
    firstName: 'Anna',
    lastName: 'Andersson',
    pictureUrl: 'https://cdn.example.com/anna.jpg',
    jobTitles: [
      { vocabularyId: null, text: 'Projektledare' },
      { vocabularyId: null, text: 'Project manager' },
    ],
    skills: [
      skill('Microsoft Excel', { years: 2 }),
      skill('Scrum', { starred: true, years: 10, lastUsedYear: 2026 }),
    ],
    locations: ['goteborg'],
    discType: 'analyser',
    drivingForces: ['intellectual'],
    availability: { kind: 'available_at', date: '2025-07-01', withinDays: null },
  }),
);
const hit = {
  _id: doc.userId,
  _source: { card: doc.card },
  sort: [2.5, 1_748_000_000_000, doc.userId],
  matched_queries: ['skills:scrum', 'locations:goteborg', 'skill:scrum'],
};

describe('toSearchResult', () => {
  it('maps a hit to a card with labels in the locale', () => {
    const card = toSearchResult(hit, { kind: 'user', userId: 'viewer' }, 'en', { favoritesGroups: ['g1'] });
    expect(card).toEqual({
      userId: doc.userId,
      id: doc.userId,
      key: doc.userId,
      firstName: 'Anna',
      lastName: 'Andersson',
      picture: { url: 'https://cdn.example.com/anna.jpg' },
      availability: { kind: 'available_at', date: '2025-07-01', withinDays: null },
      jobTitles: ['Project manager'],
      locations: ['goteborg'],
      skills: [{ skill: 'Scrum' }, { skill: 'Microsoft Excel' }],
      personality: 'analyser',
      personalitySource: 'self',
      drivingForces: ['intellectual'],
      favoritesGroups: ['g1'],
      matched: [
        { criterion: 'skills', values: ['scrum'] },
        { criterion: 'locations', values: ['goteborg'] },
      ],
      matchedSkills: [{ id: 'scrum', skill: 'Scrum', years: 10, lastUsedYear: 2026 }],
    });
    expect(searchResultSchema.parse(card)).toEqual(card);
    expect(toSearchResult(hit, { kind: 'user' }, 'sv').jobTitles).toEqual(['Projektledare']);
  });

  it('gives an anonymous viewer nothing that identifies the person', () => {
    const card = toSearchResult(hit, { kind: 'anonymous' }, 'sv', { favoritesGroups: ['g1'] });
    expect(card).toMatchObject({ firstName: null, lastName: null, picture: null, favoritesGroups: [] });
    const text = JSON.stringify(card);
    for (const identifying of ['Anna', 'Andersson', 'cdn.example.com'])
      expect(text).not.toContain(identifying);
    expect(Object.keys(card).sort()).toEqual(Object.keys(searchResultSchema.shape).sort());
  });

  it('copes with a hit whose source lacks the identifying fields (anonymous _source filtering)', () => {
    const { firstName: _f, lastName: _l, pictureUrl: _p, ...card } = doc.card;
    const result = toSearchResult({ ...hit, _source: { card } }, { kind: 'user' }, 'sv');
    expect(result).toMatchObject({ firstName: null, lastName: null, picture: null });
  });

  it('tells a day that has come as available now, given today', () => {
    const on = (today: string) => toSearchResult(hit, { kind: 'user' }, 'sv', { today }).availability;
    expect(on('2025-06-30')).toEqual({ kind: 'available_at', date: '2025-07-01', withinDays: null });
    expect(on('2025-07-01')).toEqual({ kind: 'available_now', date: null, withinDays: null });
    expect(on('2026-11-27')).toEqual({ kind: 'available_now', date: null, withinDays: null });
    expect(availabilityAsOf({ kind: 'available_with_in', date: null, withinDays: 30 }, '2026-11-27')).toEqual(
      {
        kind: 'available_with_in',
        date: null,
        withinDays: 30,
      },
    );
  });

  it('allows no field the spec does not list', () => {
    const card = toSearchResult(hit, { kind: 'user' }, 'sv');
    expect(searchResultSchema.safeParse({ ...card, email: 'anna@example.com' }).success).toBe(false);
  });
});
