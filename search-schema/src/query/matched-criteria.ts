import { CRITERION_NAMES, type CriterionName } from '../criteria.schema';

// Every criterion clause of a search is named `<criterion>:<value>` (and every skill-experience clause
// `skill:<id>`), so a hit's `matched_queries` say which criteria it matched and by which values.

export const MATCH_NAME_SEPARATOR = ':';

export function matchName(criterion: CriterionName, value: string): string {
  return `${criterion}${MATCH_NAME_SEPARATOR}${value}`;
}

/** Name prefix of the clauses that score a skill's experience, so a hit reports which skills it matched. */
export const SKILL_MATCH_PREFIX = 'skill:';

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
