// The mapping, the analysis chain and the query builder against the real Elasticsearch node: a scratch index
// built from `buildIndexDefinition()`, hand-made documents, and every filter compared with `matchesCriteria`.
import { Client } from '@elastic/elasticsearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criteriaSchema } from './criteria.schema';
import type { SearchCriteria, SearchCriteriaInput } from './criteria.schema';
import { decodeCursor, encodeCursor } from './cursor';
import { buildConsultantDocument } from './document';
import type { ConsultantDocument } from './document';
import { tokenizeText } from './fold';
import { buildIndexDefinition } from './mapping';
import { buildSearchQuery, buildTagsQuery, parseFacets, parseTags } from './query';
import type { FacetName, SearchViewer } from './query';
import { availabilityAsOf, toSearchResult } from './result.schema';
import { buildTestProfiles, TEST_TODAY } from '@mp/test-support/profile-sources';
import { matchesCriteria } from '@mp/test-support/reference-filter';

const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
const index = `scratch-search-schema-${process.pid}-${Date.now()}`;
const user: SearchViewer = { kind: 'user', userId: '00000000-0000-4000-8000-ffffffffffff' };
const documents: ConsultantDocument[] = buildTestProfiles().map(buildConsultantDocument);
const nameOf = new Map(documents.map((doc) => [doc.userId, doc.card.firstName]));

beforeAll(async () => {
  await es.indices.create({ index, ...buildIndexDefinition() });
  await es.bulk({
    refresh: true,
    operations: documents.flatMap((doc) => [{ index: { _index: index, _id: doc.userId } }, doc]),
  });
});

afterAll(async () => {
  await es.indices.delete({ index, ignore_unavailable: true });
  await es.close();
});

async function search(input: SearchCriteriaInput, options: { facets?: boolean; size?: number } = {}) {
  const body = buildSearchQuery(criteriaSchema.parse(input), user, {
    today: TEST_TODAY,
    size: options.size ?? 50,
    facets: options.facets ?? false,
    locale: 'sv',
  });
  return es.search({ index, ...body });
}

/** First names of the hits, sorted, for readable failures. */
async function namesFound(input: SearchCriteriaInput, options: { facets?: boolean } = {}): Promise<string[]> {
  const response = await search(input, options);
  return response.hits.hits.map((hit) => nameOf.get(hit._id ?? '') ?? '?').sort();
}

function namesExpected(input: SearchCriteriaInput): string[] {
  const criteria = criteriaSchema.parse(input);
  return documents
    .filter((doc) => matchesCriteria(doc, criteria, TEST_TODAY))
    .map((doc) => doc.card.firstName ?? '?')
    .sort();
}

describe('the analysis chain', () => {
  it('tokenises like the folded analyzer', async () => {
    const samples = [
      'Node.js-utvecklare i Göteborg',
      "C# .NET C++ developer's O'Brien",
      'foo_bar e-mail 3.5 v2.0 1,000 2024-01-01 a:b',
      'www.example.com user@example.com AT&T Ørsted Æble straße fiancé',
      'a.b. U.S.A. 1.2.3 1.a a.1 hello...world',
    ];
    for (const text of samples) {
      const analyzed = await es.indices.analyze({ index, analyzer: 'folded', text });
      expect(tokenizeText(text), text).toEqual(analyzed.tokens?.map((token) => token.token));
    }
  });

  it.each([
    ['utvecklare', 'utvecklaren'],
    ['utvecklarna', 'utvecklare'],
    ['konsulterna', 'konsult'],
    ['Goteborg', 'Göteborg'],
    ['Umea', 'Umeå'],
    ['Malmo', 'Malmö'],
  ])('stems and folds %s and %s to the same Swedish term', async (a, b) => {
    const analyze = async (text: string) =>
      (await es.indices.analyze({ index, analyzer: 'sv_text', text })).tokens?.map((token) => token.token);
    expect(await analyze(a)).toEqual(await analyze(b));
  });

  it('indexes edge n-grams for typeahead', async () => {
    const analyzed = await es.indices.analyze({ index, analyzer: 'prefix_text', text: 'Göte' });
    expect(analyzed.tokens?.map((token) => token.token)).toEqual(['g', 'go', 'got', 'gote']);
  });
});

