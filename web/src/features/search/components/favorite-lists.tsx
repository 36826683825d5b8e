import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import {
  deleteFavoritesGroup,
  favoritesQueryKey,
  favoritesQueryOptions,
  type FavoritesGroup,
} from '../api/favorites';
import { useOpenListInAddress } from '../hooks/use-list-in-address';
import { closeFavoritesList, getSearchState, useSearchState } from '../search-store';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListNameDialog } from './list-name-dialog';
import { RowActions } from './row-actions';

/** The user's favourites lists: open one to see its members as results, create, rename, delete. */
export function FavoriteLists() {
  const { t } = useTranslation('search-filters');
  const queryClient = useQueryClient();
  const { favoritesGroup } = useSearchState();
  const groups = useQuery(favoritesQueryOptions);
  const openList = useOpenListInAddress();
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'rename' | 'delete'; group: FavoritesGroup } | null
  >(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a deletion focus goes to the lists' heading, once the dialog has closed.
  const focusAfterDeletion = useFocusAfterRemoval({
    items: groups.data,
    idOf: (group) => group.id,
    focus: () => heading.current,
    pending: dialog !== null,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteFavoritesGroup(id),
    onSuccess: (data, id) => {
      focusAfterDeletion({ id });
      queryClient.setQueryData(favoritesQueryKey, { groups: data.groups });
      if (getSearchState().favoritesGroup === id) closeFavoritesList();
      showSuccess(data.message);
      setDialog(null);
    },
  });

  return (
    <Box sx={{ mt: 2, pt: 2, borderTop: '1px solid', borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h3"
          component="h2"
          sx={{ fontSize: '0.95rem', fontWeight: 650, '&:focus': { outline: 'none' } }}
          data-testid="lists-heading"
        >
          {t('lists.title')}
        </Typography>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => setDialog({ kind: 'create' })}
          data-testid="list-create"
        >
          {t('lists.new')}
        </Button>
      </Box>
      {groups.data && groups.data.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
          {t('lists.none')}
        </Typography>
      )}
      <List dense disablePadding data-testid="favorite-lists">
        {(groups.data ?? []).map((group) => (
          <ListItem
            key={group.id}
            disablePadding
            data-testid="favorite-list-item"
            secondaryAction={
              <RowActions
                editLabel={t('lists.rename', { name: group.name })}
                editTestId="list-rename"
                onEdit={() => setDialog({ kind: 'rename', group })}
                deleteLabel={t('lists.delete', { name: group.name })}
                deleteTestId="list-delete"
                onDelete={() => setDialog({ kind: 'delete', group })}
              />
            }
            sx={{ '& .MuiListItemButton-root': { pr: 10 } }}
          >
            <ListItemButton
              selected={favoritesGroup === group.id}
              onClick={() => openList(group.id)}
              sx={{ borderRadius: 2 }}
              data-testid="list-open"
            >
              <ListItemText
                primary={group.name}
                secondary={t('lists.members', { count: group.members.length })}
                slotProps={{ primary: { sx: { fontWeight: 550 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {dialog?.kind === 'create' && <ListNameDialog mode="create" onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <ListNameDialog mode="rename" group={dialog.group} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={t('lists.deleteTitle')}
          body={t('lists.deleteBody', { name: dialog.group.name })}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.group.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
