import {
  AVAILABILITY_KIND_IDS,
  DISC_SOURCE_IDS,
  DISC_TYPE_IDS,
  DISC_TYPES_BY_ID,
  DRIVING_FORCE_IDS,
  EDUCATION_LEVEL_IDS,
  educationLevelRank,
  WORK_LOCATION_IDS,
} from '@mp/domain';
import type { DiscTypeId, EducationLevelId, Locale } from '@mp/domain';
import { CRITERION_NAMES, isIsoDate, RANKABLE_CRITERION_NAMES } from './criteria.schema';
import type {
  CriterionName,
  NiceToHaveList,
  PartialSearchCriteria,
  RankableCriterionName,
  SearchCriteria,
  SkillRequirement,
} from './criteria.schema';
import type { ConsultantDocument } from './document';
import { FREE_TEXT_PREFIX, labelTermId, resolveTermId } from './document';
import { tokenizeText } from './fold';
import { analyseSearchTerm, protectSymbolTerms, type SearchConcept } from './search-terms';

// The search request of `/search/v3` (and of tag suggestions) as an Elasticsearch request body, plus the
// reference filter `matchesCriteria` that states the same filter semantics in plain TypeScript.
//
// Shape of every search query:
//   bool.filter  : isSearchable, then one named clause per criterion (the filter semantics, no scoring)
//   bool.must    : the first search word (mandatory, typo-tolerant)
//   bool.should  : the other search words, and the relevance boosts of `orderOfImportance`
//                  (minimum_should_match 0, so they only ever reorder, never select)
//   post_filter  : with facets, the OR-criteria (locations, personalities, fieldsOfStudy) and
//                  educationLevel and assessedPersonality move here so each facet can count without its own filter
// Sorted by _score, updatedAt desc, userId asc: userId is unique, so `search_after` pages are stable.

/** An Elasticsearch query DSL object. */
export type EsQuery = Record<string, unknown>;

export interface SearchViewer {
  kind: 'anonymous' | 'user';
  userId?: string;
}

export interface SearchQueryOptions {
  /** Today's date `YYYY-MM-DD` in Sweden, injected so the builder stays pure. */
  today: string;
  /** Hits per page. */
  size: number;
  /** The decoded cursor (`decodeCursor`): sort values of the previous page's last hit. */
  searchAfter?: readonly unknown[];
  /** Adds the facet aggregations (and moves the OR-criteria into `post_filter`). */
  facets?: boolean;
  /** The request's language; its stemmed fields weigh a little more. */
  locale: Locale;
}

/** One value of a hit's `sort`. */
export type SortValue = string | number | boolean | null;

export interface SearchRequestBody {
  query: EsQuery;
  post_filter?: EsQuery;
  aggs?: Record<string, EsQuery>;
  sort: SearchSort;
  size: number;
  search_after?: SortValue[];
  _source: { includes: string[]; excludes: string[] };
  track_total_hits: true;
}

/** The sort of every search: relevance, then the most recently updated, then a unique key for paging. */
export type SearchSort = [
  { _score: { order: 'desc' } },
  { updatedAt: { order: 'desc' } },
  { userId: { order: 'asc' } },
];

function searchSort(): SearchSort {
  return [{ _score: { order: 'desc' } }, { updatedAt: { order: 'desc' } }, { userId: { order: 'asc' } }];
}

/** Card fields that identify a person; never fetched for an anonymous viewer. */
export const IDENTIFYING_CARD_FIELDS = ['card.firstName', 'card.lastName', 'card.pictureUrl'] as const;

/** How many words of a search term are used; the rest are ignored. */
export const SEARCH_WORDS_MAX = 10;

// ---------------------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;

function assertIsoDate(value: string, name: string): void {
  if (!isIsoDate(value)) throw new RangeError(`${name} must be a date YYYY-MM-DD, got "${value}"`);
}

function epochDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** The date the availability filter compares with: the chosen start, or today when none is chosen. */
export function effectiveAvailableAt(criteria: { availableAt?: string | null }, today: string): string {
  return criteria.availableAt ?? today;
}

// ---------------------------------------------------------------------------------------------------------
// Search words

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
 * One search word against every text field: the unstemmed folded fields with typo tolerance (fuzziness
 * AUTO: one edit from 3 letters, two from 6), and the Swedish and English stemmed fields exactly (fuzzy
 * matching on stems would let short stems match unrelated short words).
 */