describe('the search term', () => {
  // Far enough ahead that everyone but the unavailable is available.
  const later = '2030-01-01';

  function tokensOf(firstName: string): string[] {
    const doc = documents.find((candidate) => candidate.card.firstName === firstName);
    return [...(doc?.titleText ?? []), ...(doc?.skillText ?? []), ...(doc?.bodyText ?? [])].flatMap(
      tokenizeText,
    );
  }

  it("finds 'utvecklaren' for 'utvecklare'", async () => {
    expect(tokensOf('Anna')).toContain('utvecklaren');
    expect(tokensOf('Anna')).not.toContain('utvecklare');
    expect(await namesFound({ searchTerm: 'utvecklare', availableAt: later })).toContain('Anna');
  });

  it("finds 'Göteborg' for 'Goteborg', 'konsulterna' for 'konsult' and 'Umeå' for 'Umea'", async () => {
    expect(await namesFound({ searchTerm: 'Goteborg', availableAt: later })).toEqual(['Björn', 'Hanna']);
    expect(tokensOf('Björn')).not.toContain('konsult');
    expect(await namesFound({ searchTerm: 'konsult', availableAt: later })).toContain('Björn');
    expect(await namesFound({ searchTerm: 'Umea', availableAt: later })).toEqual(['Cecilia']);
  });

  it('tolerates one typo', async () => {
    expect(await namesFound({ searchTerm: 'Kubernetis', availableAt: later })).toEqual(['Anna', 'Fredrik']);
    expect(await namesFound({ searchTerm: 'Pyhton', availableAt: later })).toEqual(
      namesExpected({ searchTerm: 'Python', availableAt: later }),
    );
  });

  it('makes the first word mandatory and the rest optional', async () => {
    expect(await namesFound({ searchTerm: 'kotlin python', availableAt: later })).toEqual(['David']);
    const response = await search({ searchTerm: 'python kotlin scrum', availableAt: later });
    const names = response.hits.hits.map((hit) => nameOf.get(hit._id ?? ''));
    expect([...names].sort()).toEqual(namesExpected({ searchTerm: 'python', availableAt: later }));
    expect(names).not.toContain('David');
    // The optional words raise the score: Cecilia (Python and Scrum) ranks first.
    expect(names[0]).toBe('Cecilia');
  });

  it('finds free-text skills through the text fields', async () => {
    expect(await namesFound({ searchTerm: 'kvantdatorprogrammering', availableAt: later })).toEqual(['Karl']);
    expect(await namesFound({ searchTerm: 'verktyg', availableAt: later })).toEqual([]); // Eva is not available
  });

  it('never returns a hidden profile', async () => {
    const response = await search({ searchTerm: 'Kotlin', skills: ['Java'], availableAt: later });
    expect(response.hits.hits.map((hit) => nameOf.get(hit._id ?? ''))).toEqual(['David']);
  });
});

describe('each filter selects exactly what matchesCriteria says', () => {
  const cases: [string, SearchCriteriaInput][] = [
    ['no criteria (available today)', {}],
    ['one skill', { skills: ['Java'] }],
    ['two skills (AND)', { skills: ['java', 'Kubernetes'] }],
    ['a free-text skill', { skills: ['mitt eget verktyg'], availableAt: '2030-01-01' }],
    ['two languages (AND)', { languages: ['sv', 'English'] }],
    ['two driving forces (AND)', { drivingForces: ['intellectual', 'structured'] }],
    ['two personalities (OR)', { personalities: ['conductor', 'analyser'] }],
    ['two locations (OR)', { locations: ['goteborg', 'skane'] }],
    ['two fields of study (OR)', { fieldsOfStudy: ['Datavetenskap', 'Matematik'] }],
    ['education at least bachelors', { educationLevel: 'bachelors' }],
    ['education at least secondary', { educationLevel: 'secondary' }],
    ['education at least course', { educationLevel: 'course' }],
    ['available on the 8th', { availableAt: '2025-06-08' }],
    ['available on the 9th (within 7 days, at the 9th)', { availableAt: '2025-06-09' }],
    ['available on the 10th', { availableAt: '2025-06-10' }],
    ['available in 16 days', { availableAt: '2025-06-18' }],
    ['available far ahead', { availableAt: '2026-01-01' }],
    ['a date in the past', { availableAt: '2025-01-01' }],
    [
      'everything at once',
      {
        skills: ['Java'],
        languages: ['sv'],
        locations: ['stockholm', 'goteborg'],
        personalities: ['conductor', 'analyser', 'coordinator'],
        educationLevel: 'bachelors',
        availableAt: '2025-07-01',
      },
    ],
    ['assessed DISC types only', { assessedPersonality: true }],
    ['assessed DISC types, far ahead', { assessedPersonality: true, availableAt: '2026-01-01' }],
    [
      'assessed analysers or conductors',
      { assessedPersonality: true, personalities: ['analyser', 'conductor'] },
    ],
    [
      'ordered importance changes no hit',
      { skills: ['java'], orderOfImportance: [{ name: 'skills', array: [] }] },
    ],
  ];

  it('has assessed and self-assessed DISC types among the fixtures', () => {
    expect(namesExpected({ assessedPersonality: true, availableAt: '2026-01-01' })).toHaveLength(2);
    expect(
      namesExpected({ personalities: ['analyser', 'conductor'], availableAt: '2026-01-01' }).length,
    ).toBeGreaterThan(2);
  });

  it.each(cases)('%s', async (_name, input) => {
    const expected = namesExpected(input);
    expect(await namesFound(input)).toEqual(expected);
    expect(await namesFound(input, { facets: true })).toEqual(expected);
  });

  it('carries the matched criteria on each hit', async () => {
    const response = await search(
      {
        searchTerm: 'python',
        skills: ['python'],
        locations: ['goteborg', 'vasterbotten'],
        educationLevel: 'masters',
        availableAt: '2025-07-02',
      },
      { facets: true },
    );
    const cards = response.hits.hits.map((hit) => toSearchResult(hit, user, 'sv'));
    const hanna = cards.find((card) => card.firstName === 'Hanna');
    expect(hanna?.matched).toEqual([
      { criterion: 'searchTerm', values: ['python'] },
      { criterion: 'skills', values: ['python'] },
      { criterion: 'availableAt', values: ['available_with_in'] },
      { criterion: 'educationLevel', values: ['masters'] },
      { criterion: 'locations', values: ['goteborg'] },
    ]);
  });
});

