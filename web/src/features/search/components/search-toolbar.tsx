import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/auth';
import { savedSearchesQueryOptions, type SavedSearch } from '../api/saved-searches';
import { lastLoadedSavedSearch, loadSavedSearch } from '../load-saved-search';
import { findShownSavedSearch } from '../saved-criteria';
import { getSearchState, useSearchState } from '../search-store';

const SaveSearchDialog = lazy(() =>
  import('./save-search-dialog').then((module) => ({ default: module.SaveSearchDialog })),
);
const RegisterPromptDialog = lazy(() =>
  import('./register-prompt-dialog').then((module) => ({ default: module.RegisterPromptDialog })),
);

/**
 * `savedSearch` in the address (the weekly mail's "open the search" link) loads that saved search as picking it
 * from the dropdown does; the address then shows its keyword as usual (the screen leaves the keyword out of the
 * address until this is done). True when the id is not one of the user's saved searches.
 */
function useSavedSearchFromAddress(searches: SavedSearch[] | undefined): [boolean, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('savedSearch');
  const [notFound, setNotFound] = useState(false);
  // Once per link: the address keeps the id until the router has replaced it.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (requested === null) handled.current = null;
    if (requested === null || !searches || handled.current === requested) return;
    handled.current = requested;
    const saved = searches.find((search) => search.id === requested);
    if (saved) void loadSavedSearch(saved);
    setNotFound(!saved);
    const { searchTerm } = getSearchState().filters;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('savedSearch');
        if (searchTerm) next.set('keywords', searchTerm);
        else next.delete('keywords');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [requested, searches, setSearchParams]);
  return [notFound, () => setNotFound(false)];
}

/** Beside the title: the saved-search dropdown and the save button (spec section 2). */
export function SearchToolbar({ inner }: { inner: boolean }) {
  const { t } = useTranslation('search-filters');
  const user = useCurrentUser();
  const verified = inner && Boolean(user?.verified);
  const searches = useQuery({ ...savedSearchesQueryOptions, enabled: verified });
  const { filters } = useSearchState();
  const [notFound, dismissNotFound] = useSavedSearchFromAddress(verified ? searches.data : undefined);
  const [dialog, setDialog] = useState<'save' | 'register' | null>(null);
  const shown = findShownSavedSearch(searches.data ?? [], filters, lastLoadedSavedSearch());

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      {notFound && (
        <Alert
          severity="warning"
          onClose={dismissNotFound}
          data-testid="saved-search-not-found"
          sx={{ flexBasis: '100%' }}
        >
          {t('saved.notFound')}
        </Alert>
      )}
      {verified && (
        <TextField
          select
          size="small"
          value={shown}
          label={t('saved.dropdown')}
          onChange={(event) => {
            const saved = searches.data?.find((search) => search.id === event.target.value);
            if (saved) void loadSavedSearch(saved);
          }}
          disabled={!searches.data?.length}
          // A phone's width of its own: the page's actions sit under the title there.
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{
            select: {
              'data-testid': 'saved-search-dropdown',
              renderValue: (id: unknown) => searches.data?.find((search) => search.id === id)?.name ?? '',
            } as object,
          }}
        >
          {(searches.data ?? []).map((search) => (
            <MenuItem key={search.id} value={search.id} data-testid="saved-search-option">
              <ListItemText primary={search.name} />
              {search.sendEmail && (
                <MailOutline fontSize="small" color="secondary" aria-label={t('saved.subscribed')} />
              )}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button
        variant="outlined"
        startIcon={<BookmarkAddOutlined />}
        onClick={() => setDialog(verified ? 'save' : 'register')}
        data-testid="save-search"
      >
        {t('saved.save')}
      </Button>
      <Suspense fallback={null}>
        {dialog === 'save' && (
          <SaveSearchDialog isPremium={Boolean(user?.isPremium)} onClose={() => setDialog(null)} />
        )}
        {dialog === 'register' && <RegisterPromptDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
}
