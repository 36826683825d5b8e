import type { SearchCriteria } from '@mp/search-schema';

/** Data access other features use; the SQL stays in the repository. */
export { findSearchAnalytics } from './search-analytics.repository';

/** The list criteria recorded as `name:value` filters; the values are vocabulary or closed-list ids. */
const LIST_FILTERS = [
  'skills',
  'languages',
  'fieldsOfStudy',
  'personalities',
  'drivingForces',
  'locations',
] as const satisfies readonly (keyof SearchCriteria)[];

/** What one search tells the analytics: never who searched (spec section 7, anonymous events). */
export interface SearchEvent {
  searchTerm: string | null;
  filters: string[];
}

/** E-mail addresses, runs of digits (personal, phone or organisation numbers) would be personal data. */
const PERSONAL_LOOKING = /@|\d{5,}|\d{3}[\s-]\d{2}[\s-]\d{2}/;
const TERM_MAX = 100;

/**
 * The search term lower-cased with single spaces, or null when empty or when it looks like it carries
 * personal data (an e-mail address or a long number), which analytics never stores.
 */
export function normaliseSearchTerm(term: string | null | undefined): string | null {
  const normalised = (term ?? '').toLocaleLowerCase('sv').replace(/\s+/g, ' ').trim().slice(0, TERM_MAX);
  if (normalised === '' || PERSONAL_LOOKING.test(normalised)) return null;
  return normalised;
}

/** The filters of a search as `name:value` strings, sorted, plus the education level and a chosen date. */
export function describeSearch(criteria: Partial<SearchCriteria>): SearchEvent {
  const filters: string[] = [];
  for (const name of LIST_FILTERS) {
    for (const value of criteria[name] ?? [])
      filters.push(`${name}:${String(value).toLocaleLowerCase('sv')}`);
  }
  if (criteria.educationLevel) filters.push(`educationLevel:${criteria.educationLevel}`);
  if (criteria.availableAt) filters.push('availableAt');
  return { searchTerm: normaliseSearchTerm(criteria.searchTerm), filters: [...new Set(filters)].sort() };
}
