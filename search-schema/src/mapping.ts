// The index mapping and settings of the consultants index.
//
// The Elasticsearch distribution we run has no language analyzers, stemmers, ASCII folding or n-gram
// tokenizers; our analysis plugin supplies the token filters `sv_light_stem`, `sv_folding`, `en_stem`,
// `en_possessive` and `prefix_edge_ngram`. Only the standard tokenizer exists. Plugin filters cannot be used
// in normalizers, so keyword fields use the built-in `lowercase` normalizer and their values are folded in
// TypeScript (`foldKeyword`) on both the document and the query side.

/** The alias the application reads and writes through; a reindex swaps it to a new versioned index. */
export const INDEX_ALIAS = 'consultants';

/**
 * Bump whenever `buildIndexDefinition` changes (mapping, analysis or the document shape): a new version means
 * a new index `consultants_v<N>`, filled by a reindex and then swapped in behind the alias.
 */
export const MAPPING_VERSION = 3;

/** The concrete index behind the alias for a mapping version: `consultants_v<version>`. */
export function indexNameForVersion(version: number): string {
  if (!Number.isInteger(version) || version < 1) throw new RangeError(`Invalid mapping version: ${version}`);
  return `${INDEX_ALIAS}_v${version}`;
}

/** Analyzer names, for queries that pick one explicitly. */
export const ANALYZERS = {
  /** Standard tokenizer, lowercase, ASCII folding: exact words, accents ignored. */
  folded: 'folded',
  /** `folded` plus Swedish light stemming. */
  swedish: 'sv_text',
  /** English possessives and plurals removed, then folded. */
  english: 'en_text',
  /** Index-time edge n-grams of every folded word, for typeahead; searched with `folded`. */
  prefix: 'prefix_text',
} as const;

// Swedish stacks suffixes (plural plus definite article: utvecklar-na, konsult-er-na, erfarenhet-er-na) and
// the light stemmer strips one suffix per pass, so it runs three times: measured on this node, one pass
// leaves 'utvecklarna' -> 'utvecklarn' against 'utvecklare' -> 'utveckl', and 'konsulterna' -> 'konsult'
// against 'konsult' -> 'konsul'; three passes bring every inflection in our test list to one stem. Query
// and document go through the same chain, so over-stemming costs some precision, never consistency; exact
// words still score higher through the unstemmed main field.
//
// Folding comes BEFORE stemming: the stemmer then sees the same letters whether the user typed 'Umeå' or
// 'Umea' (folding after it would strip the 'a' of 'umea' but not the 'å' of 'umeå').
//
// No stop-word filters: the first search word is mandatory, and a first word such as 'IT' (an English
// stop word) must not vanish from the query; BM25 already gives frequent words little weight.
// Typed loosely: the Elasticsearch client's typings do not know our plugin's filter types.
const ANALYSIS: Record<string, unknown> = {
  filter: {
    autocomplete_edge: { type: 'prefix_edge_ngram', min_gram: 1, max_gram: 20 },
  },
  analyzer: {
    [ANALYZERS.folded]: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'sv_folding'] },
    [ANALYZERS.swedish]: {
      type: 'custom',
      tokenizer: 'standard',
      filter: ['lowercase', 'sv_folding', 'sv_light_stem', 'sv_light_stem', 'sv_light_stem'],
    },
    [ANALYZERS.english]: {
      type: 'custom',
      tokenizer: 'standard',
      filter: ['en_possessive', 'lowercase', 'sv_folding', 'en_stem'],
    },
    [ANALYZERS.prefix]: {
      type: 'custom',
      tokenizer: 'standard',
      filter: ['lowercase', 'sv_folding', 'autocomplete_edge'],
    },
  },
};

/** An id or value list: exact match, aggregatable, case-insensitive. */
const keyword = { type: 'keyword', normalizer: 'lowercase' } as const;
/** Kept in `_source` only. */
const storedOnly = { type: 'keyword', index: false, doc_values: false } as const;

const textFields = {
  sv: { type: 'text', analyzer: ANALYZERS.swedish },
  en: { type: 'text', analyzer: ANALYZERS.english },
} as const;

/** Full text with a folded main field and Swedish and English stemmed sub-fields. */
const searchableText = { type: 'text', analyzer: ANALYZERS.folded, fields: textFields } as const;

/** `searchableText` plus a `prefix` sub-field of edge n-grams for as-you-type matching. */
const searchableTextWithPrefix = {
  type: 'text',
  analyzer: ANALYZERS.folded,
  fields: {
    ...textFields,
    prefix: { type: 'text', analyzer: ANALYZERS.prefix, search_analyzer: ANALYZERS.folded },
  },
} as const;

const MAPPINGS = {
  dynamic: 'strict',
  _meta: { mappingVersion: MAPPING_VERSION },
  properties: {
    userId: { type: 'keyword' },
    version: { type: 'long' },
    updatedAt: { type: 'date' },
    isSearchable: { type: 'boolean' },
    completion: { type: 'float' },
    approvedReferenceCount: { type: 'integer' },
    discType: keyword,
    discSource: keyword,
    drivingForces: keyword,
    locations: keyword,
    availability: {
      type: 'object',
      properties: {
        kind: keyword,
        date: { type: 'date', format: 'strict_date' },
        withinDays: { type: 'integer' },
      },
    },
    skills: {
      type: 'nested',
      dynamic: 'strict',
      properties: {
        id: keyword,
        sv: storedOnly,
        en: storedOnly,
        name: storedOnly,
        years: { type: 'float' },
        lastUsedYear: { type: 'integer' },
        starred: { type: 'boolean' },
      },
    },
    skillIds: keyword,
    jobTitleIds: keyword,
    languages: {
      type: 'nested',
      dynamic: 'strict',
      properties: {
        code: keyword,
        level: keyword,
        levelRank: { type: 'integer' },
      },
    },
    languageCodes: keyword,
    educationLevel: keyword,
    educationLevelRank: { type: 'integer' },
    fieldsOfStudy: keyword,
    drivingLicences: keyword,
    titleText: searchableTextWithPrefix,
    skillText: searchableTextWithPrefix,
    bodyText: searchableText,
    // The result card: returned from `_source`, never searched, so it costs no index space.
    card: { type: 'object', enabled: false },
  },
} as const;

export interface IndexDefinitionOptions {
  /** Primary shards (1 on one machine; more when the cluster grows, applied by a reindex). */
  shards?: number;
  /** Replicas per shard (0 on one node). */
  replicas?: number;
}

/** The body of `indices.create` for a new consultants index: settings with our analysis chain, and the strict mapping. */
export function buildIndexDefinition({ shards = 1, replicas = 0 }: IndexDefinitionOptions = {}) {
  return {
    settings: {
      number_of_shards: shards,
      number_of_replicas: replicas,
      analysis: ANALYSIS,
    },
    mappings: MAPPINGS,
  };
}

export type IndexDefinition = ReturnType<typeof buildIndexDefinition>;
