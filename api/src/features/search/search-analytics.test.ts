import { describe, expect, it } from 'vitest';
import { describeSearch, normaliseSearchTerm } from './search-analytics';

describe('normaliseSearchTerm', () => {
  it('lower-cases and folds spaces', () => {
    expect(normaliseSearchTerm('  Java   Utvecklare ')).toBe('java utvecklare');
    expect(normaliseSearchTerm('ÅSA')).toBe('åsa');
  });

  it('keeps nothing that looks like personal data, and nothing for an empty term', () => {
    for (const term of ['anna@example.se', '19800101-1234', '070-123 45 67', '5561234567', '', '   ', null]) {
      expect(normaliseSearchTerm(term)).toBeNull();
    }
    expect(normaliseSearchTerm('c# .net 2024')).toBe('c# .net 2024');
  });
});

describe('describeSearch', () => {
  it('lists the filters as sorted name:value pairs, without the ranking order', () => {
    expect(
      describeSearch({
        searchTerm: 'React',
        skills: ['typescript', 'react'],
        locations: ['goteborg'],
        educationLevel: 'masters',
        availableAt: '2031-01-01',
        orderOfImportance: [{ name: 'skills' }] as never,
      }),
    ).toEqual({
      searchTerm: 'react',
      filters: [
        'availableAt',
        'educationLevel:masters',
        'locations:goteborg',
        'skills:react',
        'skills:typescript',
      ],
    });
  });
});
