import { educationLevelRank } from '@mp/domain';
import type { EducationLevelId } from '@mp/domain';
import type {
  CriterionName,
  NiceToHaveList,
  PartialSearchCriteria,
  SkillRequirement,
} from '../criteria.schema';
import { resolveTermId } from '../document';
import { assertIsoDate, daysBetween, earliestLastUse, effectiveAvailableAt } from './dates';
import { allOf, anyOf, type EsQuery } from './dsl';
import { matchName } from './matched-criteria';
import { searchWords } from './search-term';

// The filter semantics of a search: which profiles match at all (see `buildSearchQuery`). Filters never
// score; ranking is `relevance.ts`'s.

function namedTerm(field: string, value: string | boolean, criterion: CriterionName): EsQuery {
  return { term: { [field]: { value, _name: matchName(criterion, String(value)) } } };
}

function canonicalTerms(kind: 'skills' | 'languages' | 'fieldsOfStudy', values: readonly string[]): string[] {
  return [...new Set(values.map((value) => resolveTermId(kind, value)).filter((id) => id !== null))];
}

/**
 * Criteria as the query builder and the reference filter (`@mp/test-support/reference-filter`) use them:
 * canonical ids, the date resolved.
 */
export interface FilterCriteria {
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

export function toFilterCriteria(
  criteria: PartialSearchCriteria,
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

export type FilterName = Exclude<CriterionName, 'searchTerm' | 'niceToHave'>;

export type NiceToHave = Record<NiceToHaveList, string[]>;

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
 * - assessedPersonality: the DISC type comes from a taken assessment (`discSource`)
 * - educationLevel: `educationLevelRank` at least the chosen level's rank
 * - availableAt: available_now; available_at on or before the date; available_with_in when today plus the
 *   days is on or before the date (withinDays <= days from today to the date); never not_available
 */
export function buildFilters(criteria: FilterCriteria, today: string): Partial<Record<FilterName, EsQuery>> {
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

export const SEARCHABLE_FILTER: EsQuery = { term: { isSearchable: true } };

/** Criteria whose facet counts ignore their own filter (they sit in `post_filter` when facets are asked for). */
const DISJUNCTIVE_FILTERS = [
  'locations',
  'personalities',
  'assessedPersonality',
  'fieldsOfStudy',
  'educationLevel',
] as const;
export type DisjunctiveFilter = (typeof DISJUNCTIVE_FILTERS)[number];

export function isDisjunctive(name: FilterName): name is DisjunctiveFilter {
  return (DISJUNCTIVE_FILTERS as readonly string[]).includes(name);
}
