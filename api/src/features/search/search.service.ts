import type { Client } from '@elastic/elasticsearch';
import { formatCalendarDate, toSwedishCalendarDate, type Locale } from '@mp/domain';
import {
  buildSearchQuery,
  buildTagsQuery,
  decodeCursor,
  encodeCursor,
  getVocabularyIndex,
  parseFacets,
  parseTags,
  toSearchResult,
  type PartialSearchCriteria,
  type SearchCriteria,
} from '@mp/search-schema';
import { badRequest } from '../../errors';

const SEARCH_FILTER_PATH = [
  'hits.total',
  'hits.hits._id',
  'hits.hits._source',
  'hits.hits.sort',
  'hits.hits.matched_queries',
  'aggregations',
];

export interface Viewer {
  kind: 'anonymous' | 'user';
  userId?: string;
}

/** Today in Sweden: availability is judged by the Swedish calendar, whatever the server's time zone. */
export const swedishToday = (now = new Date()) => formatCalendarDate(toSwedishCalendarDate(now));

function parseCursor(cursor: string | null | undefined): unknown[] | undefined {
  if (!cursor) return undefined;
  try {
    return decodeCursor(cursor);
  } catch {
    throw badRequest('validation.invalidInput', 'INVALID_CURSOR');
  }
}

/**
 * Runs a consultant search straight against the index (no Postgres round trip for the cards): one page of
 * results after `cursor`, the total, facet counts and the cursor of the next page.
 */
export async function searchConsultants(
  es: Client,
  alias: string,
  input: { criteria: SearchCriteria; cursor?: string | null; pageSize: number; facets: boolean },
  viewer: Viewer,
  locale: Locale,
  today = swedishToday(),
) {
  const body = buildSearchQuery(input.criteria, viewer, {
    today,
    size: input.pageSize,
    searchAfter: parseCursor(input.cursor),
    facets: input.facets,
    locale,
  });
  // Only what the cards, the cursor and the facets need comes back over the wire.
  const response = await es.search({ index: alias, ...body, filter_path: SEARCH_FILTER_PATH });
  const hits = response.hits?.hits ?? [];
  const last = hits[hits.length - 1];
  const total =
    typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
  return {
    results: hits.map((hit) => toSearchResult(hit, viewer, locale)),
    total,
    cursor: hits.length === input.pageSize && last?.sort ? encodeCursor(last.sort) : null,
    pageSize: input.pageSize,
    facets: input.facets && response.aggregations ? parseFacets(response.aggregations) : {},
  };
}

/** Top values of one tag (skills, languages or personalities) among profiles matching the conditions. */
export async function suggestTags(
  es: Client,
  alias: string,
  tag: 'skills' | 'languages' | 'personalities',
  conditions: PartialSearchCriteria,
  locale: Locale,
  today = swedishToday(),
) {
  const body = buildTagsQuery(tag, conditions, { today, locale });
  const response = await es.search({ index: alias, ...body });
  return parseTags(response.aggregations ?? {}, tag, locale).slice(0, 10);
}

/** Vocabulary suggestions by prefix in the request's language, tolerant of one typo. */
export function suggestVocabulary(
  vocabulary: 'skills' | 'languages' | 'fieldsOfStudy',
  searchTerm: string,
  limit: number,
  locale: Locale,
) {
  return getVocabularyIndex(vocabulary)
    .suggest(searchTerm, locale, limit)
    .map((s) => ({ id: s.id, label: s.label }));
}
