import { describe, expect, it } from 'vitest';
import { countActiveFilters, filtersFromCriteria, findShownSavedSearch, labelFromId } from './saved-criteria';
import {
  DEFAULT_FILTERS,
  DEFAULT_STATE,
  importanceOrder,
  localToday,
  moveImportance,
  parseState,
  toCriteria,
  withoutPastDate,
  type SearchFilters,
} from './search-filters';

const filters: SearchFilters = {
  ...DEFAULT_FILTERS,
  searchTerm: '  react  ',
  locations: ['stockholm', 'goteborg'],
  availableAt: '2030-05-01',
  educationLevel: 'masters',
  skills: [{ id: 'react', label: 'React' }],
  languages: [{ id: 'de', label: 'Tyska' }],
  fieldsOfStudy: [{ id: 'computer-science', label: 'Datavetenskap' }],
  personalities: ['analyser'],
  drivingForces: ['altruistic'],
};

describe('must, nice to have, skill requirements and importance', () => {
  const chosen: SearchFilters = {
    ...filters,
    skills: [
      { id: 'java', label: 'Java' },
      { id: 'kafka', label: 'Kafka' },
    ],
    skillRequirements: {
      java: { minYears: 5, usedWithinYears: 2 },
      kafka: { minYears: 3, usedWithinYears: null },
    },
    nice: ['languages:de', 'skills:kafka', 'locations:goteborg'],
  };

  it('send nice-to-haves apart from the filters, and requirements only for must skills', () => {
    expect(toCriteria(chosen)).toMatchObject({
      skills: ['java'],
      skillRequirements: [{ skill: 'java', minYears: 5, usedWithinYears: 2 }],
      languages: [],
      locations: ['stockholm'],
      niceToHave: {
        skills: ['kafka'],
        languages: ['de'],
        locations: ['goteborg'],
        personalities: [],
        drivingForces: [],
        fieldsOfStudy: [],
      },
      orderOfImportance: [],
    });
  });

  it('order the chosen criteria, send the order once the buyer moved one, and come back from saved criteria', () => {
    expect(importanceOrder(chosen)).toEqual([
      'skills',
      'languages',
      'availableAt',
      'educationLevel',
      'fieldsOfStudy',
      'locations',
      'personalities',
      'drivingForces',
    ]);
    const moved = { ...chosen, importance: moveImportance(chosen, 'locations', -1) };
    expect(importanceOrder(moved).slice(3, 6)).toEqual(['educationLevel', 'locations', 'fieldsOfStudy']);
    expect(moveImportance(chosen, 'skills', -1)[0]).toBe('skills');
    const criteria = toCriteria(moved);
    expect(criteria.orderOfImportance?.map((entry) => entry.name).slice(0, 2)).toEqual([
      'skills',
      'languages',
    ]);
    const back = filtersFromCriteria(criteria as Record<string, unknown>, (_kind, id) => id.toUpperCase());
    expect(back.nice.sort()).toEqual([...chosen.nice].sort());
    expect(back.skillRequirements).toEqual({ java: { minYears: 5, usedWithinYears: 2 } });
    expect(back.importance).toEqual(importanceOrder(moved));
    expect(toCriteria({ ...back, searchTerm: '  react  ' })).toEqual(criteria);
  });
});

describe('search filters', () => {
  it('become criteria with ids only and a trimmed keyword', () => {
    expect(toCriteria(filters)).toEqual({
      searchTerm: 'react',
      skills: ['react'],
      languages: ['de'],
      fieldsOfStudy: ['computer-science'],
      personalities: ['analyser'],
      drivingForces: ['altruistic'],
      locations: ['stockholm', 'goteborg'],
      educationLevel: 'masters',
      availableAt: '2030-05-01',
      orderOfImportance: [],
    });
  });

  it('count what narrows the search (not the keyword)', () => {
    expect(countActiveFilters(DEFAULT_FILTERS)).toBe(0);
    expect(countActiveFilters(filters)).toBe(9);
  });

  it('survive a round trip through session storage, and bad stored data falls back to the defaults', () => {
    const state = { filters, favoritesGroup: 'group-1', filtersBeforeList: DEFAULT_FILTERS };
    expect(parseState(JSON.stringify(state))).toEqual(state);
    expect(parseState(null)).toBe(DEFAULT_STATE);
    expect(parseState('{not json')).toBe(DEFAULT_STATE);
    expect(
      parseState(
        JSON.stringify({
          filters: { locations: 'x', skills: [{ id: 1 }, { id: 'java' }], availableAt: 'soon' },
        }),
      ),
    ).toEqual({
      filters: { ...DEFAULT_FILTERS, skills: [{ id: 'java', label: 'java' }] },
      favoritesGroup: null,
      filtersBeforeList: null,
    });
  });

  it('drop an assignment start that has passed', () => {
    expect(withoutPastDate(filters, '2030-05-02').availableAt).toBeNull();
    expect(withoutPastDate(filters, '2030-05-01').availableAt).toBe('2030-05-01');
    expect(localToday(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('come back from saved criteria with the labels that are known, readable stand-ins for the rest', () => {
    const restored = filtersFromCriteria(
      {
        searchTerm: 'java',
        skills: ['react', 'free:elm tooling'],
        languages: ['de'],
        locations: ['stockholm'],
      },
      (kind, id) => (kind === 'languages' && id === 'de' ? 'Tyska' : undefined),
    );
    expect(restored.skills).toEqual([
      { id: 'react', label: 'React' },
      { id: 'free:elm tooling', label: 'Elm tooling' },
    ]);
    expect(restored.languages).toEqual([{ id: 'de', label: 'Tyska' }]);
    expect(restored.locations).toEqual(['stockholm']);
    expect(labelFromId('computer-science')).toBe('Computer science');
  });
});

describe('the saved search the dropdown shows', () => {
  const java = { id: 'a', search: { searchTerm: 'java', skills: ['java'], locations: ['stockholm'] } };
  const twin = { id: 'b', search: java.search };
  const react = {
    id: 'c',
    search: { skills: ['react'], skillRequirements: [{ skill: 'react', minYears: 2.5 }] },
  };
  const searches = [java, twin, react];

  it('is the loaded one while the criteria are its own, whatever the labels', () => {
    const loaded = filtersFromCriteria(java.search);
    expect(findShownSavedSearch(searches, loaded, 'b')).toBe('b');
    const labelled = { ...loaded, skills: [{ id: 'java', label: 'Java' }] };
    expect(findShownSavedSearch(searches, labelled, 'b')).toBe('b');
    // After a reload (nothing loaded in this tab yet): the search whose criteria these are.
    expect(findShownSavedSearch(searches, loaded, null)).toBe('a');
    // Half years of experience come back as they were saved.
    expect(findShownSavedSearch(searches, filtersFromCriteria(react.search), 'c')).toBe('c');
  });

  it('is none once the criteria change', () => {
    const changed = { ...filtersFromCriteria(java.search), searchTerm: 'java ee' };
    expect(findShownSavedSearch(searches, changed, 'a')).toBe('');
    expect(findShownSavedSearch(searches, DEFAULT_FILTERS, 'a')).toBe('');
  });
});
