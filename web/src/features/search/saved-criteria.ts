import {
  CHOICE_LISTS,
  niceKey,
  parseFilters,
  stringList,
  toCriteria,
  type ChoiceList,
  type SearchFilters,
} from './search-filters';

// Saved searches store criteria as the API canonicalised them: ids only. These helpers turn them back into the
// screen's filters, and count what a set of filters narrows (the clear-all button shows it).

/**
 * Saved criteria (canonical ids) as filters. `labelOf` names the terms it knows; the others are labelled
 * from their id until the screen resolves them.
 */
export function filtersFromCriteria(
  criteria: Record<string, unknown>,
  labelOf: (kind: 'skills' | 'languages' | 'fieldsOfStudy', id: string) => string | undefined = () =>
    undefined,
): SearchFilters {
  const niceToHave = (criteria.niceToHave ?? {}) as Record<string, unknown>;
  // A nice-to-have is a chosen value marked nice: it joins its list and is keyed in `nice`.
  const chosen = (list: ChoiceList) => [
    ...new Set([...stringList(criteria[list]), ...stringList(niceToHave[list])]),
  ];
  const terms = (kind: 'skills' | 'languages' | 'fieldsOfStudy') =>
    chosen(kind).map((id) => ({ id, label: labelOf(kind, id) ?? labelFromId(id) }));
  const requirements = Array.isArray(criteria.skillRequirements) ? criteria.skillRequirements : [];
  const requiredSkills = requirements.flatMap((requirement: { skill?: unknown }) =>
    typeof requirement?.skill === 'string' ? [requirement.skill] : [],
  );
  const skills = terms('skills');
  for (const id of requiredSkills) {
    if (!skills.some((term) => term.id === id))
      skills.push({ id, label: labelOf('skills', id) ?? labelFromId(id) });
  }
  return parseFilters({
    ...criteria,
    skills,
    languages: terms('languages'),
    fieldsOfStudy: terms('fieldsOfStudy'),
    locations: chosen('locations'),
    personalities: chosen('personalities'),
    drivingForces: chosen('drivingForces'),
    skillRequirements: Object.fromEntries(
      requirements.flatMap((requirement: Record<string, unknown>) =>
        typeof requirement?.skill === 'string' ? [[requirement.skill, requirement]] : [],
      ),
    ),
    nice: CHOICE_LISTS.flatMap((list) => stringList(niceToHave[list]).map((id) => niceKey(list, id))),
    importance: (Array.isArray(criteria.orderOfImportance) ? criteria.orderOfImportance : []).flatMap(
      (entry: { name?: unknown }) => (typeof entry?.name === 'string' ? [entry.name] : []),
    ),
  });
}

/** A readable stand-in for a term id: free text as typed, slugs with spaces. */
export function labelFromId(id: string): string {
  const text = id.startsWith('free:') ? id.slice('free:'.length) : id.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How many filters (not counting the keyword) narrow the search; the clear-all button shows it. */
export function countActiveFilters(filters: SearchFilters): number {
  return (
    filters.locations.length +
    filters.fieldsOfStudy.length +
    filters.languages.length +
    filters.personalities.length +
    (filters.assessedPersonality ? 1 : 0) +
    filters.skills.length +
    filters.drivingForces.length +
    (filters.availableAt ? 1 : 0) +
    (filters.educationLevel ? 1 : 0)
  );
}

const criteriaKey = (filters: SearchFilters) => JSON.stringify(toCriteria(filters));

/**
 * The saved search the screen shows: the one loaded last while its criteria are still the filters', else one
 * whose criteria the filters are (the loaded one after a reload); '' once the criteria have changed. Labels do
 * not count, only what is searched for.
 */
export function findShownSavedSearch(
  searches: readonly { id: string; search: Record<string, unknown> }[],
  filters: SearchFilters,
  lastLoadedId: string | null,
): string {
  const key = criteriaKey(filters);
  const same = searches.filter((search) => criteriaKey(filtersFromCriteria(search.search)) === key);
  return (same.find((search) => search.id === lastLoadedId) ?? same[0])?.id ?? '';
}
