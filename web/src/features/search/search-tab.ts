import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

// The open tab of the search screen's left panel, kept in session storage like the filters (spec section 4),
// so a reload or a return from a profile shows the tab the user left open.

export const SEARCH_TABS = ['filters', 'saved'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** The stored tab, or the filters for anything else (nothing stored, an old or broken value). */
export function parseSearchTab(stored: string | null): SearchTab {
  return SEARCH_TABS.find((tab) => tab === stored) ?? 'filters';
}

const listeners = new Set<() => void>();

export function getSearchTab(): SearchTab {
  return parseSearchTab(readStorage(STORAGE_KEYS.searchTab, 'session'));
}

export function setSearchTab(tab: SearchTab): void {
  writeStorage(STORAGE_KEYS.searchTab, tab, 'session');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server renders the filters tab; the stored one follows right after hydration. */
export function useSearchTab(): SearchTab {
  return useSyncExternalStore(subscribe, getSearchTab, () => 'filters');
}
