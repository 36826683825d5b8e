import { DISC_TYPE_IDS, DRIVING_FORCE_IDS, EDUCATION_LEVEL_IDS, WORK_LOCATION_IDS } from '@mp/domain';
import type { SearchCriteriaInput } from '@mp/search-schema';
import { JOB_FAMILIES } from '../seed/job-families';
import { Random } from '../seed/random';

/**
 * Buyer queries drawn from the same distributions the seed generator uses: a job family's skills and titles,
 * popular locations, common languages, sometimes education, personality, driving forces, a start date, a skill
 * with required years and recent use, and nice-to-haves (which only rank).
 */
export function generateQueryMix(count: number, seed = 42, today = new Date()): SearchCriteriaInput[] {
  const rng = new Random(seed);
  const popularLocations = ['stockholm', 'goteborg', 'skane', 'distansarbete', 'uppsala'];
  return Array.from({ length: count }, () => {
    const family = rng.weighted(JOB_FAMILIES.map((f) => [f, f.weight] as const));
    const criteria: SearchCriteriaInput = {};
    const kind = rng.int(0, 9);
    if (kind <= 3) criteria.skills = rng.sample(family.core, rng.int(1, Math.min(2, family.core.length)));
    if (kind >= 2 && kind <= 5)
      criteria.searchTerm = rng.pick([...family.titles, ...family.optional]).split(' ')[0];
    if (rng.chance(0.5))
      criteria.locations = [rng.chance(0.8) ? rng.pick(popularLocations) : rng.pick(WORK_LOCATION_IDS)];
    if (rng.chance(0.3)) criteria.languages = [rng.pick(['en', 'sv', 'de'])];
    if (rng.chance(0.15)) criteria.educationLevel = rng.pick(EDUCATION_LEVEL_IDS.slice(0, 5));
    if (rng.chance(0.15)) criteria.personalities = [rng.pick(DISC_TYPE_IDS)];
    if (rng.chance(0.1)) criteria.drivingForces = [rng.pick(DRIVING_FORCE_IDS)];
    if (rng.chance(0.3)) {
      criteria.availableAt = new Date(today.getTime() + rng.int(0, 120) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    }
    if (rng.chance(0.2)) {
      criteria.skillRequirements = [
        {
          skill: rng.pick(family.core),
          ...(rng.chance(0.7) ? { minYears: rng.int(0, 12) } : {}),
          ...(rng.chance(0.6) ? { usedWithinYears: rng.int(0, 4) } : {}),
        },
      ];
    }
    if (rng.chance(0.25)) {
      criteria.niceToHave = {
        skills: rng.sample(family.optional, rng.int(0, 2)),
        languages: rng.chance(0.5) ? [rng.pick(['en', 'de', 'fr'])] : [],
        locations: rng.chance(0.4) ? [rng.pick(popularLocations)] : [],
        personalities: rng.chance(0.3) ? [rng.pick(DISC_TYPE_IDS)] : [],
      };
    }
    if (rng.chance(0.1) && criteria.skills) {
      criteria.orderOfImportance = [{ name: 'skills', array: criteria.skills, itemName: 'skill' }];
    }
    return criteria;
  });
}
