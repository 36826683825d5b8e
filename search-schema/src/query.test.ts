import { describe, expect, it } from 'vitest';
import { criteriaSchema } from './criteria.schema';
import type { SearchCriteriaInput } from './criteria.schema';
import {
  buildSearchQuery,
  buildTagsQuery,
  importanceBoosts,
  importanceOrder,
  matchedCriteriaFromHit,
  parseFacets,
  parseTags,
  searchWords,
} from './query';
import type { EsQuery, SearchQueryOptions, SearchViewer } from './query';
import { TEST_TODAY } from '@mp/test-support/profile-sources';
import { jsonSnapshots } from '@mp/test-support/json-snapshot';

const expectJsonSnapshot = jsonSnapshots(new URL('./__snapshots__/', import.meta.url));

const user: SearchViewer = { kind: 'user', userId: '00000000-0000-4000-8000-00000000abcd' };
const options: SearchQueryOptions = { today: TEST_TODAY, size: 6, locale: 'sv' };

function build(
  input: SearchCriteriaInput,
  extra: Partial<SearchQueryOptions> = {},
  viewer: SearchViewer = user,
) {
  return buildSearchQuery(criteriaSchema.parse(input), viewer, { ...options, ...extra });
}

function boolOf(query: EsQuery) {
  return query.bool as {
    filter: EsQuery[];
    must?: EsQuery[];
    should: EsQuery[];
    minimum_should_match: number;
  };
}

/** The filter clause whose named sub-clauses start with `criterion:`. */
function filterFor(body: ReturnType<typeof build>, criterion: string): EsQuery | undefined {
  const clauses = [
    ...boolOf(body.query).filter,
    ...((body.post_filter?.bool as { filter?: EsQuery[] })?.filter ?? []),
  ];
  return clauses.find((clause) => JSON.stringify(clause).includes(`"_name":"${criterion}:`));
}

