import { LIST_NAME_MAX_LENGTH } from '@mp/domain/constants';
import { listNameSchema } from '@mp/domain/validation';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  createFavoritesGroup,
  favoritesQueryKey,
  renameFavoritesGroup,
  type FavoritesGroup,
} from '../api/favorites';
import { NameFormDialog, useNameInput } from './name-form-dialog';

type ListNameDialogProps =
  | { mode: 'create'; members?: string[]; onClose: () => void; group?: undefined }
  | { mode: 'rename'; group: FavoritesGroup; onClose: () => void; members?: undefined };

/** Names a new favourites list (optionally with a first consultant) or renames one: required, not only spaces, at most 30. */
export function ListNameDialog({ mode, group, members = [], onClose }: ListNameDialogProps) {
  const { t } = useTranslation('search-filters');
  const queryClient = useQueryClient();
  const name = useNameInput(group?.name ?? '', listNameSchema, LIST_NAME_MAX_LENGTH, false, [
    'LIST_NAME_TAKEN',
  ]);
  const save = useMutation({
    mutationFn: () =>
      mode === 'create'
        ? createFavoritesGroup(name.name, members)
        : renameFavoritesGroup(group.id, name.name),
    meta: { handlesErrors: true },
    onError: name.showSaveError,
    onSuccess: (data) => {
      queryClient.setQueryData(favoritesQueryKey, { groups: data.groups });
      onClose();
    },
  });
  return (
    <NameFormDialog
      title={mode === 'create' ? t('lists.createTitle') : t('lists.renameTitle')}
      testId="list-name-dialog"
      submitLabel={mode === 'create' ? t('lists.create') : t('save')}
      submitTestId="list-name-save"
      disabled={Boolean(name.issue) || save.isPending}
      onSubmit={() => {
        name.touch();
        if (!name.issue) save.mutate();
      }}
      onClose={onClose}
    >
      <TextField
        label={t('lists.name')}
        {...name.fieldProps}
        margin="dense"
        slotProps={{ htmlInput: { 'data-testid': 'list-name-input' } }}
      />
    </NameFormDialog>
  );
}
