import { WORK_LOCATION_ALIASES, WORK_LOCATIONS } from '@mp/domain';
import { foldKeyword, foldText, tokenizeText } from './fold';
import { currentVocabularies, normalizeVocabularyText } from './vocabulary/vocabulary';
import { getVocabularyIndex } from './vocabulary/vocabulary';
import type { Vocabulary, VocabularyEntry, VocabularyKind } from './vocabulary/vocabulary.types';

// Lookups derived from the installed vocabularies, rebuilt when another set is installed.
let derivedFrom: Readonly<Record<VocabularyKind, Vocabulary>> | undefined;
function vocabularies(): Readonly<Record<VocabularyKind, Vocabulary>> {
  const current = currentVocabularies();
  if (derivedFrom !== current) {
    derivedFrom = current;
    symbolTerms = undefined;
    symbolPattern = undefined;
    symbolPrecheck = undefined;
    titleTokens = undefined;
    roleCache.clear();
    typoNames = undefined;
  }
  return current;
}

// What a buyer's search words mean: vocabulary skills ('c#', 'sql server', 'k8s'), job titles and role words
// ('projektledare', 'utvecklare'), compounds of both ('javautvecklare' = Java + a developer title), places
// ('stockholm') and plain words. The query builder ranks by these concepts (a skill's years and recent use,
// a held title, the place) and keeps the words for full-text matching.

// ---------------------------------------------------------------------------------------------------------
// Symbol terms

// The standard tokenizer drops '#' and '+' and a leading '.', so 'C#', 'C++', 'F#' and '.NET' would all be
// searched as 'c', 'f' or 'net'. Both documents and search terms are rewritten before Elasticsearch sees them:
// each such vocabulary spelling becomes one plain token ('c#' -> 'csharp', '.net' -> 'dotnet'). The list comes
// from the skills vocabulary: every one-word label or alias the tokenizer would change.

/** The plain token that stands for a vocabulary entry whose name has symbols: its id without separators. */
function symbolToken(entry: VocabularyEntry): string {
  return entry.id.replace(/[^a-z0-9]/gu, '');
}

