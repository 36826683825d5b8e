import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { loginPathFor, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { deleteSavedSearch, savedSearchesQueryOptions, type SavedSearch } from '../api/saved-searches';
import { loadSavedSearch } from '../load-saved-search';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { EditSavedSearchDialog } from './edit-saved-search-dialog';
import { FavoriteLists } from './favorite-lists';
import { RowActions } from './row-actions';

/** The saved-searches tab: the user's searches (load, edit, delete) and favourites lists; visitors are invited in. */
export function SavedSearchesPanel({ inner }: { inner: boolean }) {
  const { t } = useTranslation('search-filters');
  const localize = useLocalizedPath();
  const user = useCurrentUser();
  const verified = inner && Boolean(user?.verified);
  const queryClient = useQueryClient();
  const searches = useQuery({ ...savedSearchesQueryOptions, enabled: verified });
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a deletion focus goes to the saved searches' heading, once the dialog has closed.
  const focusAfterDeletion = useFocusAfterRemoval({
    items: searches.data,
    idOf: (search) => search.id,
    focus: () => heading.current,
    pending: deleting !== null,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSavedSearch(id),
    onSuccess: (data, id) => {
      focusAfterDeletion({ id });
      queryClient.setQueryData(savedSearchesQueryOptions.queryKey, { searches: data.searches });
      showSuccess(data.message);
      setDeleting(null);
    },
  });

  if (!verified) {
    return (
      <Box sx={{ py: 3 }} data-testid="saved-visitor">
        <Typography sx={{ mb: 2 }}>{t('register.body')}</Typography>
        <Button variant="contained" href={localize(loginPathFor(paths['inner-search']()))}>
          {t('register.login')}
        </Button>
      </Box>
    );
  }

  return (
    <Box sx={{ py: 1.5 }}>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h3"
        component="h2"
        sx={{ fontSize: '0.95rem', fontWeight: 650, mt: 1, '&:focus': { outline: 'none' } }}
        data-testid="saved-heading"
      >
        {t('saved.title')}
      </Typography>
      {searches.data && searches.data.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
          {t('saved.none')}
        </Typography>
      )}
      <List dense disablePadding data-testid="saved-searches">
        {(searches.data ?? []).map((search) => (
          <ListItem
            key={search.id}
            disablePadding
            data-testid="saved-search-item"
            secondaryAction={
              <RowActions
                editLabel={t('saved.edit', { name: search.name })}
                editTestId="saved-search-edit"
                onEdit={() => setEditing(search)}
                deleteLabel={t('saved.delete', { name: search.name })}
                deleteTestId="saved-search-delete"
                onDelete={() => setDeleting(search)}
              />
            }
            sx={{ '& .MuiListItemButton-root': { pr: 10 } }}
          >
            <ListItemButton onClick={() => void loadSavedSearch(search)} sx={{ borderRadius: 2 }}>
              <ListItemText
                primary={search.name}
                secondary={
                  search.sendEmail ? (
                    <Chip
                      component="span"
                      size="small"
                      icon={<MailOutline />}
                      label={t('saved.subscribed')}
                      color="secondary"
                      variant="outlined"
                      sx={{ mt: 0.5, height: 22 }}
                      data-testid="subscribed-marker"
                    />
                  ) : undefined
                }
                slotProps={{ primary: { sx: { fontWeight: 550 } }, secondary: { component: 'span' } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <FavoriteLists />
      {editing && (
        <EditSavedSearchDialog
          search={editing}
          isPremium={Boolean(user?.isPremium)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('saved.deleteTitle')}
          body={t('saved.deleteBody', { name: deleting.name })}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