function wordQuery(word: string, locale: Locale): EsQuery {
  return {
    bool: {
      should: [
        {
          multi_match: {
            query: word,
            fields: ['titleText^3', 'skillText^3', 'bodyText'],
            fuzziness: 'AUTO',
          },
        },
        { multi_match: { query: word, fields: stemmedFields(locale) } },
      ],
      minimum_should_match: 1,
      _name: matchName('searchTerm', word),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Filters

const MATCH_NAME_SEPARATOR = ':';

function matchName(criterion: CriterionName, value: string): string {
  return `${criterion}${MATCH_NAME_SEPARATOR}${value}`;
}

function namedTerm(field: string, value: string | boolean, criterion: CriterionName): EsQuery {
  return { term: { [field]: { value, _name: matchName(criterion, String(value)) } } };
}

function allOf(clauses: EsQuery[]): EsQuery {
  return { bool: { filter: clauses } };
}

function anyOf(clauses: EsQuery[]): EsQuery {
  return { bool: { should: clauses, minimum_should_match: 1 } };
}

function canonicalTerms(kind: 'skills' | 'languages' | 'fieldsOfStudy', values: readonly string[]): string[] {
  return [...new Set(values.map((value) => resolveTermId(kind, value)).filter((id) => id !== null))];
}

/** Criteria as the query builder and the reference filter use them: canonical ids, the date resolved. */
interface FilterCriteria {
  searchWords: string[];
  skills: string[];
  skillRequirements: SkillRequirement[];
  /** Ranks only. */
  niceToHave: NiceToHave;
  languages: string[];
  fieldsOfStudy: string[];
  personalities: string[];
  /** Only DISC types from a taken assessment. */
  assessedPersonality: boolean;
  drivingForces: string[];
  locations: string[];
  educationLevel: EducationLevelId | null;
  /** Undefined: no availability condition (tag suggestions without a date). */
  availableAt: string | undefined;
}

function toFilterCriteria(
  criteria: TagsConditions,
  today: string,
  withAvailability: boolean,
): FilterCriteria {
  const availableAt = withAvailability ? effectiveAvailableAt(criteria, today) : undefined;
  if (availableAt !== undefined) assertIsoDate(availableAt, 'availableAt');
  return {
    searchWords: searchWords(criteria.searchTerm ?? ''),
    skills: canonicalTerms('skills', criteria.skills ?? []),
    skillRequirements: (criteria.skillRequirements ?? []).flatMap((requirement) => {
      const skill = resolveTermId('skills', requirement.skill);
      return skill === null ? [] : [{ ...requirement, skill }];
    }),
    niceToHave: {
      skills: canonicalTerms('skills', criteria.niceToHave?.skills ?? []),
      languages: canonicalTerms('languages', criteria.niceToHave?.languages ?? []),
      fieldsOfStudy: canonicalTerms('fieldsOfStudy', criteria.niceToHave?.fieldsOfStudy ?? []),
      locations: [...new Set(criteria.niceToHave?.locations ?? [])],
      personalities: [...new Set(criteria.niceToHave?.personalities ?? [])],
      drivingForces: [...new Set(criteria.niceToHave?.drivingForces ?? [])],
    },
    languages: canonicalTerms('languages', criteria.languages ?? []),
    fieldsOfStudy: canonicalTerms('fieldsOfStudy', criteria.fieldsOfStudy ?? []),
    personalities: [...new Set(criteria.personalities ?? [])],
    assessedPersonality: criteria.assessedPersonality ?? false,
    drivingForces: [...new Set(criteria.drivingForces ?? [])],
    locations: [...new Set(criteria.locations ?? [])],
    educationLevel: criteria.educationLevel ?? null,
    availableAt,
  };
}

type FilterName = Exclude<CriterionName, 'searchTerm' | 'niceToHave'>;

type NiceToHave = Record<NiceToHaveList, string[]>;

/** The first year a requirement's `usedWithinYears` accepts as the last use: this year minus the years. */
export function earliestLastUse(usedWithinYears: number, today: string): number {
  return Number(today.slice(0, 4)) - usedWithinYears;
}

/** A skill held with the required experience (see `SkillRequirement`). */
function skillRequirementClause(requirement: SkillRequirement, today: string): EsQuery {
  const conditions: EsQuery[] = [{ term: { 'skills.id': requirement.skill } }];
  if (requirement.minYears !== null) {
    conditions.push({ range: { 'skills.years': { gte: requirement.minYears } } });
  }
  if (requirement.usedWithinYears !== null) {
    conditions.push({
      range: { 'skills.lastUsedYear': { gte: earliestLastUse(requirement.usedWithinYears, today) } },
    });
  }
  return {
    nested: {
      path: 'skills',
      query: allOf(conditions),
      _name: matchName('skillRequirements', requirement.skill),
    },
  };
}

/**
 * The filter clause of each criterion that has a value, each value's sub-clause named `<criterion>:<value>`
 * so hits report what they matched:
 * - skills, languages, drivingForces: every value present (AND)
 * - personalities, locations, fieldsOfStudy: any value present (OR)
 * - educationLevel: `educationLevelRank` at least the chosen level's rank
 * - availableAt: available_now; available_at on or before the date; available_with_in when today plus the
 *   days is on or before the date (withinDays <= days from today to the date); never not_available
 */
function buildFilters(criteria: FilterCriteria, today: string): Partial<Record<FilterName, EsQuery>> {
  const filters: Partial<Record<FilterName, EsQuery>> = {};
  if (criteria.skills.length > 0) {
    filters.skills = allOf(criteria.skills.map((id) => namedTerm('skillIds', id, 'skills')));
  }
  if (criteria.skillRequirements.length > 0) {
    filters.skillRequirements = allOf(
      criteria.skillRequirements.map((requirement) => skillRequirementClause(requirement, today)),
    );
  }
  if (criteria.languages.length > 0) {
    filters.languages = allOf(
      criteria.languages.map((code) => namedTerm('languageCodes', code, 'languages')),
    );
  }
  if (criteria.drivingForces.length > 0) {
    filters.drivingForces = allOf(
      criteria.drivingForces.map((force) => namedTerm('drivingForces', force, 'drivingForces')),
    );
  }
  if (criteria.personalities.length > 0) {
    filters.personalities = anyOf(
      criteria.personalities.map((type) => namedTerm('discType', type, 'personalities')),
    );
  }
  if (criteria.assessedPersonality) {
    filters.assessedPersonality = namedTerm('discSource', 'assessment', 'assessedPersonality');
  }
  if (criteria.locations.length > 0) {
    filters.locations = anyOf(
      criteria.locations.map((location) => namedTerm('locations', location, 'locations')),
    );
  }
  if (criteria.fieldsOfStudy.length > 0) {
    filters.fieldsOfStudy = anyOf(
      criteria.fieldsOfStudy.map((field) => namedTerm('fieldsOfStudy', field, 'fieldsOfStudy')),
    );
  }
  if (criteria.educationLevel !== null) {
    filters.educationLevel = {
      range: {
        educationLevelRank: {
          gte: educationLevelRank(criteria.educationLevel),
          _name: matchName('educationLevel', criteria.educationLevel),
        },
      },
    };
  }
  if (criteria.availableAt !== undefined) {
    filters.availableAt = availabilityFilter(criteria.availableAt, today);
  }
  return filters;
}

function availabilityFilter(availableAt: string, today: string): EsQuery {
  return anyOf([
    namedTerm('availability.kind', 'available_now', 'availableAt'),
    {
      bool: {
        filter: [
          { term: { 'availability.kind': 'available_at' } },
          { range: { 'availability.date': { lte: availableAt } } },
        ],
        _name: matchName('availableAt', 'available_at'),
      },
    },
    {
      bool: {
        filter: [
          { term: { 'availability.kind': 'available_with_in' } },
          { range: { 'availability.withinDays': { lte: daysBetween(today, availableAt) } } },
        ],
        _name: matchName('availableAt', 'available_with_in'),
      },
    },
  ]);
}

const SEARCHABLE_FILTER: EsQuery = { term: { isSearchable: true } };

/** Criteria whose facet counts ignore their own filter (they sit in `post_filter` when facets are asked for). */
const DISJUNCTIVE_FILTERS = [
  'locations',
  'personalities',
  'assessedPersonality',
  'fieldsOfStudy',
  'educationLevel',
] as const;
type DisjunctiveFilter = (typeof DISJUNCTIVE_FILTERS)[number];

function isDisjunctive(name: FilterName): name is DisjunctiveFilter {
  return (DISJUNCTIVE_FILTERS as readonly string[]).includes(name);
}

// ---------------------------------------------------------------------------------------------------------
// Relevance

/** The boost of the most important criterion; each following one gets half of the one before. */
const TOP_IMPORTANCE_BOOST = 8;

/**
 * The order criteria are weighed in: the buyer's `orderOfImportance` (known names, first mention wins),
 * then the remaining criteria in the default order of `RANKABLE_CRITERION_NAMES`.
 */
export function importanceOrder(
  criteria: Pick<SearchCriteria, 'orderOfImportance'>,
): RankableCriterionName[] {
  const listed = criteria.orderOfImportance
    .map((entry) => entry.name)
    .filter((name): name is RankableCriterionName =>
      (RANKABLE_CRITERION_NAMES as readonly string[]).includes(name),
    );
  return [...new Set([...listed, ...RANKABLE_CRITERION_NAMES])];
}

/** `TOP_IMPORTANCE_BOOST / 2^position` for each criterion, position in `importanceOrder`. */
export function importanceBoosts(
  criteria: Pick<SearchCriteria, 'orderOfImportance'>,
): Record<RankableCriterionName, number> {
  const boosts = {} as Record<RankableCriterionName, number>;
  importanceOrder(criteria).forEach((name, position) => {
    boosts[name] = TOP_IMPORTANCE_BOOST / 2 ** position;
  });
  return boosts;
}

function constantScore(filter: EsQuery, boost: number): EsQuery {
  return { constant_score: { filter, boost } };
}

/**
 * A score computed by `functions` (summed) for the documents `query` selects, scaled by `boost`. The boost
 * goes into each function's `weight`: with `boost_mode: replace` a query-level `boost` of `function_score`
 * (or of an enclosing `nested`) is lost, as measured on this node.
 */
function scoredBy(query: EsQuery, functions: EsQuery[], boost: number): EsQuery {
  return {
    function_score: {
      query,
      functions: functions.map((fn) => ({ ...fn, weight: ((fn.weight as number | undefined) ?? 1) * boost })),
      score_mode: 'sum',
      boost_mode: 'replace',
    },
  };
}

/**
 * Should-clauses that rank better matches of a criterion higher, each scaled by the criterion's importance
 * boost; all of them only ever add score.
 * - skills: per skill, its experience (`skillExperience`: years, recent use, starred)
 * - languages: per language, the level (native 1.0 down to elementary 0.2)
 * - availableAt: 1 when available now or from a date already passed, decaying with the days until a
 *   future date or the days of notice (half at 30 days)
 * - educationLevel: the rank of the highest level over 9
 * - locations, fieldsOfStudy: each selected value present adds an equal share (more of them, higher)
 * - personalities: the buyer's first choice counts most, later ones less
 * - drivingForces: nothing (every hit has them all, there is nothing to rank)
 */
function relevanceClauses(
  criteria: FilterCriteria,
  boosts: Record<RankableCriterionName, number>,
  today: string,
) {
  const currentYear = Number(today.slice(0, 4));
  const clauses: EsQuery[] = [];

  const requiredSkills = new Set([
    ...criteria.skills,
    ...criteria.skillRequirements.map((requirement) => requirement.skill),
  ]);
  for (const id of requiredSkills) {
    clauses.push(skillExperience(id, currentYear, boosts.skills / SKILL_IMPORTANCE_SCALE));
  }

  for (const code of criteria.languages) {
    clauses.push({
      nested: {
        path: 'languages',
        score_mode: 'max',
        query: scoredBy(
          { term: { 'languages.code': code } },
          [{ field_value_factor: { field: 'languages.levelRank', factor: 0.2, missing: 0 } }],
          boosts.languages,
        ),
      },
    });
  }

  if (criteria.availableAt !== undefined) {
    const boost = boosts.availableAt;
    clauses.push(
      constantScore({ term: { 'availability.kind': 'available_now' } }, boost),
      constantScore(
        allOf([
          { term: { 'availability.kind': 'available_at' } },
          { range: { 'availability.date': { lte: today } } },
        ]),
        boost,
      ),
      scoredBy(
        allOf([
          { term: { 'availability.kind': 'available_at' } },
          { range: { 'availability.date': { gt: today } } },
        ]),
        [{ gauss: { 'availability.date': { origin: today, scale: '30d', decay: 0.5 } } }],
        boost,
      ),
      scoredBy(
        { term: { 'availability.kind': 'available_with_in' } },
        [{ gauss: { 'availability.withinDays': { origin: 0, scale: 30, decay: 0.5 } } }],
        boost,
      ),
    );
  }

  if (criteria.educationLevel !== null) {
    clauses.push(
      scoredBy(
        { range: { educationLevelRank: { gte: educationLevelRank(criteria.educationLevel) } } },
        [
          {
            field_value_factor: {
              field: 'educationLevelRank',
              factor: 1 / EDUCATION_LEVEL_IDS.length,
              missing: 0,
            },
          },
        ],
        boosts.educationLevel,
      ),
    );
  }

  for (const name of ['locations', 'fieldsOfStudy'] as const) {
    const values = criteria[name];
    for (const value of values) {
      clauses.push(constantScore({ term: { [name]: value } }, boosts[name] / values.length));
    }
  }

  clauses.push(...niceToHaveClauses(criteria.niceToHave, boosts, currentYear));

  criteria.personalities.forEach((type, position, types) => {
    clauses.push(
      constantScore(
        { term: { discType: type } },
        (boosts.personalities * (types.length - position)) / types.length,
      ),
    );
  });

  return clauses;
}

/** A nice-to-have value weighs this share of its criterion's importance boost. */
const NICE_TO_HAVE_SHARE = 0.5;

/**
 * Should-clauses for the nice-to-haves: each value a profile has adds half its criterion's importance boost
 * (a skill also its experience, a language also its level), named `niceToHave:<list>:<value>` so the card
 * can say which it has. They never filter.
 */
function niceToHaveClauses(
  niceToHave: NiceToHave,
  boosts: Record<RankableCriterionName, number>,
  currentYear: number,
): EsQuery[] {
  const named = (list: NiceToHaveList, value: string, clause: EsQuery): EsQuery => ({
    bool: { should: [clause], _name: matchName('niceToHave', `${list}${MATCH_NAME_SEPARATOR}${value}`) },
  });
  const clauses: EsQuery[] = [];
  for (const id of niceToHave.skills) {
    const boost = (boosts.skills * NICE_TO_HAVE_SHARE) / SKILL_IMPORTANCE_SCALE;
    clauses.push(named('skills', id, skillExperience(id, currentYear, boost, SKILL_PRESENT)));
  }
  for (const code of niceToHave.languages) {
    clauses.push(
      named('languages', code, {
        nested: {
          path: 'languages',
          score_mode: 'max',
          query: scoredBy(
            { term: { 'languages.code': code } },
            [
              { weight: 1 },
              { field_value_factor: { field: 'languages.levelRank', factor: 0.2, missing: 0 } },
            ],
            boosts.languages * NICE_TO_HAVE_SHARE,
          ),
        },
      }),
    );
  }
  const fields: Record<Exclude<NiceToHaveList, 'skills' | 'languages'>, string> = {
    locations: 'locations',
    personalities: 'discType',
    drivingForces: 'drivingForces',
    fieldsOfStudy: 'fieldsOfStudy',
  };
  for (const [list, field] of Object.entries(fields) as [keyof typeof fields, string][]) {
    for (const value of niceToHave[list]) {
      const boost = boosts[list] * NICE_TO_HAVE_SHARE;
      clauses.push(named(list, value, constantScore({ term: { [field]: value } }, boost)));
    }
  }
  return clauses;
}

/** A small lift for complete profiles and approved references, so equal matches show the better profile. */
const PROFILE_QUALITY: EsQuery = scoredBy(
  { match_all: {} },
  [
    { field_value_factor: { field: 'completion', factor: 0.005, missing: 0 } },
    { field_value_factor: { field: 'approvedReferenceCount', modifier: 'log1p', missing: 0 }, weight: 0.5 },
  ],
  1,
);

// How much each understood part of a search term weighs (see `searchTermClauses`). A vocabulary skill the
// profile holds (SKILL_PRESENT plus its experience, up to ~8 more) outweighs any text match of the same words
// (TEXT_MATCH, constant), so free text never beats the vocabulary; a held title or the named place lifts a
// profile above one that has only the skill.
const SKILL_PRESENT = 6;
const SKILL_YEARS = 4;
const SKILL_USED_LAST_YEAR = 2;
const SKILL_USED_WITHIN_3_YEARS = 1;
const SKILL_STARRED = 1;
const TITLE_EXACT = 7;
/** A title of the role word; less when the words also name one title exactly ('devops engineer'). */
const TITLE_OF_ROLE = 5;
const TITLE_OF_ROLE_BESIDE_EXACT = 2;
const LOCATION_NAMED = 12;
const TEXT_MATCH = 1;
const PHRASE_MATCH = 1.5;
const PREFIX_MATCH = 0.5;
/** The `skills` filter's experience score is its importance boost over this (8 / 4 = twice the term's). */
const SKILL_IMPORTANCE_SCALE = 4;

/** Name prefix of the clauses that score a skill's experience, so a hit reports which skills it matched. */
export const SKILL_MATCH_PREFIX = 'skill:';

/**
 * A profile's experience of one skill, times `boost`: 4 x log10(1 + years), +2 when used this or last year,
 * +1 more when used within 3 years, +1 when starred; plus `present` for holding it at all. Named
 * `skill:<id>` so the card can say why it matched.
 */
function skillExperience(id: string, currentYear: number, boost: number, present = 0): EsQuery {
  return {
    nested: {
      path: 'skills',
      score_mode: 'max',
      _name: `${SKILL_MATCH_PREFIX}${id}`,
      query: scoredBy(
        { term: { 'skills.id': id } },
        [
          ...(present > 0 ? [{ weight: present }] : []),
          {
            field_value_factor: { field: 'skills.years', modifier: 'log1p', missing: 0 },
            weight: SKILL_YEARS,
          },
          {
            filter: { range: { 'skills.lastUsedYear': { gte: currentYear - 1 } } },
            weight: SKILL_USED_LAST_YEAR,
          },
          {
            filter: { range: { 'skills.lastUsedYear': { gte: currentYear - 3 } } },
            weight: SKILL_USED_WITHIN_3_YEARS,
          },
          { filter: { term: { 'skills.starred': true } }, weight: SKILL_STARRED },
        ],
        boost,
      ),
    },
  };
}

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
      const role = { terms: { jobTitleIds: [...new Set([...concept.titles, ...concept.roleTitles])] } };
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
      return [
        ...(concept.skill ? [skillExperience(concept.skill, currentYear, 1, SKILL_PRESENT)] : []),
        ...(concept.titles.length > 0 ? [titlesClause(concept.titles, TITLE_EXACT)] : []),
        ...(broader.length > 0
          ? [titlesClause(broader, concept.titles.length > 0 ? TITLE_OF_ROLE_BESIDE_EXACT : TITLE_OF_ROLE)]
          : []),
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
function searchTermClauses(
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
    should.push(...fresh.map((word) => constantScore(wordQuery(word, locale), TEXT_MATCH)));
    should.push(...conceptScores(concept, currentYear));
    // The first concept holds the first word: the profile may match it by the concept instead of the text.
    if (position === 0) {
      must = {
        constant_score: {
          filter: anyOf([wordQuery(first, locale), conceptFilter(concept)]),
          boost: TEXT_MATCH,
          _name: matchName('searchTerm', first),
        },
      };
    }
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

// ---------------------------------------------------------------------------------------------------------
// Facets

export const FACET_NAMES = [
  'locations',
  'personalities',
  'personalitySource',
  'drivingForces',
  'languages',
  'skills',
  'educationLevel',
  'fieldsOfStudy',
  'availability',
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface FacetValue {
  value: string;
  count: number;
}
export type SearchFacets = Record<FacetName, FacetValue[]>;

interface TermsFacet {
  field: string;
  size: number;
  /** The criterion whose filter this facet leaves out (disjunctive faceting). */
  ownFilter?: DisjunctiveFilter;
  /** The criterion whose selected values are always counted, even outside the top `size`. */
  selectedOf?: 'skills' | 'fieldsOfStudy';
  /** The complete value list, for lists that show every value (zero counts included, list order). */
  closedList?: readonly string[];
}

const TERMS_FACETS: Record<Exclude<FacetName, 'educationLevel'>, TermsFacet> = {
  locations: {
    field: 'locations',
    size: WORK_LOCATION_IDS.length,
    ownFilter: 'locations',
    closedList: WORK_LOCATION_IDS,
  },
  personalities: {
    field: 'discType',
    size: DISC_TYPE_IDS.length,
    ownFilter: 'personalities',
    closedList: DISC_TYPE_IDS,
  },
  // Self-assessed versus assessed DISC types: 'assessment' counts what the assessedPersonality filter gives.
  personalitySource: {
    field: 'discSource',
    size: DISC_SOURCE_IDS.length,
    ownFilter: 'assessedPersonality',
    closedList: DISC_SOURCE_IDS,
  },
  drivingForces: { field: 'drivingForces', size: DRIVING_FORCE_IDS.length, closedList: DRIVING_FORCE_IDS },
  languages: { field: 'languageCodes', size: 50 },
  skills: { field: 'skillIds', size: 30, selectedOf: 'skills' },
  fieldsOfStudy: {
    field: 'fieldsOfStudy',
    size: 30,
    ownFilter: 'fieldsOfStudy',
    selectedOf: 'fieldsOfStudy',
  },
  availability: {
    field: 'availability.kind',
    size: AVAILABILITY_KIND_IDS.length,
    closedList: AVAILABILITY_KIND_IDS,
  },
};

const facetAggregationName = (facet: FacetName) => `facet_${facet}`;

function postFilterExcept(
  postFilters: Partial<Record<DisjunctiveFilter, EsQuery>>,
  own?: DisjunctiveFilter,
): EsQuery {
  const clauses = Object.entries(postFilters)
    .filter(([name]) => name !== own)
    .map(([, clause]) => clause);
  return clauses.length === 0 ? { match_all: {} } : allOf(clauses);
}

/**
 * One aggregation per facet. The main query already holds the AND-criteria; each facet adds the
 * post-filter criteria except its own, so an OR-facet (and the single-choice education level) counts what
 * the buyer would get by choosing another value, while AND-facets count within the current results.
 * `educationLevel` counts, for each level, the profiles at that level or higher (what choosing it as the
 * minimum would give).
 */
function buildFacetAggregations(
  postFilters: Partial<Record<DisjunctiveFilter, EsQuery>>,
  criteria: FilterCriteria,
): Record<string, EsQuery> {
  const aggregations: Record<string, EsQuery> = {};
  for (const [facet, definition] of Object.entries(TERMS_FACETS) as [
    keyof typeof TERMS_FACETS,
    TermsFacet,
  ][]) {
    const selected = definition.selectedOf ? criteria[definition.selectedOf] : [];
    aggregations[facetAggregationName(facet)] = {
      filter: postFilterExcept(postFilters, definition.ownFilter),
      aggs: {
        values: { terms: { field: definition.field, size: definition.size } },
        ...(selected.length > 0
          ? { selected: { terms: { field: definition.field, size: selected.length, include: selected } } }
          : {}),
      },
    };
  }
  aggregations[facetAggregationName('educationLevel')] = {
    filter: postFilterExcept(postFilters, 'educationLevel'),
    aggs: {
      values: {
        filters: {
          filters: Object.fromEntries(
            EDUCATION_LEVEL_IDS.map((level) => [
              level,
              { range: { educationLevelRank: { gte: educationLevelRank(level) } } },
            ]),
          ),
        },
      },
    },
  };
  return aggregations;
}

interface Bucket {
  key: string;
  count: number;
}

function readTermsBuckets(aggregation: unknown): Bucket[] {
  const buckets = (aggregation as { buckets?: unknown } | undefined)?.buckets;
  if (!Array.isArray(buckets)) return [];
  return buckets.flatMap((bucket: { key?: unknown; doc_count?: unknown }) =>
    (typeof bucket.key === 'string' || typeof bucket.key === 'number') && typeof bucket.doc_count === 'number'
      ? [{ key: String(bucket.key), count: bucket.doc_count }]
      : [],
  );
}

function byCountThenValue(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** A consultant's own free-text skill or title (`free:<folded text>`), kept out of public suggestions. */
function isFreeTextValue(value: string): boolean {
  return value.startsWith(FREE_TEXT_PREFIX);
}

/**
 * The facet counts of a search response (`response.aggregations`), per facet. Closed lists (locations,
 * personalities, driving forces, availability kinds, education levels) list every value in their
 * `@mp/domain` order, zero counts included; open lists (skills, languages, fields of study) the most
 * frequent values first, with selected skills and fields of study always included.
 */
export function parseFacets(aggregations: unknown): SearchFacets {
  const root = (aggregations ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const facets = {} as SearchFacets;
  for (const [facet, definition] of Object.entries(TERMS_FACETS) as [
    keyof typeof TERMS_FACETS,
    TermsFacet,
  ][]) {
    const aggregation = root[facetAggregationName(facet)];
    const counts = new Map<string, number>();
    // A consultant's own free-text values (`free:...`) are theirs, not a public vocabulary: they never show as
    // facet values, unless the buyer selected one.
    for (const bucket of readTermsBuckets(aggregation?.values)) {
      if (!isFreeTextValue(bucket.key)) counts.set(bucket.key, bucket.count);
    }
    for (const bucket of readTermsBuckets(aggregation?.selected)) counts.set(bucket.key, bucket.count);
    facets[facet] = definition.closedList
      ? definition.closedList.map((value) => ({ value, count: counts.get(value) ?? 0 }))
      : [...counts].map(([value, count]) => ({ value, count })).sort(byCountThenValue);
  }
  const levelBuckets = (
    root[facetAggregationName('educationLevel')]?.values as { buckets?: unknown } | undefined
  )?.buckets as Record<string, { doc_count?: unknown } | undefined> | undefined;
  facets.educationLevel = EDUCATION_LEVEL_IDS.map((value) => {
    const count = levelBuckets?.[value]?.doc_count;
    return { value, count: typeof count === 'number' ? count : 0 };
  });
  return facets;
}

// ---------------------------------------------------------------------------------------------------------
// The search request

/**
 * The body of the Elasticsearch `search` request for `/search/v3`.
 *
 * Filter semantics (exactly those of `matchesCriteria`):
 * - only documents with `isSearchable: true` ever match;
 * - `searchTerm`: split into words like the index splits text; the first word must occur in a text field
 *   (job titles, skills, description, experiences, education), typo-tolerant (fuzziness AUTO) and through
 *   Swedish and English stemming and accent folding, or through the vocabulary concept it belongs to
 *   (`analyseSearchTerm`: the skill, title or place it names); the other words are optional and only rank;
 * - `skills`, `languages`, `drivingForces`: every selected value present (AND);
 * - `skillRequirements`: every skill held with at least `minYears` years and last used in or after
 *   `thisYear - usedWithinYears` (AND);
 * - `niceToHave`: nothing (it only ranks);
 * - `personalities`, `locations`, `fieldsOfStudy`: any selected value present (OR);
 * - `assessedPersonality`: when true, the DISC type comes from a taken assessment (`discSource`);
 * - `educationLevel`: the highest education's rank is at least the chosen level's rank;
 * - `availableAt` (null = `options.today`): available_now always; available_at when its date is on or before
 *   availableAt; available_with_in when today + withinDays is on or before availableAt; not_available never.
 *
 * Relevance (`orderOfImportance`, see `relevanceClauses`) only adds score; it never changes which documents
 * match. Every criterion clause is named `<criterion>:<value>`, so hits carry `matched_queries` for
 * `matchedCriteriaFromHit`. An anonymous viewer's request does not even fetch names or picture.
 */
export function buildSearchQuery(
  criteria: SearchCriteria,
  viewer: SearchViewer,
  options: SearchQueryOptions,
): SearchRequestBody {
  assertIsoDate(options.today, 'today');
  if (!Number.isInteger(options.size) || options.size < 0 || options.size > 10_000) {
    throw new RangeError(`size must be an integer from 0 to 10000, got ${options.size}`);
  }
  const filterCriteria = toFilterCriteria(criteria, options.today, true);
  const filters = buildFilters(filterCriteria, options.today);
  const queryFilters: EsQuery[] = [SEARCHABLE_FILTER];
  const postFilters: Partial<Record<DisjunctiveFilter, EsQuery>> = {};
  for (const [name, clause] of Object.entries(filters) as [FilterName, EsQuery][]) {
    if (options.facets && isDisjunctive(name)) postFilters[name] = clause;
    else queryFilters.push(clause);
  }

  const text = searchTermClauses(criteria.searchTerm, options.locale, Number(options.today.slice(0, 4)));
  const should = [
    ...text.should,
    ...relevanceClauses(filterCriteria, importanceBoosts(criteria), options.today),
    PROFILE_QUALITY,
  ];

  const body: SearchRequestBody = {
    query: {
      bool: {
        filter: queryFilters,
        ...(text.must.length > 0 ? { must: text.must } : {}),
        should,
        minimum_should_match: 0,
      },
    },
    sort: searchSort(),
    size: options.size,
    _source: {
      includes: ['card'],
      excludes: viewer.kind === 'anonymous' ? [...IDENTIFYING_CARD_FIELDS] : [],
    },
    track_total_hits: true,
  };
  if (Object.keys(postFilters).length > 0) body.post_filter = postFilterExcept(postFilters);
  if (options.facets) body.aggs = buildFacetAggregations(postFilters, filterCriteria);
  if (options.searchAfter) body.search_after = options.searchAfter.map(toSortValue);
  return body;
}

function toSortValue(value: unknown): SortValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as SortValue;
  throw new RangeError(`searchAfter holds a value that is not a sort value: ${JSON.stringify(value)}`);
}

// ---------------------------------------------------------------------------------------------------------
// The reference filter

/**
 * The filter semantics of `buildSearchQuery` in plain TypeScript, for tests that compare the index's answer
 * with the documents. For `searchTerm` it checks only that the first word occurs exactly (as a folded
 * token, see `tokenizeText`) in the document's text; the index also accepts typos, stems and folded
 * variants, so for a search term the index matches a superset, and exactly these documents when no other
 * word in the index is a stem variant or within the fuzzy distance of the word.
 */
export function matchesCriteria(doc: ConsultantDocument, criteria: SearchCriteria, today: string): boolean {
  assertIsoDate(today, 'today');
  const wanted = toFilterCriteria(criteria, today, true);
  if (!doc.isSearchable) return false;

  const [firstWord] = wanted.searchWords;
  if (firstWord !== undefined) {
    const tokens = new Set([...doc.titleText, ...doc.skillText, ...doc.bodyText].flatMap(tokenizeText));
    if (!tokens.has(firstWord)) return false;
  }

  const skillIds = new Set(doc.skillIds);
  if (!wanted.skills.every((id) => skillIds.has(id))) return false;
  for (const requirement of wanted.skillRequirements) {
    const held = doc.skills.find((skill) => skill.id === requirement.skill);
    if (!held) return false;
    if (requirement.minYears !== null && (held.years === null || held.years < requirement.minYears)) {
      return false;
    }
    if (
      requirement.usedWithinYears !== null &&
      (held.lastUsedYear === null || held.lastUsedYear < earliestLastUse(requirement.usedWithinYears, today))
    ) {
      return false;
    }
  }
  const languageCodes = new Set(doc.languageCodes);
  if (!wanted.languages.every((code) => languageCodes.has(code))) return false;
  if (!wanted.drivingForces.every((force) => doc.drivingForces.includes(force))) return false;

  if (
    wanted.personalities.length > 0 &&
    (doc.discType === null || !wanted.personalities.includes(doc.discType))
  ) {
    return false;
  }
  if (wanted.assessedPersonality && doc.discSource !== 'assessment') return false;
  if (wanted.locations.length > 0 && !wanted.locations.some((location) => doc.locations.includes(location))) {
    return false;
  }
  if (
    wanted.fieldsOfStudy.length > 0 &&
    !wanted.fieldsOfStudy.some((field) => doc.fieldsOfStudy.includes(field))
  ) {
    return false;
  }
  if (wanted.educationLevel !== null && doc.educationLevelRank < educationLevelRank(wanted.educationLevel)) {
    return false;
  }
  return isAvailableBy(doc.availability, wanted.availableAt ?? today, today);
}

/** The availability rule on its own: is the consultant available to start on `availableAt`? */
export function isAvailableBy(
  availability: ConsultantDocument['availability'],
  availableAt: string,
  today: string,
): boolean {
  switch (availability.kind) {
    case 'available_now':
      return true;
    case 'available_at':
      return availability.date !== null && availability.date <= availableAt;
    case 'available_with_in':
      return availability.withinDays !== null && availability.withinDays <= daysBetween(today, availableAt);
    case 'not_available':
      return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Matched criteria

/** The minimal shape of an Elasticsearch hit these helpers read. */
export interface SearchHit {
  _id?: string;
  _score?: number | null;
  _source?: unknown;
  sort?: unknown[];
  matched_queries?: string[] | Record<string, number>;
}

export interface MatchedCriterion {
  criterion: CriterionName;
  values: string[];
}

/**
 * The criteria a hit matched, from its `matched_queries`, in the order of `CRITERION_NAMES`: e.g.
 * `[{ criterion: 'skills', values: ['java'] }, { criterion: 'availableAt', values: ['available_now'] }]`.
 * Values are ids (search words for `searchTerm`, the availability kind for `availableAt`, the chosen
 * minimum for `educationLevel`).
 */
export function matchedCriteriaFromHit(hit: SearchHit): MatchedCriterion[] {
  const names = Array.isArray(hit.matched_queries)
    ? hit.matched_queries
    : Object.keys(hit.matched_queries ?? {});
  const valuesByCriterion = new Map<CriterionName, string[]>();
  for (const name of names) {
    const separator = name.indexOf(MATCH_NAME_SEPARATOR);
    if (separator < 0) continue;
    const criterion = name.slice(0, separator) as CriterionName;
    if (!(CRITERION_NAMES as readonly string[]).includes(criterion)) continue;
    const value = name.slice(separator + 1);
    const values = valuesByCriterion.get(criterion) ?? [];
    if (!values.includes(value)) values.push(value);
    valuesByCriterion.set(criterion, values);
  }
  return CRITERION_NAMES.flatMap((criterion) => {
    const values = valuesByCriterion.get(criterion);
    return values ? [{ criterion, values }] : [];
  });
}

/** The vocabulary skills a hit was ranked by (its `skill:<id>` clauses), as Elasticsearch reports them. */
export function matchedSkillIdsFromHit(hit: SearchHit): string[] {
  const names = Array.isArray(hit.matched_queries)
    ? hit.matched_queries
    : Object.keys(hit.matched_queries ?? {});
  return [
    ...new Set(
      names
        .filter((name) => name.startsWith(SKILL_MATCH_PREFIX))
        .map((name) => name.slice(SKILL_MATCH_PREFIX.length)),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Tag suggestions (`/search/tags`, `/search/tags/v2`)

export const TAG_NAMES = ['skills', 'languages', 'personalities'] as const;
export type TagName = (typeof TAG_NAMES)[number];

const TAG_FIELDS: Record<TagName, string> = {
  skills: 'skillIds',
  languages: 'languageCodes',
  personalities: 'discType',
};

/** How many tags a suggestion returns (spec section 9). */
export const TAGS_LIMIT = 10;

/** Conditions of a tag suggestion: parsed criteria where any field may be missing. */
export type TagsConditions = PartialSearchCriteria;

export interface TagsQueryOptions {
  /** Today `YYYY-MM-DD`, used when the conditions hold `availableAt: null`. */
  today: string;
  /** The request's language (weighs its stemmed fields a little more for the search term). */
  locale?: Locale;
}

/**
 * The body of a `search` request for tag suggestions: no hits, and the `TAGS_LIMIT` most frequent values of
 * `tag` among the searchable profiles that match `conditions` (same semantics as `buildSearchQuery`; a
 * missing `availableAt` means no availability condition, null means today). Values already chosen for
 * `tag` are left out.
 */
export function buildTagsQuery(tag: TagName, conditions: TagsConditions, options: TagsQueryOptions) {
  assertIsoDate(options.today, 'today');
  const criteria = toFilterCriteria(conditions, options.today, conditions.availableAt !== undefined);
  const filters = buildFilters(criteria, options.today);
  const text = searchTermClauses(
    conditions.searchTerm ?? '',
    options.locale ?? 'sv',
    Number(options.today.slice(0, 4)),
  );
  const chosen = tag === 'personalities' ? criteria.personalities : criteria[tag];
  return {
    size: 0,
    track_total_hits: false,
    query: {
      bool: {
        filter: [SEARCHABLE_FILTER, ...Object.values(filters)],
        ...(text.must.length > 0 ? { must: text.must } : {}),
      },
    },
    aggs: {
      tags: {
        terms: {
          field: TAG_FIELDS[tag],
          size: TAGS_LIMIT,
          ...(chosen.length > 0 ? { exclude: chosen } : {}),
        },
      },
    },
  };
}

export interface TagSuggestion {
  id: string;
  label: string;
  count: number;
}

/** The suggestions of a tags response (`response.aggregations`), labelled in `locale`. */
export function parseTags(aggregations: unknown, tag: TagName, locale: Locale): TagSuggestion[] {
  const buckets = readTermsBuckets((aggregations as Record<string, unknown> | undefined)?.tags);
  return buckets
    .filter(({ key }) => !isFreeTextValue(key))
    .slice(0, TAGS_LIMIT)
    .map(({ key, count }) => ({ id: key, label: tagLabel(tag, key, locale), count }));
}

function tagLabel(tag: TagName, id: string, locale: Locale): string {
  if (tag === 'personalities') return DISC_TYPES_BY_ID[id as DiscTypeId]?.label[locale] ?? id;
  return labelTermId(tag, id, locale);
}
