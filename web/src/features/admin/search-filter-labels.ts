import type { LocalizedText } from '@mp/domain/locale';
import {
  BASE_LANGUAGES_BY_ID,
  DISC_TYPES_BY_ID,
  DRIVING_FORCES_BY_ID,
  EDUCATION_LEVELS_BY_ID,
  WORK_LOCATIONS_BY_ID,
} from '@mp/domain/value-lists';
import type { Language } from '../../lib/language';

// The search analytics record each filter of a search as a code, `name:value` (`locations:goteborg`,
// `educationLevel:masters`), or the name alone (`availableAt`). The dashboard shows them in words.

/** The value lists whose labels the dashboard can show; vocabulary values (skills, fields of study) show as ids. */
const LABELS: Readonly<Record<string, Readonly<Record<string, { label: LocalizedText }>>>> = {
  locations: WORK_LOCATIONS_BY_ID,
  personalities: DISC_TYPES_BY_ID,
  drivingForces: DRIVING_FORCES_BY_ID,
  educationLevel: EDUCATION_LEVELS_BY_ID,
  languages: BASE_LANGUAGES_BY_ID,
};

/** A recorded filter's name (a criterion of the search) and its value in words, when it has a value. */
export function describeSearchFilter(
  code: string,
  language: Language,
): { name: string; value: string | null } {
  const colon = code.indexOf(':');
  if (colon < 0) return { name: code, value: null };
  const name = code.slice(0, colon);
  const value = code.slice(colon + 1);
  const list = LABELS[name];
  return { name, value: (list && Object.hasOwn(list, value) ? list[value]?.label[language] : null) ?? value };
}
