import { getVocabularyIndex } from './vocabulary/vocabulary';
import type { VocabularyKind } from './vocabulary/vocabulary.types';

// The vocabularies installed in this process (`installVocabularies`): in the API and the indexer the
// database's, kept current on change; the shipped ones elsewhere.

export type ResolvableVocabulary = VocabularyKind;

/**
 * Maps free text to `{ id, name }`: the canonical vocabulary id and label when the text matches a label or
 * alias, else no id and the trimmed text, which stays searchable as free text.
 */
export function resolveTerm(kind: ResolvableVocabulary, text: string): { id: string | null; name: string } {
  const resolved = getVocabularyIndex(kind).resolve(text);
  if ('id' in resolved) return { id: resolved.id, name: resolved.entry.en };
  return { id: null, name: resolved.freeText };
}
