import { educationLevelRank } from '@mp/domain';
import {
  daysBetween,
  earliestLastUse,
  isIsoDate,
  tokenizeText,
  toFilterCriteria,
  type ConsultantDocument,
  type SearchCriteria,
} from '@mp/search-schema';

// The reference filter: the filter semantics of `buildSearchQuery` stated once more in plain TypeScript, so
// tests (and the relevance measurement) can compare what the index answers with what it should answer.

/**
 * The filter semantics of `buildSearchQuery` in plain TypeScript, for tests that compare the index's answer
 * with the documents. For `searchTerm` it checks only that the first word occurs exactly (as a folded
 * token, see `tokenizeText`) in the document's text; the index also accepts typos, stems and folded
 * variants, so for a search term the index matches a superset, and exactly these documents when no other
 * word in the index is a stem variant or within the fuzzy distance of the word.
 */
export function matchesCriteria(doc: ConsultantDocument, criteria: SearchCriteria, today: string): boolean {
  if (!isIsoDate(today)) throw new RangeError(`today must be a date YYYY-MM-DD, got "${today}"`);
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
