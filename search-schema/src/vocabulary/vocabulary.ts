import { COMBINING_MARKS, foldUndecomposedLetters } from '../folding-table';
import { degreesVocabulary } from './degrees.data';
import { fieldsOfStudyVocabulary } from './fields-of-study.data';
import { jobTitlesVocabulary } from './job-titles.data';
import { languagesVocabulary } from './languages.data';
import { skillsVocabulary } from './skills.data';
import type {
  Vocabulary,
  VocabularyCollision,
  VocabularyEntry,
  VocabularyIndex,
  VocabularyKind,
  VocabularyLocale,
  VocabularyResolution,
  VocabularySuggestion,
} from './vocabulary.types';

/**
 * Every vocabulary as shipped with this package: the data the database's vocabulary tables were seeded from,
 * and what a process uses until it installs the database's (`installVocabularies`). Pure tests use it as is.
 */
export const vocabularies: Readonly<Record<VocabularyKind, Vocabulary>> = {
  skills: skillsVocabulary,
  jobTitles: jobTitlesVocabulary,
  languages: languagesVocabulary,
  degrees: degreesVocabulary,
  fieldsOfStudy: fieldsOfStudyVocabulary,
};

/**
 * The versions of all vocabularies in one string ('skills@1,jobTitles@1,...'). Anything derived from the
 * vocabularies (indexed documents, cached suggestions) can store it to know when it is stale.
 */
export const VOCABULARY_VERSION: string = Object.values(vocabularies)
  .map((vocabulary) => `${vocabulary.kind}@${vocabulary.version}`)
  .join(',');

