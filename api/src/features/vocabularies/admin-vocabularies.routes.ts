import { resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  vocabularyChangeParamsSchema,
  vocabularyChangeResultSchema,
  vocabularyChangeSchema,
  vocabularyDeleteResultSchema,
  vocabularyEntryCreateSchema,
  vocabularyEntryInputSchema,
  vocabularyEntryParamsSchema,
  vocabularyKindParamSchema,
  vocabularyListQuerySchema,
  vocabularyMergeSchema,
  vocabularyPageSchema,
} from '@mp/api-contract/admin-vocabularies.schema';
import {
  createVocabularyEntry,
  deleteVocabularyEntry,
  getVocabularyChange,
  listVocabulary,
  listVocabularyChanges,
  mergeVocabularyEntries,
  updateVocabularyEntry,
} from './admin-vocabularies.service';

const tags = ['admin'];
const changeResponse = { 200: vocabularyChangeResultSchema, ...errorResponses };

/**
 * god/vocabulary: job titles, skills, languages, degrees and fields of study with usage counts; create, rename
 * (labels and aliases), merge, and delete one no profile uses. Each change reindexes exactly the profiles it
 * affects in the background; `GET /vocabularies/changes/{changeId}` is its progress.
 */
export const adminVocabulariesRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    db: app.db,
    actorUserId: request.user.id,
    ip: request.ip,
    locale: resolveLocale(request.headers['accept-language']),
    changed: () => app.vocabularies.changed(),
  });

  app.get(
    '/vocabularies/changes',
    {
      schema: {
        tags,
        summary: 'The latest vocabulary changes with their reindex progress, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.object({ changes: z.array(vocabularyChangeSchema) }), ...errorResponses },
      },
    },
    async (request) => listVocabularyChanges(app.db, request.query.limit),
  );

  app.get(
    '/vocabularies/changes/:changeId',
    {
      schema: {
        tags,
        summary:
          'One vocabulary change: how many profiles it reindexes and how many are in the index. 404 ' +
          'VOCABULARY_CHANGE_NOT_FOUND',
        params: vocabularyChangeParamsSchema,
        response: { 200: vocabularyChangeSchema, ...errorResponses },
      },
    },
    async (request) => getVocabularyChange(app.db, request.params.changeId),
  );

  app.get(
    '/vocabularies/:kind',
    {
      schema: {
        tags,
        summary: 'Active entries of a vocabulary with how many profiles use each; search and pages',
        params: z.object({ kind: vocabularyKindParamSchema }),
        querystring: vocabularyListQuerySchema,
        response: { 200: vocabularyPageSchema, ...errorResponses },
      },
    },
    async (request) => listVocabulary(app.db, request.params.kind, request.query),
  );

  app.post(
    '/vocabularies/:kind',
    {
      schema: {
        tags,
        summary:
          'A new entry (labels in Swedish and English, aliases). Without an id, a slug of the English label, ' +
          'else of the Swedish one; 400 VALIDATION_FAILED (data.issues at en and sv) when neither has a letter ' +
          'a-z or digit. 409 VOCABULARY_ENTRY_EXISTS, ' +
          '409 VOCABULARY_TEXT_TAKEN when a spelling belongs to another entry',
        params: z.object({ kind: vocabularyKindParamSchema }),
        body: vocabularyEntryCreateSchema,
        response: changeResponse,
      },
    },
    async (request) => createVocabularyEntry(context(request), request.params.kind, request.body),
  );

  app.put(
    '/vocabularies/:kind/:id',
    {
      schema: {
        tags,
        summary:
          'Rename an entry or change its aliases; the profiles that have it are reindexed in the background. ' +
          '404 VOCABULARY_ENTRY_NOT_FOUND, 409 VOCABULARY_TEXT_TAKEN',
        params: vocabularyEntryParamsSchema,
        body: vocabularyEntryInputSchema,
        response: changeResponse,
      },
    },
    async (request) =>
      updateVocabularyEntry(context(request), request.params.kind, request.params.id, request.body),
  );

  app.delete(
    '/vocabularies/:kind/:id',
    {
      schema: {
        tags,
        summary:
          'Delete an entry no profile uses: it leaves the vocabulary (deactivated), so suggestions and search ' +
          'no longer offer it, and its id may be created again. 409 VOCABULARY_ENTRY_IN_USE (data.profiles: how ' +
          'many use it; merge it instead), 404 VOCABULARY_ENTRY_NOT_FOUND',
        params: vocabularyEntryParamsSchema,
        response: { 200: vocabularyDeleteResultSchema, ...errorResponses },
      },
    },
    async (request) => deleteVocabularyEntry(context(request), request.params.kind, request.params.id),
  );

  app.post(
    '/vocabularies/:kind/:id/merge',
    {
      schema: {
        tags,
        summary:
          'Merge the entry into another: profiles keep their years and last use under the other entry, ' +
          "whose aliases gain the merged labels; both entries' profiles are reindexed. 400 " +
          'VOCABULARY_MERGE_SELF, 404 VOCABULARY_ENTRY_NOT_FOUND',
        params: vocabularyEntryParamsSchema,
        body: vocabularyMergeSchema,
        response: changeResponse,
      },
    },
    async (request) =>
      mergeVocabularyEntries(context(request), request.params.kind, request.params.id, request.body.into),
  );
};
