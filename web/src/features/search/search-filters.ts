import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';
import { RANKABLE_CRITERION_NAMES, type RankableCriterionName } from '@mp/search-schema/criterion-names';

// The search screen's filters (spec sections 3 and 4) and how they become `POST /search/v3` criteria. Pure:
// no React, no storage. Skills, languages and fields of study keep their labels next to their ids so chips
// and the "why this match" line can show them without another request.

/** A vocabulary term (skill, language, field of study): the id the API filters on and its label. */
export interface Term {
  id: string;
  label: string;
}

export interface SearchFilters {
  searchTerm: string;
  /** Work location ids, any of them (OR). */
  locations: string[];
  /** `YYYY-MM-DD`, the assignment start; null means today. */
  availableAt: string | null;
  /** The lowest accepted education level; null for any. */
  educationLevel: string | null;
  fieldsOfStudy: Term[];
  languages: Term[];
  /** DISC type ids (the screen picks one of the eight). */
  personalities: string[];
  /** Only DISC types from a taken assessment, not self-assessed ones. */
  assessedPersonality: boolean;
  skills: Term[];
  /** Driving force ids, all of them (AND). */
  drivingForces: string[];
  /** Per chosen skill id: the experience it must come with (null = any). */
  skillRequirements: Record<string, SkillRequirementInput>;
  /** Chosen values the buyer marked nice to have (`niceKey`): they rank, never filter. */
  nice: string[];
  /** The buyer's order of importance of the criteria, most important first. */
  importance: ImportanceName[];
}

export interface SkillRequirementInput {
  minYears: number | null;
  usedWithinYears: number | null;
}

/** The lists whose chosen values can each be a must or a nice-to-have. */
export const CHOICE_LISTS = [
  'skills',
  'languages',
  'locations',
  'personalities',
  'drivingForces',
  'fieldsOfStudy',
] as const;
export type ChoiceList = (typeof CHOICE_LISTS)[number];

/** The criteria a buyer can order by importance (the API's rankable criteria). */
export const IMPORTANCE_NAMES = RANKABLE_CRITERION_NAMES;
export type ImportanceName = RankableCriterionName;

/** The key of a chosen value in `nice`: 'languages:en'. */
export const niceKey = (list: ChoiceList, id: string) => `${list}:${id}`;

/** The chosen ids of a list, as strings. */
export function chosenIds(filters: SearchFilters, list: ChoiceList): string[] {
  const values = filters[list];
  return values.map((value) => (typeof value === 'string' ? value : value.id));
}

/**
 * The criteria that have a value chosen, in the buyer's order of importance (the ones never ordered follow
 * in the default order): what the importance list shows and what `orderOfImportance` sends.
 */
export function importanceOrder(filters: SearchFilters): ImportanceName[] {
  const active = IMPORTANCE_NAMES.filter((name) => {
    if (name === 'availableAt') return filters.availableAt !== null;
    if (name === 'educationLevel') return filters.educationLevel !== null;
    return filters[name].length > 0;
  });
  return [
    ...filters.importance.filter((name) => active.includes(name)),
    ...active.filter((name) => !filters.importance.includes(name)),
  ];
}

/** Moves one criterion up or down the order of importance. */
export function moveImportance(filters: SearchFilters, name: ImportanceName, by: -1 | 1): ImportanceName[] {
  const order = importanceOrder(filters);
  const from = order.indexOf(name);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return order;
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, name);
  return next;
}

/** What the screen shows: the filters, or the members of an opened favourites list (filtered by them). */
export interface SearchState {
  filters: SearchFilters;
  /** The opened favourites list, if any. */
  favoritesGroup: string | null;
  /** The filters from before the list was opened; closing the list brings them back. */
  filtersBeforeList: SearchFilters | null;
}

export const DEFAULT_FILTERS: SearchFilters = Object.freeze({
  searchTerm: '',
  locations: [],
  availableAt: null,
  educationLevel: null,
  fieldsOfStudy: [],
  languages: [],
  personalities: [],
  assessedPersonality: false,
  skills: [],
  drivingForces: [],
  skillRequirements: {},
  nice: [],
  importance: [],
}) as SearchFilters;

export const DEFAULT_STATE: SearchState = Object.freeze({
  filters: DEFAULT_FILTERS,
  favoritesGroup: null,
  filtersBeforeList: null,
}) as SearchState;

