// The names of the search criteria, apart from their schema so that the web can take them without zod or the
// vocabularies.

/** The criteria that filter results, in the order the default ranking weighs them. */
export const CRITERION_NAMES = [
  'searchTerm',
  'skills',
  'skillRequirements',
  'languages',
  'availableAt',
  'educationLevel',
  'fieldsOfStudy',
  'locations',
  'personalities',
  'assessedPersonality',
  'drivingForces',
  'niceToHave',
] as const;
export type CriterionName = (typeof CRITERION_NAMES)[number];

/** The criteria a buyer can rank in `orderOfImportance`. */
export const RANKABLE_CRITERION_NAMES = [
  'skills',
  'languages',
  'availableAt',
  'educationLevel',
  'fieldsOfStudy',
  'locations',
  'personalities',
  'drivingForces',
] as const satisfies readonly CriterionName[];
export type RankableCriterionName = (typeof RANKABLE_CRITERION_NAMES)[number];
