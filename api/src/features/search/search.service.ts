import type { Client } from '@elastic/elasticsearch';
import { type Locale, swedishDayOf } from '@mp/domain';
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
import { AppError } from '../../errors';

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

/** A logged-in viewer's favourites groups, as the search needs them. */
export interface FavoritesLookup {
  /** The consultants of the viewer's own group; throws (404) for anyone else's. */
  membersOf(groupId: string): Promise<readonly string[]>;
  /** Which of the viewer's groups hold each of these consultants (one query per page). */
  groupsOf(consultantIds: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>>;
}

/** True when any criterion would filter (orderOfImportance and niceToHave only rank). */
function hasFilterCriteria(criteria: SearchCriteria): boolean {
  return (
    criteria.searchTerm !== '' ||
    criteria.educationLevel !== null ||
    criteria.availableAt !== null ||
    [
      criteria.skills,
      criteria.skillRequirements,
      criteria.languages,
      criteria.fieldsOfStudy,
      criteria.personalities,
      criteria.drivingForces,
      criteria.locations,
    ].some((values) => values.length > 0)
  );
}

/**
 * Restricts a search to the consultants of a favourites group. With criteria they filter within the group as
 * usual; with none (the buyer just opened the list) every searchable member is shown, whatever their
 * availability, because opening a list shows its members (spec section 4).
 */
function restrictToMembers(
  body: ReturnType<typeof buildSearchQuery>,
  memberIds: readonly string[],
  criteria: SearchCriteria,
): void {
  const members = { ids: { values: [...memberIds] } };
  body.query = hasFilterCriteria(criteria)
    ? { bool: { filter: [members], must: [body.query] } }
    : { bool: { filter: [members, { term: { isSearchable: true } }] } };
}

let todayOfMinute: { minute: number; today: string } | undefined;

/**
 * Today in Sweden: availability is judged by the Swedish calendar, whatever the server's time zone. Worked out
 * once a minute (the time-zone conversion costs ~60 µs, every search asks, and Swedish midnight always falls
 * on a whole minute).
 */
export function swedishToday(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (todayOfMinute?.minute !== minute) {
    todayOfMinute = { minute, today: swedishDayOf(now) };
  }
  return todayOfMinute.today;
}

function parseCursor(cursor: string | null | undefined): unknown[] | undefined {
  if (!cursor) return undefined;
  try {
    return decodeCursor(cursor);
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
}

/**
 * Runs a consultant search straight against the index (no Postgres round trip for the cards): one page of
 * results after `cursor`, the total, facet counts and the cursor of the next page. For a logged-in viewer
 * (`favorites` given) each card lists the viewer's groups holding the consultant, and `favoritesGroup`
 * restricts the results to one of the viewer's groups (401 for a visitor).
 */
export async function searchConsultants(
  es: Client,
  alias: string,
  input: {
    criteria: SearchCriteria;
    cursor?: string | null;
    pageSize: number;
    facets: boolean;
    favoritesGroup?: string | null;
    favorites?: FavoritesLookup;
  },
  viewer: Viewer,
  locale: Locale,
  today = swedishToday(),
) {
  if (input.favoritesGroup && !input.favorites) throw new AppError('UNAUTHORIZED');
  const memberIds = input.favoritesGroup ? await input.favorites!.membersOf(input.favoritesGroup) : null;
  const body = buildSearchQuery(input.criteria, viewer, {
    today,
    size: input.pageSize,
    searchAfter: parseCursor(input.cursor),
    facets: input.facets,
    locale,
  });
  if (memberIds) restrictToMembers(body, memberIds, input.criteria);
  // Only what the cards, the cursor and the facets need comes back over the wire.
  const response = await es.search({ index: alias, ...body, filter_path: SEARCH_FILTER_PATH });
  const hits = response.hits?.hits ?? [];
  const last = hits[hits.length - 1];
  const total =
    typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
  // Document ids are user ids.
  const groupsByConsultant =
    input.favorites && hits.length > 0
      ? await input.favorites.groupsOf(hits.flatMap((hit) => (hit._id ? [hit._id] : [])))
      : undefined;
  return {
    results: hits.map((hit) =>
      toSearchResult(hit, viewer, locale, {
        favoritesGroups: (hit._id && groupsByConsultant?.get(hit._id)) || [],
      }),
    ),
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
