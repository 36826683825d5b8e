import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { closeFavoritesList, getSearchState, openFavoritesList } from '../search-store';

/** The address parameter of an opened favourites list (`app/search?list=<group id>`). */
export const LIST_PARAMETER = 'list';

/**
 * An opened favourites list is a place of its own in the history: opening one adds `list=<id>` to the
 * address (`useOpenListInAddress`), so the browser's Back closes it and returns to the search as it was, and a
 * reload or a shared link reopens it. The address leads: a change of it opens or closes the list. A list
 * closed on the screen (its close button, a saved search loaded, the list deleted) leaves the address quietly.
 */
export function useListInAddress(favoritesGroup: string | null, inner: boolean): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const list = inner ? searchParams.get(LIST_PARAMETER) : null;
  const previousList = useRef<string | null>(null);

  useEffect(() => {
    const before = previousList.current;
    previousList.current = list;
    const open = getSearchState().favoritesGroup;
    if (list !== null && list !== open) openFavoritesList(list);
    // Only a list the address had is closed by its leaving: arriving without one keeps the stored list.
    else if (list === null && before !== null && open !== null) closeFavoritesList();
  }, [list]);

  useEffect(() => {
    if (!inner) return;
    // The store as it is now, not as rendered: on arrival the effect above may just have opened the address's list.
    const open = getSearchState().favoritesGroup;
    // No navigation when the address already agrees: the keyword's own update may be under way in this commit.
    if (list === open) return;
    setSearchParams(
      (params) => {
        if (params.get(LIST_PARAMETER) === open) return params;
        const next = new URLSearchParams(params);
        if (open) next.set(LIST_PARAMETER, open);
        else next.delete(LIST_PARAMETER);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // `list` is left out on purpose: a change of the address is the effect above's to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [favoritesGroup, inner, setSearchParams]);
}

/** `useListInAddress` of the logged-in search, as a component its page loads lazily. */
export function ListInAddress({ favoritesGroup }: { favoritesGroup: string | null }): null {
  useListInAddress(favoritesGroup, true);
  return null;
}

/** Opens a favourites list as a new history entry, so Back closes it. */
export function useOpenListInAddress(): (groupId: string) => void {
  const [searchParams, setSearchParams] = useSearchParams();
  return (groupId) => {
    if (searchParams.get(LIST_PARAMETER) === groupId) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set(LIST_PARAMETER, groupId);
        return next;
      },
      { preventScrollReset: true },
    );
  };
}
