import { z } from 'zod';
import { findVocabularyCollisions } from './vocabulary';
import type { Vocabulary, VocabularyEntry, VocabularyKind } from './vocabulary.types';

// Spelled out as an object so the compiler checks it names every kind exactly once.
const VOCABULARY_KINDS = {
  skills: 'skills',
  jobTitles: 'jobTitles',
  languages: 'languages',
  degrees: 'degrees',
  fieldsOfStudy: 'fieldsOfStudy',
} as const satisfies { [K in VocabularyKind]: K };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_639_1 = /^[a-z]{2}$/;
// Categories may also be the spec's education levels, which use underscores ('doctorate_or_higher').
const CATEGORY = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

const labelSchema = z.string().trim().min(1).max(120);

export const vocabularyKindSchema = z.enum(VOCABULARY_KINDS);

export const vocabularyEntrySchema = z
  .object({
    id: z.string().max(80).regex(SLUG, 'Use a lowercase ASCII slug such as "project-manager"'),
    sv: labelSchema,
    en: labelSchema,
    aliases: z.array(labelSchema).max(40),
    category: z.string().max(80).regex(CATEGORY, 'Use a lowercase ASCII slug').optional(),
  })
  .strict() satisfies z.ZodType<VocabularyEntry>;

/**
 * A whole vocabulary: valid entries, unique ids (ISO 639-1 codes for languages) and no text that would
 * resolve to two entries.
 */
export const vocabularySchema = z
  .object({
    kind: vocabularyKindSchema,
    version: z.number().int().positive(),
    entries: z.array(vocabularyEntrySchema),
  })
  .superRefine((vocabulary, ctx) => {
    const seen = new Set<string>();
    vocabulary.entries.forEach((entry, index) => {
      if (seen.has(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'id'],
          message: `Duplicate id "${entry.id}"`,
        });
      }
      seen.add(entry.id);
      if (vocabulary.kind === 'languages' && !ISO_639_1.test(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'id'],
          message: `Language ids are ISO 639-1 codes, not "${entry.id}"`,
        });
      }
    });
    for (const collision of findVocabularyCollisions(vocabulary)) {
      ctx.addIssue({
        code: 'custom',
        path: ['entries'],
        message: `"${collision.key}" would resolve to more than one entry: ${collision.ids.join(', ')}`,
      });
    }
  }) satisfies z.ZodType<Vocabulary>;
