import { createVocabularyIndex, vocabularies } from './vocabulary/vocabulary';

// Built once per process: the vocabularies are versioned data compiled into search-schema.
const indexes = {
  skills: createVocabularyIndex(vocabularies.skills),
  jobTitles: createVocabularyIndex(vocabularies.jobTitles),
  degrees: createVocabularyIndex(vocabularies.degrees),
  fieldsOfStudy: createVocabularyIndex(vocabularies.fieldsOfStudy),
  languages: createVocabularyIndex(vocabularies.languages),
};

export type ResolvableVocabulary = keyof typeof indexes;

/**
 * Maps free text to `{ id, name }`: the canonical vocabulary id and label when the text matches a label or
 * alias, else no id and the trimmed text, which stays searchable as free text.
 */
export function resolveTerm(kind: ResolvableVocabulary, text: string): { id: string | null; name: string } {
  const resolved = indexes[kind].resolve(text);
  if ('id' in resolved) return { id: resolved.id, name: resolved.entry.en };
  return { id: null, name: resolved.freeText };
}
