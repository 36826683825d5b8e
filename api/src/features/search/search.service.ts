import { errors as esErrors, type Client } from '@elastic/elasticsearch';
import { type Locale, swedishDayOf } from '@mp/domain';
import {
  buildSearchQuery,
  buildTagsQuery,
  decodePageCursor,
  encodeCursor,
  getVocabularyIndex,
  parseFacets,
  parseTags,
  toSearchResult,
  cursorSortValuesSchema,
  type CursorSortValues,
  type PageCursor,
  type PartialSearchCriteria,
  type SearchCriteria,
  type SearchRequestBody,
} from '@mp/search-schema';
import { AppError } from '../../errors';

const SEARCH_FILTER_PATH = [
  'hits.total',
  'hits.hits._id',
  'hits.hits._source',
  'hits.hits.sort',
  'hits.hits.matched_queries',
  'aggregations',
  'pit_id',
];

/**
 * How long a reader's point in time stays open after their last page; every page extends it. A reader who
 * comes back later gets a new one, anchored where they left off.
 */
const POINT_IN_TIME_KEEP_ALIVE = '3m';

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

function parseCursor(cursor: string | null | undefined): PageCursor | undefined {
  if (!cursor) return undefined;
  try {
    return decodePageCursor(cursor);
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
}

/** Opens a point in time on the alias; none (paging goes on without one) when Elasticsearch refuses it. */
async function openPointInTime(es: Client, alias: string): Promise<string | undefined> {
  try {
    const response = await es.openPointInTime({ index: alias, keep_alive: POINT_IN_TIME_KEEP_ALIVE });
    return response.id;
  } catch (error) {
    // Too many open points in time (`search.max_open_pit_context`) and the like: page as before.
    if (error instanceof esErrors.ResponseError) return undefined;
    throw error;
  }
}

/**
 * Closes a reader's point in time once they have reached the end of the list, instead of holding it for its
 * keep-alive: open points in time are limited (`search.max_open_pit_context`, 300 per node), and a list read to the
 * end needs it no more. One that cannot be closed expires on its own.
 */
async function closePointInTime(es: Client, pointInTime: string): Promise<void> {
  try {
    await es.closePointInTime({ id: pointInTime });
  } catch (error) {
    // Elasticsearch refused or could not be reached: the page is answered all the same.
    if (!(error instanceof esErrors.ElasticsearchClientError)) throw error;
  }
}

/** The request for one page: against the point in time when there is one, else against the alias. */
function pageRequest<Body extends object>(alias: string, body: Body, pointInTime: string | undefined) {
  return pointInTime
    ? {
        ...body,
        pit: { id: pointInTime, keep_alive: POINT_IN_TIME_KEEP_ALIVE },
        filter_path: SEARCH_FILTER_PATH,
      }
    : { index: alias, ...body, filter_path: SEARCH_FILTER_PATH };
}

/**
 * Sort values for `search_after`. In a point in time Elasticsearch sorts by its own tiebreaker last
 * (`_shard_doc`) and wants a value for it; `userId` already decides every tie, so any value will do when the
 * cursor has none. Without one, the three values of our sort.
 */
function searchAfterValues(sort: CursorSortValues, pointInTime: string | undefined): CursorSortValues {
  const [score, updatedAt, userId] = sort;
  return pointInTime ? [score, updatedAt, userId, sort[3] ?? 0] : [score, updatedAt, userId];
}

/**
 * Where the previous page's last card stands now: its sort values in the point in time (or the live index).
 * Writes change relevance scores (a new profile changes every term's weight), so the score a cursor carries
 * from an earlier read can lie above or below every remaining hit's score now, and `search_after` would skip
 * them all or repeat some. A card that no longer matches keeps the cursor's values.
 */
async function anchorCursor(
  es: Client,
  alias: string,
  body: SearchRequestBody,
  cursor: PageCursor,
  pointInTime: string | undefined,
): Promise<CursorSortValues> {
  const { aggs: _aggs, post_filter: _postFilter, _source: _fields, ...rest } = body;
  const response = await es.search(
    pageRequest(
      alias,
      {
        ...rest,
        query: { bool: { filter: [{ ids: { values: [cursor.sort[2]] } }], must: [body.query] } },
        size: 1,
        _source: false,
        track_total_hits: false,
      },
      pointInTime,
    ),
  );
  const anchored = cursorSortValuesSchema.safeParse(response.hits?.hits?.[0]?.sort);
  return searchAfterValues(anchored.success ? anchored.data : cursor.sort, pointInTime);
}

/** True when Elasticsearch no longer knows a point in time (it expired, or its index was replaced). */
function isLostPointInTime(error: unknown): boolean {
  return error instanceof esErrors.ResponseError && (error.statusCode === 404 || error.statusCode === 400);
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
  const cursor = parseCursor(input.cursor);
  const memberIds = input.favoritesGroup ? await input.favorites!.membersOf(input.favoritesGroup) : null;
  const body = buildSearchQuery(input.criteria, viewer, {
    today,
    size: input.pageSize,
    facets: input.facets,
    locale,
  });
  if (memberIds) restrictToMembers(body, memberIds, input.criteria);
  // Only what the cards, the cursor and the facets need comes back over the wire.
  const response = cursor
    ? await searchAfterCursor(es, alias, body, cursor)
    : await es.search(pageRequest(alias, body, undefined));
  const hits = response.hits?.hits ?? [];
  const last = hits[hits.length - 1];
  const total =
    typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
  // Document ids are user ids.
  const groupsByConsultant =
    input.favorites && hits.length > 0
      ? await input.favorites.groupsOf(hits.flatMap((hit) => (hit._id ? [hit._id] : [])))
      : undefined;
  const nextCursor =
    hits.length === input.pageSize && last?.sort
      ? encodeCursor(last.sort, response.pit_id ?? undefined)
      : null;
  if (!nextCursor && response.pit_id) await closePointInTime(es, response.pit_id);
  return {
    results: hits.map((hit) =>
      toSearchResult(hit, viewer, locale, {
        favoritesGroups: (hit._id && groupsByConsultant?.get(hit._id)) || [],
        today,
      }),
    ),
    total,
    cursor: nextCursor,
    pageSize: input.pageSize,
    facets: input.facets && response.aggregations ? parseFacets(response.aggregations) : {},
  };
}

/**
 * A page after the first. The first page is read from the live index (most searches never scroll); the second
 * opens a point in time and anchors the cursor in it, and every later page reads the same point in time, so
 * writes meanwhile change nothing a reader scrolls through. A point in time that is gone (it expired, or a
 * reindex replaced its index) is replaced the same way.
 */
async function searchAfterCursor(es: Client, alias: string, body: SearchRequestBody, cursor: PageCursor) {
  if (cursor.pointInTime) {
    try {
      const searchAfter = searchAfterValues(cursor.sort, cursor.pointInTime);
      return await es.search(pageRequest(alias, { ...body, search_after: searchAfter }, cursor.pointInTime));
    } catch (error) {
      if (!isLostPointInTime(error)) throw error;
    }
  }
  const pointInTime = await openPointInTime(es, alias);
  const sort = await anchorCursor(es, alias, body, cursor, pointInTime);
  return es.search(pageRequest(alias, { ...body, search_after: sort }, pointInTime));
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
