import type { SearchCriteria } from '@mp/search-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeSearch } from './search-analytics';
import { insertSearchEvent } from './search-analytics.repository';

/**
 * preSerialization hook of POST /search/v3: records the first page of each search as an anonymous event
 * (terms, filters, how many matched; never who searched). The insert is not awaited, so a search never
 * waits for analytics, and a failed insert is only logged. Pages after the first and opened favourites lists
 * are not new searches. Error answers pass through this hook too (often with no parsed body): they are not
 * searches and are left alone.
 */
export function recordSearchEvent(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (reply.statusCode !== 200 || typeof request.body !== 'object' || request.body === null) {
    done(null, payload);
    return;
  }
  const body = request.body as Partial<SearchCriteria> & {
    cursor?: string | null;
    favoritesGroup?: string | null;
  };
  const total = (payload as { total?: unknown } | null)?.total;
  if (!body.cursor && !body.favoritesGroup && typeof total === 'number') {
    insertSearchEvent(request.server.db, { ...describeSearch(body), total }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'search event not recorded');
    });
  }
  done(null, payload);
}
