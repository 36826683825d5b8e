import type { Locale } from '@mp/domain';
import { tokenizeText } from '../fold';
import { analyseSearchTerm, protectSymbolTerms, type SearchConcept } from '../search-terms';
import { allOf, anyOf, constantScore, type EsQuery } from './dsl';
import { matchName } from './matched-criteria';
import { SKILL_PRESENT, skillExperience } from './relevance';

// The search term: its words as the index splits them, the mandatory first word, and the scores of the
// concepts it names (a vocabulary skill, title or place, see `analyseSearchTerm`).

/** How many words of a search term are used; the rest are ignored. */
export const SEARCH_WORDS_MAX = 10;

/**
 * The words of a search term as the index sees them (standard tokenizer, lowercase, folding), unique, at
 * most `SEARCH_WORDS_MAX`. The first is mandatory.
 */
export function searchWords(searchTerm: string): string[] {
  return [...new Set(tokenizeText(protectSymbolTerms(searchTerm)))].slice(0, SEARCH_WORDS_MAX);
}

const TEXT_FIELDS = ['titleText', 'skillText', 'bodyText'] as const;

function stemmedFields(locale: Locale): string[] {
  const other: Locale = locale === 'sv' ? 'en' : 'sv';
  return [
    `titleText.${locale}^2`,
    `skillText.${locale}^2`,
    `bodyText.${locale}^0.5`,
    `titleText.${other}^1.5`,
    `skillText.${other}^1.5`,
    `bodyText.${other}^0.4`,
  ];
}

/**
 * Typo tolerance of the unstemmed text fields: exact up to four letters, one edit from five, two from eight
 * (the rule `analyseSearchTerm` corrects vocabulary names by), never in the first letter. Plain `AUTO` let
 * 'rocket' match 'docker' (two edits at six letters) and short words drift into common ones.
 */
export const SEARCH_FUZZINESS = 'AUTO:5,8';
export const SEARCH_FUZZY_PREFIX_LENGTH = 1;
/** A word only within a typo of the search word: a constant, less than any exact match of the word. */
const FUZZY_MATCH = 0.25;

/** The word as written, unstemmed and stemmed (Swedish and English), scored by text relevance (BM25). */
function exactWordQueries(word: string, locale: Locale): EsQuery[] {
  return [
    { multi_match: { query: word, fields: ['titleText^3', 'skillText^3', 'bodyText'] } },
    { multi_match: { query: word, fields: stemmedFields(locale) } },
  ];
}

/**
 * The word within `SEARCH_FUZZINESS` in the unstemmed fields (fuzzy matching on stems would let short stems
 * match unrelated short words).
 */
function fuzzyWordQuery(word: string): EsQuery {
  return {
    multi_match: {
      query: word,
      fields: [...TEXT_FIELDS],
      fuzziness: SEARCH_FUZZINESS,
      prefix_length: SEARCH_FUZZY_PREFIX_LENGTH,
    },
  };
}

/**
 * Only the exact (or stemmed, or vocabulary) match is named `searchTerm:<word>`: the card's "Matches" lists the
 * words a profile really holds, never a word it only resembles.
 */
function exactMatch(clauses: EsQuery[], word: string): EsQuery {
  return { bool: { should: clauses, minimum_should_match: 1, _name: matchName('searchTerm', word) } };
}

/**
 * One search word against every text field: exactly (unstemmed, Swedish and English stems) by text
 * relevance, or within a typo (`SEARCH_FUZZINESS`) for a small constant. A profile with the word itself always
 * scores more for it than one with a word that only resembles it.
 */
function wordQuery(word: string, locale: Locale): EsQuery {
  return anyOf([
    exactMatch(exactWordQueries(word, locale), word),
    constantScore(fuzzyWordQuery(word), FUZZY_MATCH),
  ]);
}

/**
 * A word of an understood concept counts only a constant: `TEXT_MATCH` for the word in the text or the
 * profile holding the concept, `FUZZY_MATCH` for a typo of it (or a concept the word names only through a typo
 * correction, 'kuberentes').
 */
function constantWordQuery(
  word: string,
  locale: Locale,
  concept?: Exclude<SearchConcept, { kind: 'word' }>,
): EsQuery {
  const exact = exactWordQueries(word, locale);
  const fuzzy = [fuzzyWordQuery(word)];
  if (concept) {
    const corrected = concept.kind !== 'location' && concept.corrected === true;
    (corrected ? fuzzy : exact).push(conceptFilter(concept));
  }
  return anyOf([
    constantScore(exactMatch(exact, word), TEXT_MATCH),
    constantScore(anyOf(fuzzy), FUZZY_MATCH),
  ]);
}