describe('buildSearchQuery', () => {
  it('always filters on searchable profiles, sorts for stable paging and counts exactly', () => {
    const body = build({});
    expect(boolOf(body.query).filter[0]).toEqual({ term: { isSearchable: true } });
    expect(body.sort).toEqual([
      { _score: { order: 'desc' } },
      { updatedAt: { order: 'desc' } },
      { userId: { order: 'asc' } },
    ]);
    expect(body).toMatchObject({ size: 6, track_total_hits: true });
    expect(body.search_after).toBeUndefined();
    expect(body._source).toEqual({ includes: ['card'], excludes: [] });
  });

  it('makes the first search word mandatory and the others optional, typo-tolerant', () => {
    const body = build({ searchTerm: 'Java  Göteborg' });
    const { must, should } = boolOf(body.query);
    expect(must).toHaveLength(1);
    expect(JSON.stringify(must)).toContain('"_name":"searchTerm:java"');
    expect(JSON.stringify(must)).toContain('"fuzziness":"AUTO:5,8","prefix_length":1');
    expect(JSON.stringify(should)).toContain('"_name":"searchTerm:goteborg"');
    expect(JSON.stringify(must)).not.toContain('goteborg');
    expect(build({}).query.bool).not.toHaveProperty('must');
  });

  it('splits search words like the index and caps them', () => {
    expect(searchWords('Node.js-utvecklare, C#')).toEqual(['node.js', 'utvecklare', 'csharp']);
    expect(searchWords('C++ .NET F# c')).toEqual(['cpp', 'dotnet', 'fsharp', 'c']);
    expect(searchWords(Array.from({ length: 15 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
    expect(searchWords('java java')).toEqual(['java']);
  });

  it('requires every skill, language and driving force (AND)', () => {
    const body = build({
      skills: ['JS', 'Mitt Eget'],
      languages: ['sv', 'en'],
      drivingForces: ['intellectual'],
    });
    expect(filterFor(body, 'skills')).toEqual({
      bool: {
        filter: [
          { term: { skillIds: { value: 'javascript', _name: 'skills:javascript' } } },
          { term: { skillIds: { value: 'free:mitt eget', _name: 'skills:free:mitt eget' } } },
        ],
      },
    });
    expect(filterFor(body, 'languages')).toEqual({
      bool: {
        filter: [
          { term: { languageCodes: { value: 'sv', _name: 'languages:sv' } } },
          { term: { languageCodes: { value: 'en', _name: 'languages:en' } } },
        ],
      },
    });
    expect(filterFor(body, 'drivingForces')).toEqual({
      bool: {
        filter: [{ term: { drivingForces: { value: 'intellectual', _name: 'drivingForces:intellectual' } } }],
      },
    });
  });

  it('accepts any of the personalities, locations and fields of study (OR)', () => {
    const body = build({
      personalities: ['conductor', 'analyser'],
      locations: ['goteborg'],
      fieldsOfStudy: ['Datalogi'],
    });
    expect(filterFor(body, 'personalities')).toEqual({
      bool: {
        should: [
          { term: { discType: { value: 'conductor', _name: 'personalities:conductor' } } },
          { term: { discType: { value: 'analyser', _name: 'personalities:analyser' } } },
        ],
        minimum_should_match: 1,
      },
    });
    expect(filterFor(body, 'locations')).toEqual({
      bool: {
        should: [{ term: { locations: { value: 'goteborg', _name: 'locations:goteborg' } } }],
        minimum_should_match: 1,
      },
    });
    expect(filterFor(body, 'fieldsOfStudy')).toEqual({
      bool: {
        should: [
          { term: { fieldsOfStudy: { value: 'computer-science', _name: 'fieldsOfStudy:computer-science' } } },
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('treats the education level as a minimum rank', () => {
    expect(filterFor(build({ educationLevel: 'bachelors' }), 'educationLevel')).toEqual({
      range: { educationLevelRank: { gte: 6, _name: 'educationLevel:bachelors' } },
    });
  });

  it('filters availability by the chosen date, defaulting to today', () => {
    const availability = (body: ReturnType<typeof build>) => JSON.stringify(filterFor(body, 'availableAt'));
    const onToday = availability(build({}));
    expect(onToday).toContain('"availability.date":{"lte":"2025-06-02"}');
    expect(onToday).toContain('"availability.withinDays":{"lte":0}');
    const later = availability(build({ availableAt: '2025-06-12' }));
    expect(later).toContain('"availability.date":{"lte":"2025-06-12"}');
    expect(later).toContain('"availability.withinDays":{"lte":10}');
    expect(later).toContain('"_name":"availableAt:available_now"');
    expect(later).not.toContain('not_available');
    // A chosen day that has passed (a saved search's, an old link's) counts as today.
    expect(availability(build({ availableAt: '2025-05-01' }))).toBe(onToday);
  });

  it('moves the OR-criteria and the education level into post_filter when facets are asked for', () => {
    const input: SearchCriteriaInput = {
      skills: ['java'],
      locations: ['goteborg'],
      personalities: ['analyser'],
      fieldsOfStudy: ['Datalogi'],
      educationLevel: 'masters',
    };
    const plain = build(input);
    expect(plain.post_filter).toBeUndefined();
    expect(plain.aggs).toBeUndefined();
    const faceted = build(input, { facets: true });
    const postFilter = JSON.stringify(faceted.post_filter);
    for (const criterion of ['locations', 'personalities', 'fieldsOfStudy', 'educationLevel']) {
      expect(postFilter).toContain(`"_name":"${criterion}:`);
      expect(JSON.stringify(boolOf(faceted.query).filter)).not.toContain(`"_name":"${criterion}:`);
    }
    expect(JSON.stringify(boolOf(faceted.query).filter)).toContain('"_name":"skills:java"');
    // Each OR-facet counts without its own filter but with the others.
    const locationsFacet = JSON.stringify(faceted.aggs?.facet_locations);
    expect(locationsFacet).not.toContain('"_name":"locations:');
    expect(locationsFacet).toContain('"_name":"personalities:analyser"');
    expect(JSON.stringify(faceted.aggs?.facet_skills)).toContain('"_name":"locations:goteborg"');
    expect(Object.keys(faceted.aggs ?? {}).sort()).toEqual(
      [
        'facet_availability',
        'facet_drivingForces',
        'facet_educationLevel',
        'facet_fieldsOfStudy',
        'facet_languages',
        'facet_locations',
        'facet_personalities',
        'facet_personalitySource',
        'facet_skills',
      ].sort(),
    );
  });

  it('only ever scores with the relevance clauses: they never change which documents match', () => {
    const input: SearchCriteriaInput = {
      searchTerm: 'java',
      skills: ['java'],
      languages: ['sv'],
      locations: ['goteborg'],
    };
    const plain = build(input);
    const ordered = build({
      ...input,
      orderOfImportance: [
        { name: 'locations', array: [] },
        { name: 'languages', array: [] },
      ],
    });
    expect(boolOf(plain.query).minimum_should_match).toBe(0);
    expect(boolOf(ordered.query).filter).toEqual(boolOf(plain.query).filter);
    expect(boolOf(ordered.query).must).toEqual(boolOf(plain.query).must);
    expect(boolOf(ordered.query).should).not.toEqual(boolOf(plain.query).should);
  });

  it('pages after a cursor and hides identifying fields from anonymous viewers', () => {
    const body = build({}, { searchAfter: [1.5, 1_700_000_000_000, 'abc'] }, { kind: 'anonymous' });
    expect(body.search_after).toEqual([1.5, 1_700_000_000_000, 'abc']);
    expect(body._source).toEqual({
      includes: ['card'],
      excludes: ['card.firstName', 'card.lastName', 'card.pictureUrl'],
    });
    expect(() => build({}, { searchAfter: [{}] })).toThrow(RangeError);
  });

  it('refuses a bad today or size', () => {
    expect(() => build({}, { today: '2025-6-2' })).toThrow(RangeError);
    expect(() => build({}, { size: -1 })).toThrow(RangeError);
  });
});

describe('importance', () => {
  it('defaults to skills, languages, availability, education, fields, locations, personalities, driving forces', () => {
    expect(importanceOrder({ orderOfImportance: [] })).toEqual([
      'skills',
      'languages',
      'availableAt',
      'educationLevel',
      'fieldsOfStudy',
      'locations',
      'personalities',
      'drivingForces',
    ]);
  });

  it("puts the buyer's order first and halves the boost at each position", () => {
    const boosts = importanceBoosts({
      orderOfImportance: [
        { name: 'locations', array: [] },
        { name: 'unknown', array: [] },
        { name: 'skills', array: [] },
        { name: 'locations', array: [] },
      ],
    });
    expect(boosts.locations).toBe(8);
    expect(boosts.skills).toBe(4);
    expect(boosts.languages).toBe(2);
    expect(boosts.drivingForces).toBe(8 / 128);
  });
});

describe('snapshots of the generated DSL', () => {
  const representative: [string, SearchCriteriaInput, Partial<SearchQueryOptions>?, SearchViewer?][] = [
    ['empty', {}],
    ['search-term', { searchTerm: 'Java utvecklare Göteborg' }],
    ['search-term-symbols-and-compounds', { searchTerm: 'c# sapkonsult sql server egetord' }],
    [
      'skills-and-languages',
      { skills: ['JS', 'Kubernetes', 'Mitt eget verktyg'], languages: ['sv', 'Engelska'] },
    ],
    [
      'or-filters',
      {
        locations: ['goteborg', 'stockholm'],
        personalities: ['conductor', 'analyser'],
        fieldsOfStudy: ['Datalogi'],
      },
    ],
    ['education-and-availability', { educationLevel: 'bachelors', availableAt: '2025-07-01' }],
    [
      'skill-requirements-and-nice-to-have',
      {
        skills: ['Java'],
        skillRequirements: [{ skill: 'Java', minYears: 5, usedWithinYears: 2 }, { skill: 'Kotlin' }],
        niceToHave: { languages: ['Engelska'], skills: ['Kafka'], locations: ['stockholm'] },
      },
    ],
    [
      'order-of-importance',
      {
        skills: ['java'],
        locations: ['skane'],
        drivingForces: ['structured'],
        orderOfImportance: [
          { name: 'locations', array: ['skane'], itemName: 'location' },
          { name: 'skills', array: ['java'] },
        ],
      },
    ],
    [
      'everything-with-facets',
      {
        searchTerm: 'projektledare agil',
        skills: ['scrum'],
        languages: ['sv'],
        fieldsOfStudy: ['Datalogi', 'Egen inriktning'],
        personalities: ['promoter'],
        drivingForces: ['altruistic'],
        locations: ['vasterbotten'],
        educationLevel: 'masters',
        availableAt: '2025-08-01',
      },
      { facets: true, locale: 'en' },
    ],
    [
      'anonymous-next-page',
      { skills: ['python'] },
      { searchAfter: [3.25, 1_748_000_000_000, 'u-1'] },
      { kind: 'anonymous' },
    ],
  ];

  it.each(representative)('query %s', (name, input, extra = {}, viewer = user) => {
    expectJsonSnapshot(`queries/${name}`, build(input, extra, viewer));
  });

  it('tags query', () => {
    expectJsonSnapshot(
      'queries/tags-skills',
      buildTagsQuery(
        'skills',
        criteriaSchema.partial().parse({ skills: ['java'], personalities: ['analyser'] }),
        {
          today: TEST_TODAY,
        },
      ),
    );
  });
});

describe('matchedCriteriaFromHit', () => {
  it('groups named queries by criterion in criterion order', () => {
    expect(
      matchedCriteriaFromHit({
        matched_queries: [
          'locations:goteborg',
          'skills:free:mitt verktyg',
          'availableAt:available_now',
          'skills:java',
          'searchTerm:java',
          'locations:goteborg',
          'nonsense',
          'other:x',
        ],
      }),
    ).toEqual([
      { criterion: 'searchTerm', values: ['java'] },
      { criterion: 'skills', values: ['free:mitt verktyg', 'java'] },
      { criterion: 'availableAt', values: ['available_now'] },
      { criterion: 'locations', values: ['goteborg'] },
    ]);
  });

  it('reads the scored form and no matches', () => {
    expect(matchedCriteriaFromHit({ matched_queries: { 'personalities:analyser': 1 } })).toEqual([
      { criterion: 'personalities', values: ['analyser'] },
    ]);
    expect(matchedCriteriaFromHit({})).toEqual([]);
  });
});

describe('parseFacets', () => {
  it('reads terms and education buckets, completing closed lists with zeros', () => {
    const facets = parseFacets({
      facet_locations: {
        doc_count: 3,
        values: {
          buckets: [
            { key: 'goteborg', doc_count: 2 },
            { key: 'skane', doc_count: 1 },
          ],
        },
      },
      facet_skills: {
        doc_count: 3,
        values: {
          buckets: [
            { key: 'java', doc_count: 3 },
            { key: 'python', doc_count: 1 },
          ],
        },
        selected: { buckets: [{ key: 'cobol', doc_count: 1 }] },
      },
      facet_educationLevel: {
        doc_count: 3,
        values: { buckets: { masters: { doc_count: 1 }, bachelors: { doc_count: 2 } } },
      },
    });
    expect(facets.locations).toHaveLength(24);
    expect(facets.locations[0]).toEqual({ value: 'distansarbete', count: 0 });
    expect(facets.locations.find((value) => value.value === 'goteborg')).toEqual({
      value: 'goteborg',
      count: 2,
    });
    expect(facets.skills).toEqual([
      { value: 'java', count: 3 },
      { value: 'cobol', count: 1 },
      { value: 'python', count: 1 },
    ]);
    expect(facets.educationLevel.slice(0, 4)).toEqual([
      { value: 'doctorate_or_higher', count: 0 },
      { value: 'licentiate', count: 0 },
      { value: 'masters', count: 1 },
      { value: 'bachelors', count: 2 },
    ]);
    expect(facets.languages).toEqual([]);
    expect(facets.availability.map((value) => value.value)).toEqual([
      'available_now',
      'available_at',
      'available_with_in',
      'not_available',
    ]);
  });

  it('copes with missing aggregations', () => {
    expect(parseFacets(undefined).personalities).toHaveLength(8);
  });

  it('leaves consultants’ own free-text skills out, unless the buyer selected one (issue 13)', () => {
    const facets = parseFacets({
      facet_skills: {
        doc_count: 3,
        values: {
          buckets: [
            { key: 'java', doc_count: 3 },
            { key: 'free:min egen metod', doc_count: 2 },
            { key: 'free:kaffe', doc_count: 1 },
          ],
        },
        selected: { buckets: [{ key: 'free:kaffe', doc_count: 1 }] },
      },
    });
    expect(facets.skills.map((f) => f.value)).toEqual(['java', 'free:kaffe']);
  });
});

describe('parseTags', () => {
  it('never suggests free-text values (issue 13)', () => {
    const tags = parseTags(
      {
        tags: {
          buckets: [
            { key: 'free:hemligt projekt', doc_count: 9 },
            { key: 'java', doc_count: 3 },
          ],
        },
      },
      'skills',
      'en',
    );
    expect(tags.map((t) => t.id)).toEqual(['java']);
  });
});

describe('tag suggestions', () => {
  it('aggregates the top 10 of the tag among matching profiles, leaving out chosen values', () => {
    const body = buildTagsQuery(
      'skills',
      { skills: ['java'], locations: ['goteborg'] },
      { today: TEST_TODAY },
    );
    expect(body).toMatchObject({
      size: 0,
      aggs: { tags: { terms: { field: 'skillIds', size: 10, exclude: ['java'] } } },
    });
    expect(JSON.stringify(body.query)).toContain('"_name":"locations:goteborg"');
    expect(JSON.stringify(body.query)).not.toContain('availability');
    expect(
      JSON.stringify(buildTagsQuery('languages', { availableAt: null }, { today: TEST_TODAY }).query),
    ).toContain('"availability.date":{"lte":"2025-06-02"}');
    expect(buildTagsQuery('personalities', {}, { today: TEST_TODAY }).aggs.tags.terms).toEqual({
      field: 'discType',
      size: 10,
    });
  });

  it('labels tags in the locale', () => {
    const aggregations = { tags: { buckets: [{ key: 'analyser', doc_count: 4 }] } };
    expect(parseTags(aggregations, 'personalities', 'sv')).toEqual([
      { id: 'analyser', label: 'Analytiker', count: 4 },
    ]);
    expect(parseTags({ tags: { buckets: [{ key: 'en', doc_count: 2 }] } }, 'languages', 'sv')).toEqual([
      { id: 'en', label: 'Engelska', count: 2 },
    ]);
    // A consultant's own free-text skill is never suggested to others (issue 13).
    expect(parseTags({ tags: { buckets: [{ key: 'free:eget', doc_count: 1 }] } }, 'skills', 'en')).toEqual(
      [],
    );
    expect(parseTags(undefined, 'skills', 'en')).toEqual([]);
  });
});

describe('the assessed-personality filter (self-assessed versus assessed DISC types)', () => {
  it('parses to false unless asked for', () => {
    expect(criteriaSchema.parse({}).assessedPersonality).toBe(false);
    expect(criteriaSchema.parse({ assessedPersonality: null }).assessedPersonality).toBe(false);
    expect(criteriaSchema.safeParse({ assessedPersonality: 'yes' }).success).toBe(false);
  });

  it('filters on discSource with a named clause, in post_filter when facets are asked for', () => {
    const clause = {
      term: { discSource: { value: 'assessment', _name: 'assessedPersonality:assessment' } },
    };
    expect(boolOf(build({ assessedPersonality: true }).query).filter).toContainEqual(clause);
    expect(JSON.stringify(build({}).query)).not.toContain('discSource');
    const faceted = build({ assessedPersonality: true }, { facets: true });
    expect(boolOf(faceted.query).filter).not.toContainEqual(clause);
    expect(JSON.stringify(faceted.post_filter)).toContain('assessedPersonality:assessment');
    // The source facet counts without its own filter: what ticking the box would give.
    expect(JSON.stringify(faceted.aggs?.facet_personalitySource)).not.toContain('assessedPersonality');
    expect(matchedCriteriaFromHit({ matched_queries: ['assessedPersonality:assessment'] })).toEqual([
      { criterion: 'assessedPersonality', values: ['assessment'] },
    ]);
  });

  it('reads the source facet as both values, zero counts included', () => {
    const facets = parseFacets({
      facet_personalitySource: { values: { buckets: [{ key: 'assessment', doc_count: 4 }] } },
    });
    expect(facets.personalitySource).toEqual([
      { value: 'self', count: 0 },
      { value: 'assessment', count: 4 },
    ]);
  });
});
