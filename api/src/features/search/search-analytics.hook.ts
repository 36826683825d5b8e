import type { SearchCriteria } from '@mp/search-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeSearch } from './search-analytics';
import type { SearchEventWriter } from './search-event-writer';

/** The total of a search answer that counts as a new search, from `noteSearchTotal` to `recordSearchEvent`. */
const totals = new WeakMap<FastifyRequest, number>();

/**
 * preSerialization hook of POST /search/v3: notes the total of a first page (pages after the first and opened
 * favourites lists are not new searches). Error answers pass through this hook too (often with no parsed
 * body): they are not searches and are left alone.
 */
export function noteSearchTotal(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const body = request.body as { cursor?: string | null; favoritesGroup?: string | null } | null | undefined;
  const total = (payload as { total?: unknown } | null)?.total;
  if (
    reply.statusCode === 200 &&
    typeof body === 'object' &&
    body !== null &&
    !body.cursor &&
    !body.favoritesGroup &&
    typeof total === 'number'
  ) {
    totals.set(request, total);
  }
  done(null, payload);
}

/**
 * onResponse hook of POST /search/v3: records the search noted above as an anonymous event (terms, filters,
 * how many matched; never who searched) through the batching writer. It runs once the answer has been sent,
 * so writing the event is never part of a search's time.
 */
export function recordSearchEventWith(events: SearchEventWriter) {
  return (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
    const total = totals.get(request);
    if (total !== undefined) {
      events.record({ ...describeSearch(request.body as Partial<SearchCriteria>), total });
    }
    done();
  };
}
