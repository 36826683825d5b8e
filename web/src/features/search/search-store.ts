import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import {
  DEFAULT_FILTERS,
  DEFAULT_STATE,
  localToday,
  parseState,
  withoutPastDate,
  type SearchFilters,
  type SearchState,
} from './search-filters';

// The search screen's state lives outside React so the filters panel, the toolbar and the results (each its
// own lazily loaded chunk) share it without a provider, and in session storage so it survives a visit to a
// profile and a reload (spec section 4). Every change reruns the search: the results query is keyed by it.

let state: SearchState | undefined;
const listeners = new Set<() => void>();

function current(): SearchState {
  if (!state) {
    const stored = parseState(readStorage(STORAGE_KEYS.search, 'session'));
    const filters = withoutPastDate(stored.filters, localToday());
    // The same object when nothing changed: a first visit's state is then the server's snapshot itself, and
    // hydration has nothing to redo (an update would make React drop the server's cards for a spinner).
    state = filters === stored.filters ? stored : { ...stored, filters };
  }
  return state;
}

function commit(next: SearchState): void {
  state = next;
  writeStorage(STORAGE_KEYS.search, JSON.stringify(next), 'session');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSearchState(): SearchState {
  return current();
}

/**
 * The server renders the default search (the page's canonical content); hydration starts from the same state
 * and the visitor's own filters (session storage, `keywords`) follow right after.
 */
const serverSnapshot = (): SearchState => DEFAULT_STATE;

export function useSearchState(): SearchState {
  return useSyncExternalStore(subscribe, current, serverSnapshot);
}

/** Changes some filters (the opened list, if any, stays open and is filtered by them). */
export function updateFilters(patch: Partial<SearchFilters>): void {
  const previous = current();
  commit({ ...previous, filters: { ...previous.filters, ...patch } });
}

/** Replaces every filter at once (a saved search loaded); closes an opened list. */
export function replaceFilters(filters: SearchFilters): void {
  commit({ filters, favoritesGroup: null, filtersBeforeList: null });
}

/** Clear all: the stored criteria are removed and the defaults (keyword too) come back. */
export function clearFilters(): void {
  state = DEFAULT_STATE;
  removeStorage(STORAGE_KEYS.search, 'session');
  for (const listener of listeners) listener();
}

/** Shows a favourites list's members; the filters of the moment wait until the list is closed. */
export function openFavoritesList(groupId: string): void {
  const previous = current();
  commit({
    filters: DEFAULT_FILTERS,
    favoritesGroup: groupId,
    filtersBeforeList: previous.favoritesGroup ? previous.filtersBeforeList : previous.filters,
  });
}

export function closeFavoritesList(): void {
  const previous = current();
  commit({
    filters: previous.filtersBeforeList ?? DEFAULT_FILTERS,
    favoritesGroup: null,
    filtersBeforeList: null,
  });
}
