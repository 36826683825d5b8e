// The public API of @mp/search-schema: the index mapping, the document builder, the query builder, the
// search criteria and result schemas, and the vocabularies. Pure TypeScript and zod, so the
// web app can import it too (types and schemas).
export * from './criteria.schema';
export * from './cursor';
export * from './document';
export * from './fold';
export * from './mapping';
export * from './profile-source.schema';
export * from './query';
export * from './result.schema';
export * from './stored-document';
export {
  createVocabularyIndex,
  currentVocabularies,
  findCompactVocabularyCollisions,
  findVocabularyCollisions,
  getVocabularyIndex,
  installedVocabularyRevision,
  installVocabularies,
  normalizeVocabularyText,
  vocabularies,
  VOCABULARY_VERSION,
} from './vocabulary/vocabulary';
export {
  vocabularyEntrySchema,
  vocabularyKindSchema,
  vocabularySchema,
} from './vocabulary/vocabulary.schema';
export type {
  Vocabulary,
  VocabularyCollision,
  VocabularyEntry,
  VocabularyIndex,
  VocabularyKind,
  VocabularyLocale,
  VocabularyResolution,
  VocabularySuggestion,
} from './vocabulary/vocabulary.types';