/** The criteria `POST /search/v3` (and saved searches) take. */
export function toCriteria(filters: SearchFilters): SearchCriteriaInput {
  const nice = new Set(filters.nice);
  const split = (list: ChoiceList) => {
    const values = chosenIds(filters, list);
    return {
      must: values.filter((id) => !nice.has(niceKey(list, id))),
      nice: values.filter((id) => nice.has(niceKey(list, id))),
    };
  };
  const lists = Object.fromEntries(CHOICE_LISTS.map((list) => [list, split(list)])) as Record<
    ChoiceList,
    { must: string[]; nice: string[] }
  >;
  const skillRequirements = lists.skills.must.flatMap((skill) => {
    const requirement = filters.skillRequirements[skill];
    if (!requirement || (requirement.minYears === null && requirement.usedWithinYears === null)) return [];
    return [{ skill, minYears: requirement.minYears, usedWithinYears: requirement.usedWithinYears }];
  });
  const hasNice = CHOICE_LISTS.some((list) => lists[list].nice.length > 0);
  return {
    searchTerm: filters.searchTerm.trim(),
    skills: lists.skills.must,
    ...(skillRequirements.length > 0 ? { skillRequirements } : {}),
    languages: lists.languages.must,
    fieldsOfStudy: lists.fieldsOfStudy.must,
    personalities: lists.personalities.must,
    ...(filters.assessedPersonality ? { assessedPersonality: true } : {}),
    drivingForces: lists.drivingForces.must,
    locations: lists.locations.must,
    ...(hasNice
      ? {
          niceToHave: Object.fromEntries(CHOICE_LISTS.map((list) => [list, lists[list].nice])) as Record<
            ChoiceList,
            string[]
          >,
        }
      : {}),
    educationLevel: filters.educationLevel,
    availableAt: filters.availableAt,
    orderOfImportance:
      filters.importance.length > 0 ? importanceOrder(filters).map((name) => ({ name })) : [],
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter(isString))] : [];
}

function termList(value: unknown): Term[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const item of value) {
    const { id, label } = (item ?? {}) as Partial<Term>;
    if (!isString(id) || seen.has(id)) continue;
    seen.add(id);
    terms.push({ id, label: isString(label) ? label : id });
  }
  return terms;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters from anything (session storage, an old version of this shape): what is unusable is dropped. */
export function parseFilters(value: unknown): SearchFilters {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    searchTerm: isString(raw.searchTerm) ? raw.searchTerm : '',
    locations: stringList(raw.locations),
    availableAt: isString(raw.availableAt) && ISO_DATE.test(raw.availableAt) ? raw.availableAt : null,
    educationLevel: isString(raw.educationLevel) && raw.educationLevel ? raw.educationLevel : null,
    fieldsOfStudy: termList(raw.fieldsOfStudy),
    languages: termList(raw.languages),
    personalities: stringList(raw.personalities),
    assessedPersonality: raw.assessedPersonality === true,
    skills: termList(raw.skills),
    drivingForces: stringList(raw.drivingForces),
    skillRequirements: requirementMap(raw.skillRequirements),
    nice: stringList(raw.nice),
    importance: stringList(raw.importance).filter((name): name is ImportanceName =>
      (IMPORTANCE_NAMES as readonly string[]).includes(name),
    ),
  };
}

/** The most years a skill requirement asks for (search-schema's SKILL_REQUIREMENT_YEARS_MAX). */
export const REQUIREMENT_YEARS_MAX = 60;

/** Years of experience may be 2.5; years since last use are whole. */
const yearsOrNull = (value: unknown, whole: boolean) =>
  typeof value === 'number' &&
  (!whole || Number.isInteger(value)) &&
  value >= 0 &&
  value <= REQUIREMENT_YEARS_MAX
    ? value
    : null;

function requirementMap(value: unknown): Record<string, SkillRequirementInput> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const requirements: Record<string, SkillRequirementInput> = {};
  for (const [skill, raw] of Object.entries(value as Record<string, unknown>)) {
    const { minYears, usedWithinYears } = (raw ?? {}) as Record<string, unknown>;
    requirements[skill] = {
      minYears: yearsOrNull(minYears, false),
      usedWithinYears: yearsOrNull(usedWithinYears, true),
    };
  }
  return requirements;
}

/** The stored state, or the defaults when there is none or it cannot be read. */
export function parseState(text: string | null): SearchState {
  if (!text) return DEFAULT_STATE;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    return {
      filters: parseFilters(raw.filters),
      favoritesGroup: isString(raw.favoritesGroup) ? raw.favoritesGroup : null,
      filtersBeforeList: raw.filtersBeforeList ? parseFilters(raw.filtersBeforeList) : null,
    };
  } catch {
    return DEFAULT_STATE;
  }
}

/** A date before today is no longer a valid assignment start (the filter cannot go back in time). */
export function withoutPastDate(filters: SearchFilters, today: string): SearchFilters {
  return filters.availableAt && filters.availableAt < today ? { ...filters, availableAt: null } : filters;
}

/** Today in the browser's calendar, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
