import { EDUCATION_LEVEL_IDS, educationLevelRank } from '@mp/domain';
import {
  RANKABLE_CRITERION_NAMES,
  type NiceToHaveList,
  type RankableCriterionName,
  type SearchCriteria,
} from '../criteria.schema';
import { allOf, constantScore, scoredBy, type EsQuery } from './dsl';
import type { FilterCriteria, NiceToHave } from './filters';
import { MATCH_NAME_SEPARATOR, matchName, SKILL_MATCH_PREFIX } from './matched-criteria';

// Relevance: what ranks one match above another. Every clause here is a should-clause that only adds
// score; none of them ever selects or drops a profile.

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

// The experience score of a skill (see `skillExperience`); SKILL_PRESENT is what holding it at all adds when
// the search term or a nice-to-have names it.
export const SKILL_PRESENT = 6;
const SKILL_YEARS = 4;
const SKILL_USED_LAST_YEAR = 2;
const SKILL_USED_WITHIN_3_YEARS = 1;
const SKILL_STARRED = 1;
/** The `skills` filter's experience score is its importance boost over this (8 / 4 = twice the term's). */
const SKILL_IMPORTANCE_SCALE = 4;

/**
 * A profile's experience of one skill, times `boost`: 4 x log10(1 + years), +2 when used this or last year,
 * +1 more when used within 3 years, +1 when starred; plus `present` for holding it at all. Named
 * `skill:<id>` so the card can say why it matched.
 */
export function skillExperience(id: string, currentYear: number, boost: number, present = 0): EsQuery {
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
export function relevanceClauses(
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
export const PROFILE_QUALITY: EsQuery = scoredBy(
  { match_all: {} },
  [
    { field_value_factor: { field: 'completion', factor: 0.005, missing: 0 } },
    { field_value_factor: { field: 'approvedReferenceCount', modifier: 'log1p', missing: 0 }, weight: 0.5 },
  ],
  1,
);
