import { parseNumberInput } from '../../lib/number-format';
import { REQUIREMENT_YEARS_MAX } from './search-filters';

// The two years of a must-have skill as typed: at least so many years of experience (0 to 60, halves and the
// like allowed, as the profiles' years are), and last used within so many whole years (0 to 60), as the API's
// criteria take them (search-schema `skillRequirementSchema`).

/** Why a years field cannot take what was typed. */
export type YearsProblem = 'onlyNumbers' | 'notNegative' | 'tooMany' | 'wholeYears';

/** What the text of a years field means: the value to search by (null: none), or why it cannot be used. */
export function readRequirementYears(
  text: string,
  whole: boolean,
): { value: number | null; problem?: YearsProblem } {
  const value = parseNumberInput(text);
  if (value === null) return { value: null };
  if (Number.isNaN(value)) return { value: null, problem: 'onlyNumbers' };
  if (value < 0) return { value: null, problem: 'notNegative' };
  if (value > REQUIREMENT_YEARS_MAX) return { value: null, problem: 'tooMany' };
  if (whole && !Number.isInteger(value)) return { value: null, problem: 'wholeYears' };
  return { value };
}
