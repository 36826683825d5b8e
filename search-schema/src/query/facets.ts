import {
  AVAILABILITY_KIND_IDS,
  DISC_SOURCE_IDS,
  DISC_TYPE_IDS,
  DRIVING_FORCE_IDS,
  EDUCATION_LEVEL_IDS,
  educationLevelRank,
  WORK_LOCATION_IDS,
  type AvailabilityKindId,
} from '@mp/domain';
import { FREE_TEXT_PREFIX } from '../document';
import { allOf, type EsQuery } from './dsl';
import type { DisjunctiveFilter, FilterCriteria } from './filters';

// Facets: the counts per filter value that the search page shows beside the results.

export const FACET_NAMES = [
  'locations',
  'personalities',
  'personalitySource',
  'drivingForces',
  'languages',
  'skills',
  'educationLevel',
  'fieldsOfStudy',
  'availability',
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface FacetValue {
  value: string;
  count: number;
}
export type SearchFacets = Record<FacetName, FacetValue[]>;

interface TermsFacet {
  field: string;
  size: number;
  /** The criterion whose filter this facet leaves out (disjunctive faceting). */
  ownFilter?: DisjunctiveFilter;
  /** The criterion whose selected values are always counted, even outside the top `size`. */
  selectedOf?: 'skills' | 'fieldsOfStudy';
  /** The complete value list, for lists that show every value (zero counts included, list order). */
  closedList?: readonly string[];
}

const TERMS_FACETS: Record<Exclude<FacetName, 'educationLevel' | 'availability'>, TermsFacet> = {
  locations: {
    field: 'locations',
    size: WORK_LOCATION_IDS.length,
    ownFilter: 'locations',
    closedList: WORK_LOCATION_IDS,
  },
  personalities: {
    field: 'discType',
    size: DISC_TYPE_IDS.length,
    ownFilter: 'personalities',
    closedList: DISC_TYPE_IDS,
  },
  // Self-assessed versus assessed DISC types: 'assessment' counts what the assessedPersonality filter gives.
  personalitySource: {
    field: 'discSource',
    size: DISC_SOURCE_IDS.length,
    ownFilter: 'assessedPersonality',
    closedList: DISC_SOURCE_IDS,
  },
  drivingForces: { field: 'drivingForces', size: DRIVING_FORCE_IDS.length, closedList: DRIVING_FORCE_IDS },
  languages: { field: 'languageCodes', size: 50 },
  skills: { field: 'skillIds', size: 30, selectedOf: 'skills' },
  fieldsOfStudy: {
    field: 'fieldsOfStudy',
    size: 30,
    ownFilter: 'fieldsOfStudy',
    selectedOf: 'fieldsOfStudy',
  },
};

/**
 * The availability kinds as the result cards tell them on `today` (`availabilityAsOf`): a consultant whose
 * 'available from' day has come counts as available now, not as available from a date, so the filter's
 * 'available now' count and the cards agree (the index keeps the day the consultant gave).
 */
function availabilityBuckets(today: string): Record<AvailabilityKindId, EsQuery> {
  const kind = (id: AvailabilityKindId): EsQuery => ({ term: { 'availability.kind': id } });
  const fromDate = (range: Record<string, string>): EsQuery =>
    allOf([kind('available_at'), { range: { 'availability.date': range } }]);
  return {
    available_now: {
      bool: { should: [kind('available_now'), fromDate({ lte: today })], minimum_should_match: 1 },
    },
    available_at: fromDate({ gt: today }),
    available_with_in: kind('available_with_in'),
    not_available: kind('not_available'),
  };
}

const facetAggregationName = (facet: FacetName) => `facet_${facet}`;

export function postFilterExcept(
  postFilters: Partial<Record<DisjunctiveFilter, EsQuery>>,
  own?: DisjunctiveFilter,
): EsQuery {
  const clauses = Object.entries(postFilters)
    .filter(([name]) => name !== own)
    .map(([, clause]) => clause);
  return clauses.length === 0 ? { match_all: {} } : allOf(clauses);
}

/**
 * One aggregation per facet. The main query already holds the AND-criteria; each facet adds the
 * post-filter criteria except its own, so an OR-facet (and the single-choice education level) counts what
 * the buyer would get by choosing another value, while AND-facets count within the current results.
 * `educationLevel` counts, for each level, the profiles at that level or higher (what choosing it as the
 * minimum would give).
 */
export function buildFacetAggregations(
  postFilters: Partial<Record<DisjunctiveFilter, EsQuery>>,
  criteria: FilterCriteria,
  today: string,
): Record<string, EsQuery> {
  const aggregations: Record<string, EsQuery> = {};
  for (const [facet, definition] of Object.entries(TERMS_FACETS) as [
    keyof typeof TERMS_FACETS,
    TermsFacet,
  ][]) {
    const selected = definition.selectedOf ? criteria[definition.selectedOf] : [];
    aggregations[facetAggregationName(facet)] = {
      filter: postFilterExcept(postFilters, definition.ownFilter),
      aggs: {
        values: { terms: { field: definition.field, size: definition.size } },
        ...(selected.length > 0
          ? { selected: { terms: { field: definition.field, size: selected.length, include: selected } } }
          : {}),
      },
    };
  }
  aggregations[facetAggregationName('availability')] = {
    filter: postFilterExcept(postFilters),
    aggs: { values: { filters: { filters: availabilityBuckets(today) } } },
  };
  aggregations[facetAggregationName('educationLevel')] = {
    filter: postFilterExcept(postFilters, 'educationLevel'),
    aggs: {
      values: {
        filters: {
          filters: Object.fromEntries(
            EDUCATION_LEVEL_IDS.map((level) => [
              level,
              { range: { educationLevelRank: { gte: educationLevelRank(level) } } },
            ]),
          ),
        },
      },
    },
  };
  return aggregations;
}

export interface Bucket {
  key: string;
  count: number;
}

export function readTermsBuckets(aggregation: unknown): Bucket[] {
  const buckets = (aggregation as { buckets?: unknown } | undefined)?.buckets;
  if (!Array.isArray(buckets)) return [];
  return buckets.flatMap((bucket: { key?: unknown; doc_count?: unknown }) =>
    (typeof bucket.key === 'string' || typeof bucket.key === 'number') && typeof bucket.doc_count === 'number'
      ? [{ key: String(bucket.key), count: bucket.doc_count }]
      : [],
  );
}

function byCountThenValue(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** A consultant's own free-text skill or title (`free:<folded text>`), kept out of public suggestions. */
export function isFreeTextValue(value: string): boolean {
  return value.startsWith(FREE_TEXT_PREFIX);
}

/**
 * The facet counts of a search response (`response.aggregations`), per facet. Closed lists (locations,
 * personalities, driving forces, availability kinds, education levels) list every value in their
 * `@mp/domain` order, zero counts included; open lists (skills, languages, fields of study) the most
 * frequent values first, with selected skills and fields of study always included.
 */
export function parseFacets(aggregations: unknown): SearchFacets {
  const root = (aggregations ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const facets = {} as SearchFacets;
  for (const [facet, definition] of Object.entries(TERMS_FACETS) as [
    keyof typeof TERMS_FACETS,
    TermsFacet,
  ][]) {
    const aggregation = root[facetAggregationName(facet)];
    const counts = new Map<string, number>();
    // A consultant's own free-text values (`free:...`) are theirs, not a public vocabulary: they never show as
    // facet values, unless the buyer selected one.
    for (const bucket of readTermsBuckets(aggregation?.values)) {
      if (!isFreeTextValue(bucket.key)) counts.set(bucket.key, bucket.count);
    }
    for (const bucket of readTermsBuckets(aggregation?.selected)) counts.set(bucket.key, bucket.count);
    facets[facet] = definition.closedList
      ? definition.closedList.map((value) => ({ value, count: counts.get(value) ?? 0 }))
      : [...counts].map(([value, count]) => ({ value, count })).sort(byCountThenValue);
  }
  facets.educationLevel = readFiltersBuckets(
    root[facetAggregationName('educationLevel')],
    EDUCATION_LEVEL_IDS,
  );
  facets.availability = readFiltersBuckets(root[facetAggregationName('availability')], AVAILABILITY_KIND_IDS);
  return facets;
}

/** The counts of a `filters` aggregation keyed by `values`, in their order, zero when missing. */
function readFiltersBuckets(
  aggregation: Record<string, unknown> | undefined,
  values: readonly string[],
): FacetValue[] {
  const buckets = (aggregation?.values as { buckets?: unknown } | undefined)?.buckets as
    Record<string, { doc_count?: unknown } | undefined> | undefined;
  return values.map((value) => {
    const count = buckets?.[value]?.doc_count;
    return { value, count: typeof count === 'number' ? count : 0 };
  });
}