function buildSymbolTerms(): Map<string, string> {
  const terms = new Map<string, string>();
  for (const entry of vocabularies().skills.entries) {
    for (const spelling of [entry.sv, entry.en, ...entry.aliases]) {
      const word = foldText(spelling.trim());
      if (word === '' || /\s/u.test(word) || !/[#+]|^\./u.test(word)) continue;
      if (tokenizeText(word).join(' ') === word) continue;
      if (!terms.has(word)) terms.set(word, symbolToken(entry));
    }
  }
  return terms;
}

let symbolTerms: Map<string, string> | undefined;
let symbolPattern: RegExp | undefined;
let symbolPrecheck: RegExp | undefined;

/**
 * What every symbol spelling contains: a '#' or '+', or (the ones that only start with a dot, '.net') itself.
 * A text without any of these cannot match, and most texts have none: the whole-word pattern, with its
 * look-arounds over Unicode classes, is only run on the others. A plain '.' (every sentence's) is no reason.
 */
function buildSymbolPrecheck(terms: ReadonlyMap<string, string>): RegExp {
  const dotted = [...terms.keys()].filter((term) => !/[#+]/u.test(term)).map(escapeRegExp);
  return new RegExp(['[#+]', ...dotted].join('|'), 'iu');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** The symbol spellings and their plain tokens ('c#' -> 'csharp', 'c++' -> 'cpp', '.net' -> 'dotnet'). */
export function getSymbolTerms(): ReadonlyMap<string, string> {
  vocabularies();
  symbolTerms ??= buildSymbolTerms();
  return symbolTerms;
}

/**
 * Rewrites the symbol spellings of vocabulary skills in free text to their plain tokens, as whole words only:
 * 'C#/.NET-utvecklare' -> 'csharp/dotnet-utvecklare', while 'ASP.NET' and 'Objective-C' stay. Applied to every
 * indexed text and to the search term, so both sides agree.
 */
export function protectSymbolTerms(text: string): string {
  const terms = getSymbolTerms();
  if (terms.size === 0) return text;
  symbolPrecheck ??= buildSymbolPrecheck(terms);
  if (!symbolPrecheck.test(text)) return text;
  symbolPattern ??= new RegExp(
    `(?<![\\p{L}\\p{N}_.])(${[...terms.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}\\p{N}_#+])`,
    'giu',
  );
  return text.replace(symbolPattern, (match) => terms.get(foldText(match)) ?? match);
}

// ---------------------------------------------------------------------------------------------------------
// Concepts

export type SearchConcept =
  | {
      kind: 'skill';
      skill: string;
      words: string[];
      /** Set when the word names the skill only through a typo correction ('kuberentes'). */
      corrected?: true;
    }
  | {
      kind: 'role';
      /** The title the words name exactly ('Javautvecklare', 'DevOps engineer'), if any. */
      titles: string[];
      /**
       * A compound of a skill and a role ('javautvecklare', 'ux-designer') asks for the skill in the role: the
       * role's family lifts nearly as much as the title the word names. A phrase that names a title
       * ('devops engineer') asks for that title first.
       */
      asksForRole: boolean;
      /**
       * The titles of the role word ('utvecklare': Frontendutvecklare, Backendutvecklare, ...); with a skill,
       * those of the role's own family (see `otherTitles`).
       */
      roleTitles: string[];
      /**
       * With a skill, the titles that only end in the role word outside its family ('pythonutvecklare':
       * Affärsutvecklare, BI-utvecklare): the profile is in the role, but less what the buyer asked for.
       */
      otherTitles: string[];
      /** The skill of a compound or a 'skill + role' phrase ('javautvecklare', 'java developer'). */
      skill?: string;
      words: string[];
      /** Set when the word names the title only through a typo correction ('projektledre'). */
      corrected?: true;
    }
  | { kind: 'location'; location: string; words: string[] }
  | { kind: 'word'; words: string[] };

/** The longest run of search words that is looked up as one name ('stakeholder management'). */
const MAX_PHRASE_WORDS = 4;
/** A role word must name at least this many titles ('utvecklare', 'konsult', 'arkitekt'). */
const ROLE_MIN_TITLES = 3;
const ROLE_MIN_LENGTH = 5;

let titleTokens: { id: string; tokens: string[] }[] | undefined;
const roleCache = new Map<string, string[]>();

/**
 * The job titles a role word names: titles with a word equal to it or ending in it
 * ('utvecklare' -> Frontendutvecklare, .NET-utvecklare, ...; 'developer' -> Frontend developer, ...).
 */
export function titlesOfRole(word: string, wholeWord = false): string[] {
  const jobTitles = vocabularies().jobTitles;
  const key = normalizeVocabularyText(word);
  const cacheKey = `${wholeWord ? '=' : '~'}${key}`;
  const cached = roleCache.get(cacheKey);
  if (cached) return cached;
  titleTokens ??= jobTitles.entries.map((entry) => ({
    id: entry.id,
    tokens: [entry.sv, entry.en, ...entry.aliases].flatMap((text) =>
      normalizeVocabularyText(text).split(' '),
    ),
  }));
  const titles =
    key.length < ROLE_MIN_LENGTH || key.includes(' ')
      ? []
      : titleTokens
          .filter(({ tokens }) =>
            tokens.some((token) => token === key || (!wholeWord && token.endsWith(key))),
          )
          .map(({ id }) => id);
  const result = titles.length >= (wholeWord ? 2 : ROLE_MIN_TITLES) ? titles : [];
  roleCache.set(cacheKey, result);
  return result;
}

/** A region by its names and its towns ('malmö' is Skåne), folded. */
const locationByName = new Map<string, string>();
for (const location of WORK_LOCATIONS) {
  for (const name of [
    location.label.sv,
    location.label.en,
    location.id,
    ...WORK_LOCATION_ALIASES[location.id],
  ]) {
    locationByName.set(foldKeyword(name), location.id);
  }
}

function resolved(kind: 'skills' | 'jobTitles', text: string): string | undefined {
  const resolution = getVocabularyIndex(kind).resolve(text);
  return 'id' in resolution ? resolution.id : undefined;
}

/** A search term read as a skill in a role: the skill, the role word and every title of that word. */
interface SkillInRole {
  skill: string;
  role: string;
  titles: string[];
}

/** 'javautvecklare' -> Java + developer titles; 'sap-konsult' -> SAP + consultant titles. */
function splitCompound(word: string): SkillInRole | undefined {
  const folded = foldText(word);
  for (let end = folded.length - ROLE_MIN_LENGTH; end >= 2; end--) {
    const head = folded.slice(0, end);
    const tail = folded.slice(end).replace(/^-/u, '');
    const skill = resolved('skills', head);
    if (skill === undefined) continue;
    // The tail must be a role word on its own ('utvecklare', not 'ontroller' of 'controller'); the role then
    // covers the compounds that end in it too ('Frontendutvecklare').
    if (titlesOfRole(tail, true).length > 0) return { skill, role: tail, titles: titlesOfRole(tail) };
  }
  return undefined;
}

/** 'java developer' -> Java + developer titles: every word but the last a skill, the last a role word. */
function splitPhrase(raw: string): SkillInRole | undefined {
  const words = raw.split(' ');
  if (words.length < 2) return splitCompound(raw);
  const skill = resolved('skills', words.slice(0, -1).join(' '));
  const role = words[words.length - 1]!;
  return skill !== undefined && titlesOfRole(role, true).length > 0
    ? { skill, role, titles: titlesOfRole(role) }
    : undefined;
}

/**
 * The titles of a skill in a role, split by the role's family: the job-title categories of the title the role
 * word names on its own ('utvecklare': Systemutvecklare) and of the title the whole term names
 * ('pythonutvecklare': Pythonutvecklare). Titles of other categories only end in the same word ('utvecklare':
 * Affärsutvecklare, Processutvecklare, BI-utvecklare, Hårdvaruutvecklare): a Python developer is not a business
 * developer who knows Python. When neither title has a category, every title is in the family.
 */
function byRoleFamily(
  split: SkillInRole,
  exactTitle: string | undefined,
): { family: string[]; others: string[] } {
  const index = getVocabularyIndex('jobTitles');
  const categories = new Set(
    [resolved('jobTitles', split.role), exactTitle].flatMap((id) => {
      const category = id === undefined ? undefined : index.getById(id)?.category;
      return category ? [category] : [];
    }),
  );
  if (categories.size === 0) return { family: split.titles, others: [] };
  const inFamily = (id: string) => {
    const category = index.getById(id)?.category;
    return category !== undefined && categories.has(category);
  };
  return {
    family: split.titles.filter((id) => id === exactTitle || inFamily(id)),
    others: split.titles.filter((id) => id !== exactTitle && !inFamily(id)),
  };
}

// Typos: a word that names nothing is compared with the one-word names of skills and job titles; one edit
// away (two from eight letters) from exactly one entry, it means that entry ('kuberentes' -> Kubernetes).
const TYPO_MIN_LENGTH = 5;
let typoNames: { name: string; kind: 'skills' | 'jobTitles'; id: string }[] | undefined;

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped at `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

function correctTypo(word: string): { kind: 'skills' | 'jobTitles'; id: string } | undefined {
  const folded = normalizeVocabularyText(word);
  if (folded.length < TYPO_MIN_LENGTH || folded.includes(' ')) return undefined;
  const installed = vocabularies();
  typoNames ??= (['skills', 'jobTitles'] as const).flatMap((kind) =>
    installed[kind].entries.flatMap((entry) =>
      [entry.sv, entry.en, ...entry.aliases]
        .map((text) => normalizeVocabularyText(text))
        .filter((name) => name.length >= TYPO_MIN_LENGTH && !name.includes(' '))
        .map((name) => ({ name, kind, id: entry.id })),
    ),
  );
  const max = folded.length >= 8 ? 2 : 1;
  let best: { kind: 'skills' | 'jobTitles'; id: string; distance: number } | undefined;
  let tied = false;
  for (const candidate of typoNames) {
    const distance = editDistance(folded, candidate.name, max);
    if (distance > max) continue;
    if (!best || distance < best.distance) {
      best = { kind: candidate.kind, id: candidate.id, distance };
      tied = false;
    } else if (distance === best.distance && (candidate.id !== best.id || candidate.kind !== best.kind)) {
      tied = true;
    }
  }
  return best && !tied ? { kind: best.kind, id: best.id } : undefined;
}

/** What one run of raw words means, or undefined when it names nothing. */
function conceptOf(raw: string, words: string[], single: boolean): SearchConcept | undefined {
  const location = locationByName.get(foldKeyword(raw));
  if (location !== undefined) return { kind: 'location', location, words };
  const skill = resolved('skills', raw);
  if (skill !== undefined) return { kind: 'skill', skill, words };
  const title = resolved('jobTitles', raw);
  const titles = title === undefined ? [] : [title];
  const split = splitPhrase(raw);
  // A phrase that names a title ('devops engineer') asks for that title; a compound ('pythonutvecklare') asks
  // for the skill in the role, its own title first among equals.
  if (split) {
    const { family, others } = byRoleFamily(split, title);
    return {
      kind: 'role',
      titles,
      asksForRole: single,
      roleTitles: family,
      otherTitles: others,
      skill: split.skill,
      words,
    };
  }
  const role = single ? titlesOfRole(raw) : [];
  if (title !== undefined || role.length > 0) {
    return { kind: 'role', titles, asksForRole: false, roleTitles: role, otherTitles: [], words };
  }
  if (single) {
    const typo = correctTypo(raw);
    if (typo?.kind === 'skills') return { kind: 'skill', skill: typo.id, words, corrected: true };
    if (typo?.kind === 'jobTitles') {
      return {
        kind: 'role',
        titles: [typo.id],
        asksForRole: false,
        roleTitles: [],
        otherTitles: [],
        words,
        corrected: true,
      };
    }
  }
  return undefined;
}

/**
 * The concepts of a search term, in order: runs of up to four words that name a skill, a job title or a
 * place (longest first), single words that are a role ('utvecklare'), a compound of a skill and a role
 * ('javautvecklare') or one typo away from a name; every other word on its own. `words` are each concept's
 * search words as the index sees them (`searchWords`).
 */
export function analyseSearchTerm(searchTerm: string): SearchConcept[] {
  const raw = searchTerm.split(/\s+/u).filter((word) => tokenizeText(protectSymbolTerms(word)).length > 0);
  const concepts: SearchConcept[] = [];
  let start = 0;
  while (start < raw.length) {
    let found: { concept: SearchConcept; length: number } | undefined;
    for (let length = Math.min(MAX_PHRASE_WORDS, raw.length - start); length >= 1 && !found; length--) {
      const phrase = raw.slice(start, start + length).join(' ');
      const words = tokenizeText(protectSymbolTerms(phrase));
      const concept = conceptOf(phrase, words, length === 1);
      if (concept) found = { concept, length };
    }
    if (found) {
      concepts.push(found.concept);
      start += found.length;
    } else {
      concepts.push({ kind: 'word', words: tokenizeText(protectSymbolTerms(raw[start]!)) });
      start += 1;
    }
  }
  return concepts;
}
