import Add from '@mui/icons-material/Add';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import {
  addFavoritesMember,
  favoritesQueryKey,
  removeFavoritesMember,
  type FavoritesGroup,
  type FavoritesGroupList,
} from '../api/favorites';
import { getSearchState } from '../search-store';
import { ListNameDialog } from './list-name-dialog';

interface FavoritesMenuProps {
  anchor: HTMLElement;
  userId: string;
  groups: readonly FavoritesGroup[];
  /** `leftOpenList`: the consultant was taken out of the opened list, so their card (and this menu) goes. */
  onClose: (leftOpenList?: boolean) => void;
}

/** Adds the consultant to or removes them from each of the user's lists, or to a new list. */
export function FavoritesMenu({ anchor, userId, groups, onClose }: FavoritesMenuProps) {
  const { t } = useTranslation('search-results');
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ group, member }: { group: FavoritesGroup; member: boolean }) =>
      member ? removeFavoritesMember(group.id, userId) : addFavoritesMember(group.id, userId),
    onSuccess: (data: FavoritesGroupList, { group, member }) => {
      queryClient.setQueryData(favoritesQueryKey, data);
      // An opened list shows its members: a change of membership changes the results.
      const open = getSearchState().favoritesGroup;
      if (open) void queryClient.invalidateQueries({ queryKey: ['search'] });
      // Out of the opened list, the card leaves the results with the button this menu returns focus to: the
      // menu closes, says so, and focus goes to the results' heading rather than to the page (QA7 H4).
      if (member && group.id === open) {
        showSuccess(t('favorites.removedFromOpen', { list: group.name }));
        onClose(true);
      }
    },
  });
  return (
    <>
      <Menu
        anchorEl={anchor}
        open={!creating}
        onClose={() => onClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('favorites.menu') } }}
      >
        {groups.map((group) => {
          const member = group.members.includes(userId);
          return (
            <MenuItem
              key={group.id}
              role="menuitemcheckbox"
              aria-checked={member}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ group, member })}
              data-testid="favorites-menu-list"
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={member}
                  tabIndex={-1}
                  disableRipple
                  size="small"
                  sx={{ p: 0 }}
                />
              </ListItemIcon>
              <ListItemText primary={group.name} />
            </MenuItem>
          );
        })}
        {groups.length > 0 && <Divider />}
        <MenuItem onClick={() => setCreating(true)} data-testid="favorites-menu-new">
          <ListItemIcon>
            <Add fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('favorites.newList')} />
        </MenuItem>
      </Menu>
      {creating && <ListNameDialog mode="create" members={[userId]} onClose={() => onClose()} />}
    </>
  );
}
