import type { Suggestion } from './api/profile';

/** An option of a term input: a vocabulary suggestion, or (a string) the typed text in the user's own words. */
export type TermOption = Suggestion | string;

/**
 * The options a term input lists: the suggestions not already chosen (`taken`, lower case), then, where own
 * wording is allowed, the typed text as an option of its own ("Add “TypeSc”") once the suggestions for it
 * have arrived (`settled`). The first option is highlighted, so Enter takes the top suggestion, as in the
 * language field, and the user's own words are a deliberate second choice; with no suggestion the typed text
 * is first. Nothing is added for text a suggestion or a chosen term already names (in any case).
 */
export function termOptions(
  suggestions: readonly Suggestion[],
  input: string,
  taken: ReadonlySet<string>,
  options: { allowFreeText: boolean; settled: boolean },
): TermOption[] {
  const available: TermOption[] = suggestions.filter((option) => !taken.has(option.label.toLowerCase()));
  const typed = input.trim();
  const key = typed.toLowerCase();
  if (!options.allowFreeText || !options.settled || typed === '' || taken.has(key)) return available;
  if (suggestions.some((option) => option.label.toLowerCase() === key)) return available;
  return [...available, typed];
}
