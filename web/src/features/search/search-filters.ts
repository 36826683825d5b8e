import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';

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
  skills: Term[];
  /** Driving force ids, all of them (AND). */
  drivingForces: string[];
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
  skills: [],
  drivingForces: [],
}) as SearchFilters;

export const DEFAULT_STATE: SearchState = Object.freeze({
  filters: DEFAULT_FILTERS,
  favoritesGroup: null,
  filtersBeforeList: null,
}) as SearchState;

const ids = (terms: readonly Term[]) => terms.map((term) => term.id);

/** The criteria `POST /search/v3` (and saved searches) take. */
export function toCriteria(filters: SearchFilters): SearchCriteriaInput {
  return {
    searchTerm: filters.searchTerm.trim(),
    skills: ids(filters.skills),
    languages: ids(filters.languages),
    fieldsOfStudy: ids(filters.fieldsOfStudy),
    personalities: [...filters.personalities],
    drivingForces: [...filters.drivingForces],
    locations: [...filters.locations],
    educationLevel: filters.educationLevel,
    availableAt: filters.availableAt,
    orderOfImportance: [],
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
    skills: termList(raw.skills),
    drivingForces: stringList(raw.drivingForces),
  };
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
