import { LIST_NAME_MAX_LENGTH } from '@mp/domain/constants';
import { listNameSchema } from '@mp/domain/validation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { firstIssue, messageKey } from '../../../lib/validation';
import {
  createFavoritesGroup,
  favoritesQueryKey,
  renameFavoritesGroup,
  type FavoritesGroup,
} from '../api/favorites';

type ListNameDialogProps =
  | { mode: 'create'; members?: string[]; onClose: () => void; group?: undefined }
  | { mode: 'rename'; group: FavoritesGroup; onClose: () => void; members?: undefined };

/** Names a new favourites list (optionally with a first consultant) or renames one: required, not only spaces, at most 30. */
export function ListNameDialog({ mode, group, members = [], onClose }: ListNameDialogProps) {
  const { t } = useTranslation('search-filters');
  const titleId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(group?.name ?? '');
  const [touched, setTouched] = useState(false);
  const issue = firstIssue(listNameSchema, name);
  const save = useMutation({
    mutationFn: () =>
      mode === 'create'
        ? createFavoritesGroup(name.trim(), members)
        : renameFavoritesGroup(group.id, name.trim()),
    onSuccess: (data) => {
      queryClient.setQueryData(favoritesQueryKey, { groups: data.groups });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!issue) save.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="list-name-dialog">
        <DialogTitle id={titleId}>
          {mode === 'create' ? t('lists.createTitle') : t('lists.renameTitle')}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={t('lists.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            error={touched && Boolean(issue)}
            helperText={
              touched && issue
                ? t(messageKey(issue))
                : t('nameLength', { count: name.trim().length, max: LIST_NAME_MAX_LENGTH })
            }
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { 'data-testid': 'list-name-input' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(issue) || save.isPending}
            data-testid="list-name-save"
          >
            {mode === 'create' ? t('lists.create') : t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
