import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import type { SearchEvent } from './search-analytics';

/** Inserts search events, several in one statement. */
export async function insertSearchEvents(
  db: Kysely<Database>,
  events: readonly (SearchEvent & { total: number })[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('search_events')
    .values(
      events.map((event) => ({
        search_term: event.searchTerm,
        filters: JSON.stringify(event.filters),
        total: event.total,
      })),
    )
    .execute();
}

export interface SearchAnalytics {
  days: number;
  perDay: { day: string; searches: number; zeroResults: number }[];
  topTerms: { term: string; searches: number }[];
  topFilters: { filter: string; searches: number }[];
  zeroResults: { term: string | null; filters: string[]; searches: number }[];
}

/** Searches per day (zeros included), the most used terms and filters, and searches that found nothing. */
export async function findSearchAnalytics(
  db: Kysely<Database>,
  options: { days: number; top: number },
): Promise<SearchAnalytics> {
  const since = sql<Date>`date_trunc('day', now()) - make_interval(days => ${options.days - 1})`;
  const [perDay, topTerms, topFilters, zeroResults] = await Promise.all([
    sql<{ day: string; searches: number; zeroResults: number }>`
      select to_char(d.day, 'YYYY-MM-DD') as day,
             count(e.id)::int as searches,
             count(e.id) filter (where e.total = 0)::int as "zeroResults"
      from generate_series(${since}, date_trunc('day', now()), interval '1 day') as d(day)
      left join search_events e on e.at >= d.day and e.at < d.day + interval '1 day'
      group by d.day order by d.day`.execute(db),
    db
      .selectFrom('search_events')
      .select(['search_term as term', sql<number>`count(*)::int`.as('searches')])
      .where('at', '>=', since)
      .where('search_term', 'is not', null)
      .groupBy('search_term')
      .orderBy('searches', 'desc')
      .orderBy('search_term')
      .limit(options.top)
      .execute(),
    sql<{ filter: string; searches: number }>`
      select f.filter, count(*)::int as searches
      from search_events e cross join lateral jsonb_array_elements_text(e.filters) as f(filter)
      where e.at >= ${since}
      group by f.filter order by searches desc, f.filter limit ${options.top}`.execute(db),
    sql<{ term: string | null; filters: string[]; searches: number }>`
      select search_term as term, filters, count(*)::int as searches
      from search_events
      where at >= ${since} and total = 0
      group by search_term, filters order by searches desc, search_term nulls last limit ${options.top}`.execute(
      db,
    ),
  ]);
  return {
    days: options.days,
    perDay: perDay.rows,
    topTerms: topTerms.map((row) => ({ term: row.term ?? '', searches: row.searches })),
    topFilters: topFilters.rows,
    zeroResults: zeroResults.rows,
  };
}
