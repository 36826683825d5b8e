import { useCallback, useEffect, useRef } from 'react';

/**
 * Where focus goes after a row is removed from a list. The focused button (delete, remove) was in the removed row,
 * so without this focus falls to the page and a keyboard or screen-reader user starts over from the top (QA5
 * F13, QA7 H4). Call the returned function when the removal succeeded; once the row is gone from `items` and
 * nothing is `pending` (the confirmation dialog, which gives focus back to its opener, has closed), focus moves
 * to what `focus` returns for the removed row: the list's heading, or the row now in its place.
 */
export function useFocusAfterRemoval<Item, Removed extends { id: string }>({
  items,
  idOf,
  focus,
  pending = false,
}: {
  /** The list as shown (the query's data). */
  items: readonly Item[] | undefined;
  idOf: (item: Item) => string;
  /** The element to focus once the removed row is gone. */
  focus: (removed: Removed) => HTMLElement | null | undefined;
  /** True while something else still holds focus (a dialog that is closing). */
  pending?: boolean;
}): (removed: Removed) => void {
  const removed = useRef<Removed | null>(null);
  useEffect(() => {
    const gone = removed.current;
    if (!gone || pending || items?.some((item) => idOf(item) === gone.id)) return;
    removed.current = null;
    focus(gone)?.focus();
  }, [items, idOf, focus, pending]);
  return useCallback((row: Removed) => {
    removed.current = row;
  }, []);
}
