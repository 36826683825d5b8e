import type { Locale } from '@mp/domain';
import type { SearchCriteria } from '../criteria.schema';
import { assertIsoDate } from './dates';
import type { EsQuery } from './dsl';
import { buildFacetAggregations, postFilterExcept } from './facets';
import {
  buildFilters,
  isDisjunctive,
  SEARCHABLE_FILTER,
  toFilterCriteria,
  type DisjunctiveFilter,
  type FilterName,
} from './filters';
import { importanceBoosts, PROFILE_QUALITY, relevanceClauses } from './relevance';
import { searchTermClauses } from './search-term';

// The search request of `/search/v3` as an Elasticsearch request body, put together from the filters
// (`filters.ts`), the search term (`search-term.ts`), relevance (`relevance.ts`) and facets (`facets.ts`).
// The same filter semantics in plain TypeScript: `matchesCriteria` in `@mp/test-support/reference-filter`.
//
// Shape of every search query:
//   bool.filter  : isSearchable, then one named clause per criterion (the filter semantics, no scoring)
//   bool.must    : the first search word (mandatory, typo-tolerant)
//   bool.should  : the other search words, and the relevance boosts of `orderOfImportance`
//                  (minimum_should_match 0, so they only ever reorder, never select)
//   post_filter  : with facets, the OR-criteria (locations, personalities, fieldsOfStudy), educationLevel
//                  and assessedPersonality move here so each facet can count without its own filter
// Sorted by _score, updatedAt desc, userId asc: userId is unique, so `search_after` pages are stable.

export interface SearchViewer {
  kind: 'anonymous' | 'user';
  userId?: string;
}

export interface SearchQueryOptions {
  /** Today's date `YYYY-MM-DD` in Sweden, injected so the builder stays pure. */
  today: string;
  /** Hits per page. */
  size: number;
  /** The decoded cursor (`decodeCursor`): sort values of the previous page's last hit. */
  searchAfter?: readonly unknown[];
  /** Adds the facet aggregations (and moves the OR-criteria into `post_filter`). */
  facets?: boolean;
  /** The request's language; its stemmed fields weigh a little more. */
  locale: Locale;
}

/** One value of a hit's `sort`. */
export type SortValue = string | number | boolean | null;

export interface SearchRequestBody {
  query: EsQuery;
  post_filter?: EsQuery;
  aggs?: Record<string, EsQuery>;
  sort: SearchSort;
  size: number;
  search_after?: SortValue[];
  _source: { includes: string[]; excludes: string[] };
  track_total_hits: true;
}

/** The sort of every search: relevance, then the most recently updated, then a unique key for paging. */
export type SearchSort = [
  { _score: { order: 'desc' } },
  { updatedAt: { order: 'desc' } },
  { userId: { order: 'asc' } },
];

function searchSort(): SearchSort {
  return [{ _score: { order: 'desc' } }, { updatedAt: { order: 'desc' } }, { userId: { order: 'asc' } }];
}

/** Card fields that identify a person; never fetched for an anonymous viewer. */
export const IDENTIFYING_CARD_FIELDS = ['card.firstName', 'card.lastName', 'card.pictureUrl'] as const;

/**
 * The body of the Elasticsearch `search` request for `/search/v3`.
 *
 * Filter semantics (exactly those of `matchesCriteria` in `@mp/test-support/reference-filter`):
 * - only documents with `isSearchable: true` ever match;
 * - `searchTerm`: split into words like the index splits text; the first word must occur in a text field
 *   (job titles, skills, description, experiences, education), typo-tolerant (`SEARCH_FUZZINESS`, not in the first letter) and through
 *   Swedish and English stemming and accent folding, or through the vocabulary concept it belongs to
 *   (`analyseSearchTerm`: the skill, title or place it names); the other words are optional and only rank;
 * - `skills`, `languages`, `drivingForces`: every selected value present (AND);
 * - `skillRequirements`: every skill held with at least `minYears` years and last used in or after
 *   `thisYear - usedWithinYears` (AND);
 * - `niceToHave`: nothing (it only ranks);
 * - `personalities`, `locations`, `fieldsOfStudy`: any selected value present (OR);
 * - `assessedPersonality`: when true, the DISC type comes from a taken assessment (`discSource`);
 * - `educationLevel`: the highest education's rank is at least the chosen level's rank;
 * - `availableAt` (null = `options.today`): available_now always; available_at when its date is on or before
 *   availableAt; available_with_in when today + withinDays is on or before availableAt; not_available never.
 *
 * Relevance (`orderOfImportance`, see `relevanceClauses`) only adds score; it never changes which documents
 * match. Every criterion clause is named `<criterion>:<value>`, so hits carry `matched_queries` for
 * `matchedCriteriaFromHit`. An anonymous viewer's request does not even fetch names or picture.
 */
export function buildSearchQuery(
  criteria: SearchCriteria,
  viewer: SearchViewer,
  options: SearchQueryOptions,
): SearchRequestBody {
  assertIsoDate(options.today, 'today');
  if (!Number.isInteger(options.size) || options.size < 0 || options.size > 10_000) {
    throw new RangeError(`size must be an integer from 0 to 10000, got ${options.size}`);
  }
  const filterCriteria = toFilterCriteria(criteria, options.today, true);
  const filters = buildFilters(filterCriteria, options.today);
  const queryFilters: EsQuery[] = [SEARCHABLE_FILTER];
  const postFilters: Partial<Record<DisjunctiveFilter, EsQuery>> = {};
  for (const [name, clause] of Object.entries(filters) as [FilterName, EsQuery][]) {
    if (options.facets && isDisjunctive(name)) postFilters[name] = clause;
    else queryFilters.push(clause);
  }

  const text = searchTermClauses(criteria.searchTerm, options.locale, Number(options.today.slice(0, 4)));
  const should = [
    ...text.should,
    ...relevanceClauses(filterCriteria, importanceBoosts(criteria), options.today),
    PROFILE_QUALITY,
  ];

  const body: SearchRequestBody = {
    query: {
      bool: {
        filter: queryFilters,
        ...(text.must.length > 0 ? { must: text.must } : {}),
        should,
        minimum_should_match: 0,
      },
    },
    sort: searchSort(),
    size: options.size,
    _source: {
      includes: ['card'],
      excludes: viewer.kind === 'anonymous' ? [...IDENTIFYING_CARD_FIELDS] : [],
    },
    track_total_hits: true,
  };
  if (Object.keys(postFilters).length > 0) body.post_filter = postFilterExcept(postFilters);
  if (options.facets) body.aggs = buildFacetAggregations(postFilters, filterCriteria, options.today);
  if (options.searchAfter) body.search_after = options.searchAfter.map(toSortValue);
  return body;
}

function toSortValue(value: unknown): SortValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as SortValue;
  throw new RangeError(`searchAfter holds a value that is not a sort value: ${JSON.stringify(value)}`);
}
