import { z } from 'zod';

// god/vocabulary: job titles, skills, languages, degrees and fields of study as the database holds them.

export const vocabularyKindParamSchema = z.enum([
  'skills',
  'jobTitles',
  'languages',
  'degrees',
  'fieldsOfStudy',
]);
export type AdminVocabularyKind = z.infer<typeof vocabularyKindParamSchema>;

/** The longest label or alias, in characters. */
export const VOCABULARY_LABEL_MAX_LENGTH = 120;

const label = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(VOCABULARY_LABEL_MAX_LENGTH, 'validation.maxLength');
const aliases = z.array(label).max(40, 'validation.tooManyItems');

export const vocabularyListQuerySchema = z.object({
  /** Part of a label, an alias or the id. */
  q: z.string().trim().max(120, 'validation.maxLength').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const vocabularyEntryParamsSchema = z.object({
  kind: vocabularyKindParamSchema,
  id: z.string().min(1).max(80),
});

export const vocabularyEntryInputSchema = z.object({ sv: label, en: label, aliases });
export type VocabularyEntryInput = z.infer<typeof vocabularyEntryInputSchema>;

export const vocabularyEntryCreateSchema = vocabularyEntryInputSchema.extend({
  /** Lowercase slug (ISO 639-1 code for languages); from the English label when left out. */
  id: z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.invalidVocabularyId')
    .optional(),
  category: z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'validation.invalidVocabularyCategory')
    .optional(),
});
export type VocabularyEntryCreate = z.infer<typeof vocabularyEntryCreateSchema>;

export const vocabularyMergeSchema = z.object({
  /** The entry that stays: profiles with the merged one get it, keeping their years and last use. */
  into: z.string().min(1).max(80),
});

export const adminVocabularyEntrySchema = z.object({
  id: z.string(),
  sv: z.string(),
  en: z.string(),
  aliases: z.array(z.string()),
  category: z.string().nullable(),
  /** Profiles that use the entry (as a profile value or in an experience). */
  usage: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminVocabularyEntry = z.infer<typeof adminVocabularyEntrySchema>;

export const vocabularyPageSchema = z.object({
  entries: z.array(adminVocabularyEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const vocabularyChangeSchema = z.object({
  id: z.uuid(),
  kind: vocabularyKindParamSchema,
  entryId: z.string(),
  /** 'delete': the entry left the vocabulary (no profile used it). */
  action: z.enum(['create', 'update', 'merge', 'delete']),
  mergedId: z.string().nullable(),
  /** Profiles the change sends to the indexer. */
  profiles: z.number().int(),
  /** Of those, how many are in the search index with the change. */
  indexed: z.number().int(),
  done: z.boolean(),
  createdAt: z.string(),
});
export type VocabularyChange = z.infer<typeof vocabularyChangeSchema>;

export const vocabularyChangeParamsSchema = z.object({ changeId: z.uuid() });

export const vocabularyChangeResultSchema = z.object({
  entry: adminVocabularyEntrySchema,
  change: vocabularyChangeSchema,
});

/** DELETE /api/admin/vocabularies/{kind}/{id}: the change that took the entry out of the vocabulary. */
export const vocabularyDeleteResultSchema = z.object({ change: vocabularyChangeSchema });
