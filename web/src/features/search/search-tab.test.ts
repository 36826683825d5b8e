import { afterEach, describe, expect, it } from 'vitest';
import { getSearchTab, parseSearchTab, setSearchTab } from './search-tab';

// QA3 finding 13: the open left-panel tab is kept over a reload (session storage, like the filters).

function fakeSessionStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, String(value)),
  };
}

describe('the search panel tab', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('comes back after a reload as the user left it', () => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: fakeSessionStorage(), configurable: true });
    expect(getSearchTab()).toBe('filters');
    setSearchTab('saved');
    expect(getSearchTab()).toBe('saved');
    setSearchTab('filters');
    expect(getSearchTab()).toBe('filters');
  });

  it('falls back to the filters for anything not a tab', () => {
    expect(parseSearchTab(null)).toBe('filters');
    expect(parseSearchTab('lists')).toBe('filters');
    expect(parseSearchTab('saved')).toBe('saved');
  });
});
