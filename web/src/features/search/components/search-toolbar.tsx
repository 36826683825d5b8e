import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth';
import { savedSearchesQueryOptions } from '../api/saved-searches';
import { loadSavedSearch } from '../load-saved-search';

const SaveSearchDialog = lazy(() =>
  import('./save-search-dialog').then((module) => ({ default: module.SaveSearchDialog })),
);
const RegisterPromptDialog = lazy(() =>
  import('./register-prompt-dialog').then((module) => ({ default: module.RegisterPromptDialog })),
);

/** Beside the title: the saved-search dropdown and the save button (spec section 2). */
export function SearchToolbar({ inner }: { inner: boolean }) {
  const { t } = useTranslation('search-filters');
  const user = useCurrentUser();
  const verified = inner && Boolean(user?.verified);
  const searches = useQuery({ ...savedSearchesQueryOptions, enabled: verified });
  const [dialog, setDialog] = useState<'save' | 'register' | null>(null);

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
      {verified && (
        <TextField
          select
          size="small"
          fullWidth={false}
          value=""
          label={t('saved.dropdown')}
          onChange={(event) => {
            const saved = searches.data?.find((search) => search.id === event.target.value);
            if (saved) void loadSavedSearch(saved);
          }}
          disabled={!searches.data?.length}
          sx={{ width: { xs: 'auto', sm: 240 }, flex: { xs: 1, sm: 'none' } }}
          slotProps={{ select: { 'data-testid': 'saved-search-dropdown' } as object }}
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
