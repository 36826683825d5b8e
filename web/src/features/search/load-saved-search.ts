import { currentLanguage } from '../../lib/i18n';
import { suggestTerms, type VocabularyKind } from './api/suggestions';
import type { SavedSearch } from './api/saved-searches';
import { filtersFromCriteria, labelFromId } from './saved-criteria';
import type { SearchFilters, Term } from './search-filters';
import { getSearchState, replaceFilters, updateFilters } from './search-store';
import { baseLanguageLabel } from './value-labels';

const TERM_KINDS: readonly VocabularyKind[] = ['skills', 'languages', 'fieldsOfStudy'];

/** The label of a stored term id: the vocabulary's entry found by the id itself, else a readable stand-in. */
async function resolveLabel(kind: VocabularyKind, term: Term): Promise<Term> {
  if (term.label !== labelFromId(term.id) || term.id.startsWith('free:')) return term;
  try {
    const suggestions = await suggestTerms(kind, labelFromId(term.id));
    const match = suggestions.find((suggestion) => suggestion.id === term.id);
    return match ? { id: term.id, label: match.label } : term;
  } catch {
    return term;
  }
}

let lastLoaded: string | null = null;

/** The saved search loaded last in this tab (the toolbar shows it while the criteria are still its own). */
export const lastLoadedSavedSearch = (): string | null => lastLoaded;

/**
 * Loads a saved search: its criteria replace the filters at once (the search reruns), then the labels of its
 * skills, languages and fields of study, which the API stores as ids, are looked up in the vocabulary.
 */
export async function loadSavedSearch(saved: SavedSearch): Promise<void> {
  lastLoaded = saved.id;
  const language = currentLanguage();
  const filters = filtersFromCriteria(saved.search, (kind, id) =>
    kind === 'languages' ? baseLanguageLabel(id, language) : undefined,
  );
  replaceFilters(filters);
  const resolved = await Promise.all(
    TERM_KINDS.map(
      async (kind) =>
        [kind, await Promise.all(filters[kind].map((term) => resolveLabel(kind, term)))] as const,
    ),
  );
  // Only if the reader has not changed the same filters in the meantime.
  const now = getSearchState().filters;
  const patch: Partial<SearchFilters> = {};
  for (const [kind, terms] of resolved) {
    const same =
      now[kind].length === terms.length && now[kind].every((term, index) => term.id === terms[index]?.id);
    if (same) patch[kind] = terms;
  }
  updateFilters(patch);
}
