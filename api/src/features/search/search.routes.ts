import { resolveLocale } from '@mp/domain';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  searchBodySchema,
  searchPageSchema,
  tagsBodySchema,
  tagSuggestionsSchema,
  tagsV2BodySchema,
  vocabularyBodySchema,
  vocabularySuggestionsSchema,
} from '@mp/api-contract/search.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maySeeIdentities } from '../../lib/identity-access';
import { getOptionalUser, optionalUser } from '../../plugins/auth';
import { favoritesLookup } from '../favorites/favorites.service';
import { noteSearchTotal, recordSearchEventWith } from './search-analytics.hook';
import { createSearchEventWriter } from './search-event-writer';
import { searchPageSerializerCompiler } from './search-page.serializer';
import { searchConsultants, suggestTags, suggestVocabulary, type Viewer } from './search.service';

/** Cards with names and pictures only for those who may see identities (verified users). */
function viewerOf(request: FastifyRequest): Viewer {
  const user = getOptionalUser(request);
  return user && maySeeIdentities(user) ? { kind: 'user', userId: user.id } : { kind: 'anonymous' };
}

/** Search is public: visitors and unverified sessions get anonymous cards, verified users get names. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const searchEvents = createSearchEventWriter(app.db, {
    maxDelayMs: 200,
    maxBatch: 200,
    onError: (error) => app.log.warn({ err: error }, 'search events not recorded'),
  });
  // Waiting events are written on close; a route plugin's onClose runs before the root's, which ends the pool.
  app.addHook('onClose', async () => {
    await searchEvents.flush();
  });
  app.post(
    '/search/v3',
    {
      preHandler: optionalUser,
      preSerialization: noteSearchTotal,
      onResponse: recordSearchEventWith(searchEvents),
      // The page through fast-json-stringify (compiled from its schema); errors as every other route.
      serializerCompiler: searchPageSerializerCompiler,
      schema: {
        tags: ['search'],
        summary:
          'Search consultants: one page of result cards, the total, facet counts and the next cursor. Verified ' +
          'callers get names and, per card, the ids of their favourites groups holding the consultant; ' +
          '`favoritesGroup` restricts the search to one of the caller’s groups (401 logged out, 404 LIST_NOT_FOUND)',
        body: searchBodySchema,
        response: { 200: searchPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { cursor, pageSize, facets, favoritesGroup, ...criteria } = request.body;
      const viewer = viewerOf(request);
      return searchConsultants(
        app.es,
        app.config.SEARCH_INDEX_ALIAS,
        {
          criteria,
          cursor,
          pageSize,
          facets,
          favoritesGroup,
          favorites: viewer.userId ? favoritesLookup(app.db, viewer.userId) : undefined,
        },
        viewer,
        resolveLocale(request.headers['accept-language']),
      );
    },
  );

  // The tag suggestions: /search/tags/v2 takes the conditions of the old client, /search/tags the whole current
  // criteria; both answer alike.
  const tagRoutes = [
    {
      url: '/search/tags/v2',
      summary: 'Top 10 skills, languages or personalities among profiles matching the conditions',
      body: tagsV2BodySchema,
    },
    {
      url: '/search/tags',
      summary: 'Tag suggestions under the whole current criteria',
      body: tagsBodySchema,
    },
  ];
  for (const { url, summary, body } of tagRoutes) {
    app.post(
      url,
      {
        schema: {
          tags: ['search'],
          summary,
          body,
          response: { 200: tagSuggestionsSchema, ...errorResponses },
        },
      },
      async (request) => ({
        results: await suggestTags(
          app.es,
          app.config.SEARCH_INDEX_ALIAS,
          request.body.tag,
          request.body.conditions,
          resolveLocale(request.headers['accept-language']),
        ),
      }),
    );
  }

  app.post(
    '/search/vocabulary/v2',
    {
      schema: {
        tags: ['search'],
        summary: 'Vocabulary suggestions by prefix in the request language, tolerant of one typo',
        body: vocabularyBodySchema,
        response: { 200: vocabularySuggestionsSchema, ...errorResponses },
      },
    },
    async (request) => ({
      results: suggestVocabulary(
        request.body.vocabulary,
        request.body.searchTerm,
        request.body.suggestions,
        resolveLocale(request.headers['accept-language']),
      ),
    }),
  );
};
