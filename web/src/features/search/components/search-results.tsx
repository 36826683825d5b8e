import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { hasSession } from '../../../lib/token';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { favoritesQueryOptions } from '../api/favorites';
import { SEARCH_PAGE_SIZE } from '../api/search';
import type { SearchPages } from '../hooks/use-search-results';
import { closeFavoritesList, useSearchState } from '../search-store';
import { EmptyState } from './empty-state';
import { FavoritesButton } from './favorites-button';
import { ResultCard } from './result-card';
import { ResultsCountSnackbar } from './results-count-snackbar';
import { ResultsList } from './results-list';

interface SearchResultsProps {
  inner: boolean;
  results: UseInfiniteQueryResult<SearchPages>;
}

/** The right-hand side under the keyword box: the count, the cards (or the empty state) and more on scrolling. */
export function SearchResults({ inner, results }: SearchResultsProps) {
  const { t } = useTranslation('search-results');
  const localize = useLocalizedPath();
  const language = currentLanguage();
  const state = useSearchState();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  const groups = useQuery({ ...favoritesQueryOptions, enabled: () => inner && hasSession() });
  const openList = state.favoritesGroup
    ? groups.data?.find((group) => group.id === state.favoritesGroup)
    : undefined;

  const items = useMemo(() => results.data?.pages.flatMap((page) => page.results) ?? [], [results.data]);
  const total = results.data?.pages[0]?.total ?? 0;
  const termLabels = useMemo(
    () =>
      new Map(
        [...state.filters.skills, ...state.filters.languages, ...state.filters.fieldsOfStudy].map((term) => [
          term.id,
          term.label,
        ]),
      ),
    [state.filters.skills, state.filters.languages, state.filters.fieldsOfStudy],
  );

  if (results.isError && items.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void results.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('failed')}
      </Alert>
    );
  }

  return (
    <Box>
      {state.favoritesGroup && (
        <Alert
          severity="info"
          icon={false}
          sx={{ mb: 2, alignItems: 'center' }}
          data-testid="open-list-banner"
          action={
            <Button color="inherit" size="small" onClick={closeFavoritesList} data-testid="close-list">
              {t('list.close')}
            </Button>
          }
        >
          {t('list.showing', { name: openList?.name ?? '…' })}
        </Alert>
      )}
      <Typography
        ref={headingRef}
        variant="h2"
        aria-live="polite"
        // Focus lands here when a card leaves an opened list with its focused button (QA7 H4).
        tabIndex={-1}
        data-testid="results-count"
        sx={{
          fontSize: '1.05rem',
          fontWeight: 650,
          mb: 1.5,
          scrollMarginTop: 88,
          '&:focus': { outline: 'none' },
        }}
      >
        {t('count', { count: total })}
      </Typography>
      {items.length === 0 ? (
        <EmptyState inList={Boolean(state.favoritesGroup)} />
      ) : (
        <ResultsList
          items={items}
          hasNextPage={results.hasNextPage}
          isFetchingNextPage={results.isFetchingNextPage}
          fetchNextPage={() => void results.fetchNextPage()}
          renderItem={(result) => (
            <ResultCard
              result={result}
              language={language}
              termLabels={termLabels}
              href={localize(inner ? paths['inner-profile'](result.userId) : paths.profile(result.userId))}
              action={
                inner ? (
                  <FavoritesButton
                    userId={result.userId}
                    groups={groups.data ?? []}
                    onLeftOpenList={focusHeading}
                  />
                ) : undefined
              }
            />
          )}
        />
      )}
      {results.isFetchingNextPage && (
        <Box
          role="status"
          sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1.5, py: 3 }}
        >
          <CircularProgress size={22} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('loadingMore')}
          </Typography>
        </Box>
      )}
      {!results.hasNextPage && items.length > SEARCH_PAGE_SIZE && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
          {t('end')}
        </Typography>
      )}
      <ResultsCountSnackbar total={total} targetRef={headingRef} loading={results.isFetching} />
    </Box>
  );
}