describe('relevance', () => {
  async function ranking(input: SearchCriteriaInput): Promise<string[]> {
    const response = await search(input);
    return response.hits.hits.map((hit) => nameOf.get(hit._id ?? '') ?? '?');
  }

  it('ranks the more experienced, starred and recently used skill higher', async () => {
    const names = await ranking({ skills: ['java'], availableAt: '2030-01-01' });
    expect(names.slice(0, 2)).toEqual(['Anna', 'Johanna']);
  });

  it("follows the buyer's order of importance without changing the hits", async () => {
    const input: SearchCriteriaInput = {
      skills: ['java'],
      locations: ['skane', 'stockholm', 'goteborg'],
      availableAt: '2030-01-01',
    };
    const byDefault = await ranking(input);
    const locationsFirst = await ranking({
      ...input,
      orderOfImportance: [
        { name: 'locations', array: [] },
        { name: 'skills', array: [] },
      ],
    });
    expect([...locationsFirst].sort()).toEqual([...byDefault].sort());
    // David works in two of the chosen locations: he overtakes Johanna when locations come first.
    expect(byDefault.indexOf('Johanna')).toBeLessThan(byDefault.indexOf('David'));
    expect(locationsFirst.indexOf('David')).toBeLessThan(locationsFirst.indexOf('Johanna'));
  });
});

