import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { i18n } from '../../../lib/i18n';
import { languageOf, preferredLanguage } from '../../../lib/language';
import { prefetchSearch, useSearchResults } from '../hooks/use-search-results';
import { getSearchState, updateFilters, useSearchState } from '../search-store';
import { KeywordBox } from './keyword-box';
import { SearchLoading } from './search-loading';

// The search screen (spec section 2). This chunk is what a first visit waits for: the frame, the keyword box
// and the results query, which starts as soon as it renders. The result cards are a chunk of their own,
// requested right away so it downloads while the search runs (render-as-you-fetch): the first cards wait for
// the slower of the two, not for both in turn. The filters panel and the saved-search toolbar (with their
// dialogs, some fifty small files) are requested once the first results are in, so they never queue in front
// of the search on the browser's few connections.

const loadResults = () => import('./search-results');
void loadResults();
void i18n.loadNamespaces('search-results');

/** `keywords` in the address seeds the keyword, before the first search runs (so it does not run twice). */
function seedKeywordFromAddress(): void {
  // The server renders the default search (the canonical page); the keyword follows after hydration.
  if (typeof window === 'undefined') return;
  const keywords = new URLSearchParams(window.location.search).get('keywords');
  if (keywords !== null && keywords !== getSearchState().filters.searchTerm) {
    updateFilters({ searchTerm: keywords });
  }
}

// On a first visit to the search the address is already the search's: its first page is requested as soon as
// this code is here, while React is still rendering, in the address's language (the language route may still
// be switching the interface to it). Arriving from another page the address changes later, and the screen asks
// for the search itself.
if (typeof window !== 'undefined' && /\/(app\/)?search\/?$/.test(window.location.pathname)) {
  seedKeywordFromAddress();
  prefetchSearch(getSearchState(), languageOf(window.location.pathname.split('/')[1]) ?? preferredLanguage());
}

// An opened favourites list in the address: lists are the logged-in search's alone, so its own small chunk,
// not part of the public search's first script.
const ListInAddress = lazy(() =>
  import('../hooks/use-list-in-address').then((module) => ({ default: module.ListInAddress })),
);
const SearchResults = lazy(() => loadResults().then((module) => ({ default: module.SearchResults })));
const FiltersPanel = lazy(() =>
  import('./filters-panel').then((module) => ({ default: module.FiltersPanel })),
);
const SearchToolbar = lazy(() =>
  import('./search-toolbar').then((module) => ({ default: module.SearchToolbar })),
);

/** If the first search is slow, the filters still come after this long. */
const SECONDARY_DELAY_MS = 1_500;

/** True once the first results are in (or after a short wait): the time to fetch the rest of the screen. */
function useSecondaryReady(firstResultsIn: boolean): boolean {
  const [ready, setReady] = useState(firstResultsIn);
  if (firstResultsIn && !ready) setReady(true);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), SECONDARY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}

/**
 * `keywords` in the address seeds the keyword and follows it; the keyword shows in the address. On the inner
 * search, `savedSearch` (the weekly mail's link) is loaded by the toolbar, which then writes the address itself;
 * until then the keyword stays out of it. True while such a link waits.
 */
function useKeywordInAddress(searchTerm: string, inner: boolean): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const keywords = searchParams.get('keywords');
  const savedSearch = inner && searchParams.has('savedSearch');
  // Before the first search runs, so a link with keywords does not search twice.
  useState(seedKeywordFromAddress);
  useEffect(() => {
    if (keywords !== null && keywords !== getSearchState().filters.searchTerm) {
      updateFilters({ searchTerm: keywords });
    }
  }, [keywords]);
  useEffect(() => {
    // Only a real change navigates: a no-op navigation right after hydration would re-render the screen
    // before its lazy parts have hydrated, and React would replace the server's cards with a spinner.
    if ((keywords ?? '') === searchTerm || savedSearch) return;
    setSearchParams(
      (params) => {
        if ((params.get('keywords') ?? '') === searchTerm) return params;
        const next = new URLSearchParams(params);
        if (searchTerm) next.set('keywords', searchTerm);
        else next.delete('keywords');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [keywords, searchTerm, savedSearch, setSearchParams]);
  return savedSearch;
}

function SearchScreen({ inner }: { inner: boolean }) {
  const state = useSearchState();
  const opensSavedSearch = useKeywordInAddress(state.filters.searchTerm, inner);
  // The query starts before the texts have arrived; nothing here suspends until it has.
  const results = useSearchResults(state);
  // A saved search in the address needs the toolbar now, not after the first results.
  const secondary = useSecondaryReady(!results.isPending || opensSavedSearch);
  const { t, ready } = useTranslation('search', { useSuspense: false });
  if (!ready) return <PageSpinner />;

  return (
    <Page
      title={t('title')}
      maxWidth="xl"
      actions={
        secondary && (
          <Suspense fallback={null}>
            <SearchToolbar inner={inner} />
          </Suspense>
        )
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2.5, md: 3 },
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: '320px minmax(0, 1fr)',
            lg: '340px minmax(0, 1fr)',
          },
          gridTemplateAreas: {
            xs: '"keyword" "filters" "results"',
            md: '"filters keyword" "filters results"',
          },
          gridTemplateRows: { md: 'auto 1fr' },
        }}
      >
        {inner && (
          <Suspense fallback={null}>
            <ListInAddress favoritesGroup={state.favoritesGroup} />
          </Suspense>
        )}
        <Box sx={{ gridArea: 'keyword' }}>
          <KeywordBox value={state.filters.searchTerm} />
        </Box>
        <Box
          component="aside"
          aria-label={t('filtersLabel')}
          // The folded panel's height on phones, kept free so the cards do not jump when it arrives.
          sx={{ gridArea: 'filters', minWidth: 0, minHeight: { xs: 52, md: 0 } }}
        >
          {secondary && (
            <Suspense fallback={null}>
              <FiltersPanel inner={inner} facets={results.data?.pages[0]?.facets ?? null} />
            </Suspense>
          )}
        </Box>
        <Box component="section" aria-label={t('resultsLabel')} sx={{ gridArea: 'results', minWidth: 0 }}>
          {results.isPending ? (
            <SearchLoading />
          ) : (
            <Suspense fallback={<SearchLoading />}>
              <SearchResults inner={inner} results={results} />
            </Suspense>
          )}
        </Box>
      </Box>
    </Page>
  );
}

/** The public search (visitors; logged-in users are sent to the inner search). */
export function SearchPage() {
  return <SearchScreen inner={false} />;
}

/** The inner search (app/search): saved searches and favourites lists. */
export function InnerSearchPage() {
  return <SearchScreen inner />;
}
