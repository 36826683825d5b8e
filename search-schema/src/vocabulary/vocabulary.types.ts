/** The controlled vocabularies a profile and a search refer to. */
export type VocabularyKind = 'skills' | 'jobTitles' | 'languages' | 'degrees' | 'fieldsOfStudy';

/** The two interface languages; every entry carries a label in both. */
export type VocabularyLocale = 'sv' | 'en';

/**
 * One term of a vocabulary. Profiles, documents and saved searches store only `id`, so an id is a stable
 * contract: it is never renamed and never reused for another term, even after the term is retired.
 */
export interface VocabularyEntry {
  /** Lowercase ASCII slug such as 'javascript' or 'project-manager'; ISO 639-1 code for languages. */
  id: string;
  /** Swedish label. */
  sv: string;
  /** English label (often identical to `sv` for technical names). */
  en: string;
  /** Other spellings in either language that should resolve to this entry ('JS', 'ReactJS', 'k8s'). */
  aliases: string[];
  /** Lowercase slug grouping entries for display (for degrees: the education level they give). */
  category?: string;
}

/** A whole vocabulary. `version` goes up whenever entries are added, relabelled or retired. */
export interface Vocabulary {
  kind: VocabularyKind;
  version: number;
  entries: readonly VocabularyEntry[];
}

/** A known entry, or the user's own words when they match no label or alias. */
export type VocabularyResolution = { id: string; entry: VocabularyEntry } | { freeText: string };

export interface VocabularySuggestion {
  id: string;
  /** The entry's label in the requested locale. */
  label: string;
  entry: VocabularyEntry;
}

/** Several normalised spellings that would resolve to more than one entry of the same vocabulary. */
export interface VocabularyCollision {
  /** The normalised text (see `normalizeVocabularyText`) shared by the entries. */
  key: string;
  /** The entries claiming it, sorted. */
  ids: string[];
}

/** Lookups over one vocabulary, built once by `createVocabularyIndex`. */
export interface VocabularyIndex {
  readonly kind: VocabularyKind;
  readonly version: number;
  /** Maps free text to its entry when it matches a label, alias or id after normalisation. */
  resolve(text: string): VocabularyResolution;
  getById(id: string): VocabularyEntry | undefined;
  label(id: string, locale: VocabularyLocale): string | undefined;
  /**
   * Entries for an autocomplete box, at most `limit` (default 10), one per entry, best first: exact matches
   * of a label, alias or id; label prefixes in `locale`; alias prefixes; label prefixes in the other locale;
   * prefixes of a later word ('manager' -> 'Project manager'); matches inside a word ('arkitekt' ->
   * 'Systemarkitekt'); prefixes one typo away ('jva' -> 'Java'). Ties are alphabetical in `locale`.
   */
  suggest(prefix: string, locale: VocabularyLocale, limit?: number): VocabularySuggestion[];
}