describe('facets', () => {
  // Expected counts computed from the documents: OR-facets without their own criterion, education level as
  // "at least", everything else within the results.
  function expectedCounts(input: SearchCriteriaInput, facet: FacetName): Map<string, number> {
    const criteria = criteriaSchema.parse(input);
    const without: Partial<Record<FacetName, SearchCriteria>> = {
      locations: { ...criteria, locations: [] },
      personalities: { ...criteria, personalities: [] },
      fieldsOfStudy: { ...criteria, fieldsOfStudy: [] },
      educationLevel: { ...criteria, educationLevel: null },
      personalitySource: { ...criteria, assessedPersonality: false },
    };
    const base = without[facet] ?? criteria;
    const matching = documents.filter((doc) => matchesCriteria(doc, base, TEST_TODAY));
    const counts = new Map<string, number>();
    const add = (value: string) => counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const doc of matching) {
      if (facet === 'locations') doc.locations.forEach(add);
      if (facet === 'personalities' && doc.discType) add(doc.discType);
      if (facet === 'personalitySource' && doc.discSource) add(doc.discSource);
      if (facet === 'drivingForces') doc.drivingForces.forEach(add);
      if (facet === 'languages') doc.languageCodes.forEach(add);
      if (facet === 'skills') doc.skillIds.forEach(add);
      if (facet === 'fieldsOfStudy') doc.fieldsOfStudy.forEach(add);
      // As the cards tell it: an 'available from' day that has come is available now (QA3 finding 4).
      if (facet === 'availability') add(availabilityAsOf(doc.availability, TEST_TODAY).kind);
    }
    if (facet === 'educationLevel') {
      const ranks = { doctorate_or_higher: 9, licentiate: 8, masters: 7, bachelors: 6, higher_vocational: 5 };
      for (const [level, rank] of Object.entries(ranks)) {
        const count = matching.filter((doc) => doc.educationLevelRank >= rank).length;
        if (count > 0) counts.set(level, count);
      }
    }
    return counts;
  }

  it.each([
    ['no criteria', {}],
    [
      'OR and AND criteria together',
      { locations: ['goteborg'], personalities: ['analyser'], skills: ['python'] },
    ],
    ['education and fields of study', { educationLevel: 'masters', fieldsOfStudy: ['Datavetenskap'] }],
    ['a search term and a date', { searchTerm: 'java', availableAt: '2025-07-01' }],
    ['assessed DISC types only', { assessedPersonality: true }],
    ['assessed DISC types among analysers', { assessedPersonality: true, personalities: ['analyser'] }],
  ] as [string, SearchCriteriaInput][])('counts right for %s', async (_name, input) => {
    const response = await search(input, { facets: true });
    const facets = parseFacets(response.aggregations);
    for (const facet of Object.keys(facets) as FacetName[]) {
      const nonZero = new Map(
        facets[facet].filter(({ count }) => count > 0).map(({ value, count }) => [value, count]),
      );
      const expected = expectedCounts(input, facet);
      if (facet === 'educationLevel') {
        for (const [level, count] of expected) expect(nonZero.get(level), `${facet} ${level}`).toBe(count);
      } else {
        expect(nonZero, facet).toEqual(expected);
      }
    }
    expect(response.hits.total).toEqual({ value: namesExpected(input).length, relation: 'eq' });
  });
});

describe('paging with search_after', () => {
  it('returns each matching document exactly once, page by page, through the cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const body = buildSearchQuery(criteriaSchema.parse({ availableAt: '2026-01-01' }), user, {
        today: TEST_TODAY,
        size: 2,
        locale: 'en',
        ...(cursor ? { searchAfter: decodeCursor(cursor) } : {}),
      });
      const response = await es.search({ index, ...body });
      seen.push(...response.hits.hits.map((hit) => hit._id ?? ''));
      const last = response.hits.hits.at(-1);
      cursor = response.hits.hits.length === 2 && last?.sort ? encodeCursor(last.sort) : null;
      if (cursor === null) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.map((id) => nameOf.get(id)).sort()).toEqual(namesExpected({ availableAt: '2026-01-01' }));
  });
});

describe('anonymous viewers', () => {
  it('get no name and no picture, even in the raw hit', async () => {
    const body = buildSearchQuery(
      criteriaSchema.parse({ skills: ['java'] }),
      { kind: 'anonymous' },
      {
        today: TEST_TODAY,
        size: 50,
        locale: 'en',
      },
    );
    const response = await es.search({ index, ...body });
    expect(response.hits.hits.length).toBeGreaterThan(0);
    for (const hit of response.hits.hits) {
      expect(JSON.stringify(hit._source)).not.toMatch(/Andersson|Anna|cdn\.example/);
      const card = toSearchResult(hit, { kind: 'anonymous' }, 'en');
      expect(card).toMatchObject({ firstName: null, lastName: null, picture: null, favoritesGroups: [] });
    }
  });
});

describe('tag suggestions', () => {
  it('counts the top skills among the matching profiles, leaving out the chosen ones', async () => {
    const body = buildTagsQuery('skills', { skills: ['java'] }, { today: TEST_TODAY });
    const response = await es.search({ index, ...body });
    const tags = parseTags(response.aggregations, 'skills', 'en');
    const javaDocs = documents.filter((doc) => doc.isSearchable && doc.skillIds.includes('java'));
    const expected = new Map<string, number>();
    for (const doc of javaDocs) {
      for (const id of doc.skillIds) if (id !== 'java') expected.set(id, (expected.get(id) ?? 0) + 1);
    }
    expect(new Map(tags.map((tag) => [tag.id, tag.count]))).toEqual(expected);
    expect(tags.find((tag) => tag.id === 'kubernetes')?.label).toBe('Kubernetes');
  });

  it('labels personalities in the requested language', async () => {
    const response = await es.search({
      index,
      ...buildTagsQuery('personalities', {}, { today: TEST_TODAY }),
    });
    const tags = parseTags(response.aggregations, 'personalities', 'sv');
    expect(tags[0]).toMatchObject({ id: expect.any(String), count: 2 });
    expect(tags.find((tag) => tag.id === 'conductor')?.label).toBe('Dirigent');
  });
});