// How much each understood part of a search term weighs (see `searchTermClauses`). A vocabulary skill the
// profile holds (SKILL_PRESENT plus its experience, up to ~8 more) outweighs any text match of the same words
// (TEXT_MATCH, constant), so free text never beats the vocabulary; a held title or the named place lifts a
// profile above one that has only the skill.
const TITLE_EXACT = 7;
/** The title a compound names ('Javautvecklare'), a little above the rest of the role's family. */
const TITLE_EXACT_IN_ROLE = 6;
/** A title of the role word; less when the words also name one title exactly ('devops engineer'). */
const TITLE_OF_ROLE = 5;
const TITLE_OF_ROLE_BESIDE_EXACT = 2;
/** A title that only ends in the role word, outside the role's family ('pythonutvecklare': BI-utvecklare). */
const TITLE_OUTSIDE_ROLE_FAMILY = 2;
const LOCATION_NAMED = 12;
const TEXT_MATCH = 1;
const PHRASE_MATCH = 1.5;
const PREFIX_MATCH = 0.5;

function titlesClause(titles: readonly string[], boost: number): EsQuery {
  return constantScore({ terms: { jobTitleIds: [...titles] } }, boost);
}

/** A filter that holds when the profile has what the concept names (its vocabulary ids). */
function conceptFilter(concept: Exclude<SearchConcept, { kind: 'word' }>): EsQuery {
  switch (concept.kind) {
    case 'skill':
      return { term: { skillIds: concept.skill } };
    case 'location':
      return { term: { locations: concept.location } };
    case 'role': {
      const role = {
        terms: {
          jobTitleIds: [...new Set([...concept.titles, ...concept.roleTitles, ...concept.otherTitles])],
        },
      };
      return concept.skill === undefined ? role : allOf([{ term: { skillIds: concept.skill } }, role]);
    }
  }
}

/** The scoring clauses of one understood concept. */
function conceptScores(concept: Exclude<SearchConcept, { kind: 'word' }>, currentYear: number): EsQuery[] {
  switch (concept.kind) {
    case 'skill':
      return [skillExperience(concept.skill, currentYear, 1, SKILL_PRESENT)];
    case 'location':
      return [constantScore({ term: { locations: concept.location } }, LOCATION_NAMED)];
    case 'role': {
      const broader = concept.roleTitles.filter((id) => !concept.titles.includes(id));
      // A profile's titles count once, at the best it holds: a Javautvecklare who is also a
      // Backendutvecklare, or a Systemutvecklare who is also a BI-utvecklare, is not more so.
      const titleClauses = [
        ...(concept.titles.length > 0
          ? [titlesClause(concept.titles, concept.asksForRole ? TITLE_EXACT_IN_ROLE : TITLE_EXACT)]
          : []),
        ...(broader.length > 0
          ? [
              titlesClause(
                broader,
                concept.titles.length > 0 && !concept.asksForRole
                  ? TITLE_OF_ROLE_BESIDE_EXACT
                  : TITLE_OF_ROLE,
              ),
            ]
          : []),
        ...(concept.otherTitles.length > 0
          ? [titlesClause(concept.otherTitles, TITLE_OUTSIDE_ROLE_FAMILY)]
          : []),
      ];
      return [
        ...(concept.skill ? [skillExperience(concept.skill, currentYear, 1, SKILL_PRESENT)] : []),
        ...(titleClauses.length > 1 ? [{ dis_max: { queries: titleClauses } }] : titleClauses),
      ];
    }
  }
}

/**
 * The clauses of a search term. Its first word is mandatory: the word in a text field (typo-tolerant,
 * stemmed), or, when it is part of an understood concept (`analyseSearchTerm`), the profile holding that
 * concept's skill, title or place. Understood concepts rank by what the profile holds (a skill's years,
 * recent use and star, a title, the place) and their words count only a constant for a text match; words
 * that name nothing rank by text relevance (BM25) as before. All words as a phrase and the last word as a
 * prefix add a little.
 */
export function searchTermClauses(
  searchTerm: string,
  locale: Locale,
  currentYear: number,
): { must: EsQuery[]; should: EsQuery[] } {
  const words = searchWords(searchTerm);
  const [first] = words;
  if (first === undefined) return { must: [], should: [] };
  const should: EsQuery[] = [];
  let must: EsQuery = wordQuery(first, locale);
  const seen = new Set<string>([first]);
  analyseSearchTerm(searchTerm).forEach((concept, position) => {
    const fresh = concept.words.filter((word) => words.includes(word) && !seen.has(word));
    for (const word of fresh) seen.add(word);
    if (concept.kind === 'word') {
      should.push(...fresh.map((word) => wordQuery(word, locale)));
      return;
    }
    should.push(...fresh.map((word) => constantWordQuery(word, locale, concept)));
    should.push(...conceptScores(concept, currentYear));
    // The first concept holds the first word: the profile may match it by the concept instead of the text.
    if (position === 0) must = constantWordQuery(first, locale, concept);
  });
  if (words.length > 1) {
    should.push(
      constantScore(
        { multi_match: { query: words.join(' '), type: 'phrase', slop: 1, fields: [...TEXT_FIELDS] } },
        PHRASE_MATCH,
      ),
    );
  }
  // The last word may still be being typed: reward titles and skills that start with it.
  should.push(
    constantScore(
      { multi_match: { query: words[words.length - 1], fields: ['titleText.prefix', 'skillText.prefix'] } },
      PREFIX_MATCH,
    ),
  );
  return { must: [must], should };
}
