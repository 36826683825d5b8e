import Box from '@mui/material/Box';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useInView } from 'react-intersection-observer';
import type { SearchResult } from '../api/search';

/** The next page loads when the reader scrolls past this share of the list (spec section 9: 90 %). */
const LOAD_AT = 0.9;
const GAP = 16;

interface ResultsListProps {
  items: readonly SearchResult[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  renderItem: (item: SearchResult) => ReactNode;
}

const noSubscription = () => () => {};
const positionedInBrowser = () => true;
const flowOnServer = () => false;

/** Where the list starts on the page; it moves when the filters above it (on phones) load or change. */
function useDocumentOffset(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * The result cards, virtualised against the window: only the cards near the viewport are in the DOM, so it
 * stays small however far one scrolls. Scrolling past 90 % of the list asks for the next page.
 */
export function ResultsList({
  items,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  renderItem,
}: ResultsListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const offset = useDocumentOffset(listRef);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 230,
    // Before the window is measured (the server render, and hydration) the first page's six cards are drawn.
    initialRect: { width: 0, height: 6 * (230 + GAP) },
    overscan: 3,
    gap: GAP,
    scrollMargin: offset,
    getItemKey: (index) => items[index]?.key ?? index,
  });
  // The first render (the server's, and hydration) lays the cards out in normal flow, so their real heights
  // decide where each one sits. Before the first paint the virtualiser has measured them and takes over with
  // the same positions (React renders with the browser's snapshot right after hydrating): nothing moves when
  // the page comes alive (no layout shift).
  const positioned = useSyncExternalStore(noSubscription, positionedInBrowser, flowOnServer);
  const totalSize = virtualizer.getTotalSize();
  // The sentinel covers the last 10 % of the list. The root reaches a screen above the viewport, so a reader
  // who jumps past the list (to the footer, say) still counts as having scrolled past 90 %.
  const { ref: sentinelRef, inView } = useInView({ rootMargin: '100% 0px 0px 0px' });

  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [inView, hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  return (
    <Box
      ref={listRef}
      component="ol"
      data-testid="results-list"
      data-loaded={items.length}
      sx={{ position: 'relative', listStyle: 'none', m: 0, p: 0, height: positioned ? totalSize : 'auto' }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (!item) return null;
        return (
          <Box
            component="li"
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-posinset={row.index + 1}
            aria-setsize={items.length}
            sx={
              positioned
                ? { position: 'absolute', top: 0, left: 0, width: '100%' }
                : { position: 'relative', mb: `${GAP}px` }
            }
            style={
              positioned
                ? { transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }
                : undefined
            }
          >
            {renderItem(item)}
          </Box>
        );
      })}
      <Box
        component="li"
        aria-hidden
        ref={sentinelRef}
        sx={{ position: 'absolute', left: 0, width: '1px', pointerEvents: 'none', visibility: 'hidden' }}
        style={{
          top: Math.floor(totalSize * LOAD_AT),
          height: Math.max(1, totalSize - Math.floor(totalSize * LOAD_AT)),
        }}
      />
    </Box>
  );
}