// Dropped without a trace so that "Bachelor's" and "Bachelors" meet.
const APOSTROPHES = /['’ʼ´`]/g;
// '+', '#' and '&' carry meaning (C, C++ and C# differ; M&A); everything else that is not a letter or digit
// ('.', '-', '_', '/', spaces...) separates words.
const SEPARATORS = /[^\p{L}\p{N}+#&]+/gu;
// ...but only when attached to a word: a leading '#' (hashtag) or a lone '&' or '+' means nothing.
const DETACHED_SYMBOLS = /(?<![\p{L}\p{N}+#])[+#]+|(?<![\p{L}\p{N}])&|&(?![\p{L}\p{N}])/gu;
const SPACES = / +/g;
/** Spellings whose resolution one vocabulary index remembers (see `resolve`). */
const RESOLUTION_CACHE_SIZE = 20_000;

/**
 * The form in which labels, aliases and user input are compared: lower case, diacritics stripped
 * ('Göteborg' -> 'goteborg'), '.', '-', '_', '/' and whitespace collapsed into single spaces
 * ('React.js' -> 'react js'), '+', '#' and '&' kept inside words ('C++', 'C#', 'M&A').
 */
export function normalizeVocabularyText(text: string): string {
  return foldUndecomposedLetters(text.toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, ''))
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .replace(DETACHED_SYMBOLS, ' ')
    .replace(SPACES, ' ')
    .trim();
}

// The normalised text without spaces, so that 'ReactJS' meets 'React.js' and 'Scrummaster' 'Scrum master'.
function compactOf(normalized: string): string {
  return normalized.replaceAll(' ', '');
}

function spellingsOf(entry: VocabularyEntry): string[] {
  return [entry.id, entry.sv, entry.en, ...entry.aliases];
}

function groupIdsByKey(
  vocabulary: Vocabulary,
  keyOf: (normalized: string) => string,
): Map<string, Set<string>> {
  const idsByKey = new Map<string, Set<string>>();
  for (const entry of vocabulary.entries) {
    for (const spelling of spellingsOf(entry)) {
      const key = keyOf(normalizeVocabularyText(spelling));
      if (!key) continue;
      const ids = idsByKey.get(key) ?? new Set<string>();
      ids.add(entry.id);
      idsByKey.set(key, ids);
    }
  }
  return idsByKey;
}

function collisionsIn(idsByKey: Map<string, Set<string>>): VocabularyCollision[] {
  return [...idsByKey]
    .filter(([, ids]) => ids.size > 1)
    .map(([key, ids]) => ({ key, ids: [...ids].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Normalised texts (from ids, labels or aliases) claimed by more than one entry. Such text could not be
 * resolved to one id, so a valid vocabulary has none.
 */
export function findVocabularyCollisions(vocabulary: Vocabulary): VocabularyCollision[] {
  return collisionsIn(groupIdsByKey(vocabulary, (normalized) => normalized));
}

/**
 * Like `findVocabularyCollisions`, but comparing texts with their spaces removed ('Data lake' vs
 * 'Datalake'). `resolve` only falls back to this form when it is unambiguous, so these collisions are
 * harmless for correctness; they only mean the space-less spelling stays free text.
 */
export function findCompactVocabularyCollisions(vocabulary: Vocabulary): VocabularyCollision[] {
  return collisionsIn(groupIdsByKey(vocabulary, compactOf));
}

interface SuggestionText {
  /** The normalised text with a leading space, to find word starts. */
  spaced: string;
  compact: string;
  source: VocabularyLocale | 'alias';
}

// Lower is better; see `VocabularyIndex.suggest`.
const TIER = {
  exact: 0,
  labelPrefix: 1,
  aliasPrefix: 2,
  otherLabelPrefix: 3,
  wordPrefix: 4,
  infix: 5,
  fuzzyLabel: 6,
  fuzzyAlias: 7,
  fuzzyOtherInitial: 8,
} as const;
type Tier = (typeof TIER)[keyof typeof TIER];

// Below this many characters a match inside a word or one typo matches nearly everything.
const MIN_INFIX_LENGTH = 3;
const MIN_FUZZY_LENGTH = 3;

/**
 * A test of whether some prefix of a text is within one edit (insertion, deletion, substitution or
 * transposition of neighbours) of `query`: the optimal-string-alignment form of Damerau-Levenshtein,
 * computed only against the prefixes whose length can be within one edit. The rows are allocated once per
 * query because the test runs against every text of a vocabulary on each keystroke.
 */
function createOneEditPrefixTest(query: string): (text: string) => boolean {
  const n = query.length;
  // Rows i - 2, i - 1 and i of the distance table between query[0, i) and text[0, j).
  let beforePrevious = new Int32Array(n + 2);
  let previous = new Int32Array(n + 2);
  let current = new Int32Array(n + 2);
  return (text) => {
    const width = Math.min(text.length, n + 1);
    if (width < n - 1) return false;
    for (let j = 0; j <= width; j++) previous[j] = j;
    for (let i = 1; i <= n; i++) {
      current[0] = i;
      let rowMinimum = i;
      for (let j = 1; j <= width; j++) {
        const cost = query[i - 1] === text[j - 1] ? 0 : 1;
        let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
        if (i > 1 && j > 1 && query[i - 1] === text[j - 2] && query[i - 2] === text[j - 1]) {
          distance = Math.min(distance, beforePrevious[j - 2]! + 1);
        }
        current[j] = distance;
        rowMinimum = Math.min(rowMinimum, distance);
      }
      // Row minima never decrease, so no prefix can come back within one edit.
      if (rowMinimum > 1) return false;
      [beforePrevious, previous, current] = [previous, current, beforePrevious];
    }
    for (let j = Math.max(0, n - 1); j <= width; j++) {
      if (previous[j]! <= 1) return true;
    }
    return false;
  };
}

interface SuggestionQuery {
  normalized: string;
  compact: string;
  isPrefixWithinOneEdit: (text: string) => boolean;
}

function tierOf(text: SuggestionText, query: SuggestionQuery, locale: VocabularyLocale): Tier | undefined {
  if (text.compact === query.compact) return TIER.exact;
  if (text.compact.startsWith(query.compact)) {
    if (text.source === 'alias') return TIER.aliasPrefix;
    return text.source === locale ? TIER.labelPrefix : TIER.otherLabelPrefix;
  }
  // A later word of a multi-word text: 'manager' finds 'Project manager'.
  if (text.spaced.includes(` ${query.normalized}`, 1)) return TIER.wordPrefix;
  // Inside a word, as in Swedish compounds: 'arkitekt' finds 'Systemarkitekt', 'sql' finds 'PostgreSQL'.
  if (query.compact.length >= MIN_INFIX_LENGTH && text.spaced.includes(query.normalized)) return TIER.infix;
  if (query.compact.length >= MIN_FUZZY_LENGTH && query.isPrefixWithinOneEdit(text.compact)) {
    // A first letter typed wrong is rarer than a slip further on.
    if (text.compact[0] !== query.compact[0]) return TIER.fuzzyOtherInitial;
    return text.source === 'alias' ? TIER.fuzzyAlias : TIER.fuzzyLabel;
  }
  return undefined;
}

/** Builds the lookups over one vocabulary. Cheap enough to build at start-up; reuse the result. */
export function createVocabularyIndex(vocabulary: Vocabulary): VocabularyIndex {
  const entriesById = new Map<string, VocabularyEntry>();
  for (const entry of vocabulary.entries) entriesById.set(entry.id, entry);

  const idByKey = new Map<string, string>();
  for (const [key, ids] of groupIdsByKey(vocabulary, (normalized) => normalized)) {
    if (ids.size === 1) idByKey.set(key, [...ids][0]!);
  }
  const idByCompactKey = new Map<string, string>();
  for (const [key, ids] of groupIdsByKey(vocabulary, compactOf)) {
    if (ids.size === 1) idByCompactKey.set(key, [...ids][0]!);
  }

  const suggestionTexts = vocabulary.entries.map((entry) => {
    // The id counts as an alias, so a language's ISO code ('sv') is an exact match.
    const spellings: [string, SuggestionText['source']][] = [
      [entry.sv, 'sv'],
      [entry.en, 'en'],
      ...[entry.id, ...entry.aliases].map((alias): [string, SuggestionText['source']] => [alias, 'alias']),
    ];
    const texts = spellings
      .map(([spelling, source]): SuggestionText => {
        const normalized = normalizeVocabularyText(spelling);
        return { spaced: ` ${normalized}`, compact: compactOf(normalized), source };
      })
      .filter((text) => text.compact !== '');
    return { entry, texts };
  });

  const collators: Record<VocabularyLocale, Intl.Collator> = {
    sv: new Intl.Collator('sv', { sensitivity: 'base' }),
    en: new Intl.Collator('en', { sensitivity: 'base' }),
  };

  function getById(id: string): VocabularyEntry | undefined {
    return entriesById.get(id);
  }

  // The index never changes once built, so resolutions are cached: the indexer resolves the same few thousand
  // spellings over and over. Bounded, so free text from many profiles cannot grow it without limit.
  const resolved = new Map<string, VocabularyResolution>();
  function resolve(text: string): VocabularyResolution {
    const cached = resolved.get(text);
    if (cached) return cached;
    const normalized = normalizeVocabularyText(text);
    const id = idByKey.get(normalized) ?? idByCompactKey.get(compactOf(normalized));
    const entry = id === undefined ? undefined : entriesById.get(id);
    const resolution: VocabularyResolution = entry ? { id: entry.id, entry } : { freeText: text.trim() };
    if (resolved.size >= RESOLUTION_CACHE_SIZE) resolved.clear();
    resolved.set(text, resolution);
    return resolution;
  }

  function label(id: string, locale: VocabularyLocale): string | undefined {
    return entriesById.get(id)?.[locale];
  }

  function suggest(prefix: string, locale: VocabularyLocale, limit = 10): VocabularySuggestion[] {
    const normalized = normalizeVocabularyText(prefix);
    const compact = compactOf(normalized);
    if (!compact || limit <= 0) return [];
    const query: SuggestionQuery = {
      normalized,
      compact,
      isPrefixWithinOneEdit: createOneEditPrefixTest(compact),
    };
    const matches: { tier: Tier; entry: VocabularyEntry }[] = [];
    for (const { entry, texts } of suggestionTexts) {
      let best: Tier | undefined;
      for (const text of texts) {
        const tier = tierOf(text, query, locale);
        if (tier !== undefined && (best === undefined || tier < best)) best = tier;
        if (best === TIER.exact) break;
      }
      if (best !== undefined) matches.push({ tier: best, entry });
    }
    const collator = collators[locale];
    matches.sort(
      (a, b) =>
        a.tier - b.tier ||
        collator.compare(a.entry[locale], b.entry[locale]) ||
        (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0),
    );
    return matches.slice(0, limit).map(({ entry }) => ({ id: entry.id, label: entry[locale], entry }));
  }

  return { kind: vocabulary.kind, version: vocabulary.version, resolve, getById, label, suggest };
}

// The vocabularies this process works with. This package never reads a database: the API and the indexer load
// the vocabulary tables and pass them in (`installVocabularies`), again whenever an admin changes them.
let installed: Readonly<Record<VocabularyKind, Vocabulary>> = vocabularies;
let installedRevision: number | null = null;
let installedSource: string | undefined;
const indexCache = new Map<VocabularyKind, VocabularyIndex>();

/**
 * Makes these the vocabularies every resolution, label, suggestion and search-term analysis of this process
 * uses from now on (derived lookups are rebuilt on first use). The API and the indexer call it with the
 * database's vocabularies at start and after each change, with the database's revision they were read at
 * (`null`: not the database's, as the shipped ones), and the database they were read from (`source`).
 *
 * A set read from the same source at an older revision than the one installed is ignored (returns false): two
 * loaders in one process (the API and an indexer started beside it, as some tests do) can finish out of order,
 * and a load that read the database before a change must not undo the newer set installed after it.
 */
export function installVocabularies(
  next: Readonly<Record<VocabularyKind, Vocabulary>>,
  revision: number | null = null,
  source?: string,
): boolean {
  if (
    source !== undefined &&
    source === installedSource &&
    revision !== null &&
    installedRevision !== null &&
    revision < installedRevision
  ) {
    return false;
  }
  installed = next;
  installedRevision = revision;
  installedSource = source;
  indexCache.clear();
  return true;
}

/**
 * The database revision of the installed vocabularies, or `null` while they are not the database's (the
 * shipped ones, or a set installed without one): what a stored search document's key records.
 */
export function installedVocabularyRevision(): number | null {
  return installedRevision;
}

/** The vocabularies installed in this process (the shipped ones until `installVocabularies`). */
export function currentVocabularies(): Readonly<Record<VocabularyKind, Vocabulary>> {
  return installed;
}

/** The shared index of one of the installed vocabularies, built on first use. */
export function getVocabularyIndex(kind: VocabularyKind): VocabularyIndex {
  let index = indexCache.get(kind);
  if (!index) {
    index = createVocabularyIndex(installed[kind]);
    indexCache.set(kind, index);
  }
  return index;
}
