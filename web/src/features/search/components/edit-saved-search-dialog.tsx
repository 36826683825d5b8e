import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@mp/domain/constants';
import { savedSearchNameSchema } from '@mp/domain/validation';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editSavedSearch, savedSearchesQueryOptions, type SavedSearch } from '../api/saved-searches';
import { toCriteria } from '../search-filters';
import { getSearchState } from '../search-store';
import { NameFormDialog, useNameInput } from './name-form-dialog';
import { WeeklyEmailSwitch } from './weekly-email-switch';

/** Edit a saved search: rename it, switch the weekly e-mail, or give it the filters on screen now. */
export function EditSavedSearchDialog({
  search,
  isPremium,
  onClose,
}: {
  search: SavedSearch;
  isPremium: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('search-filters');
  const queryClient = useQueryClient();
  const name = useNameInput(search.name, savedSearchNameSchema, SAVED_SEARCH_NAME_MAX_LENGTH, true);
  const [sendEmail, setSendEmail] = useState(search.sendEmail);
  const [useCurrent, setUseCurrent] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      editSavedSearch(search.id, {
        name: name.name,
        // A non-premium user may keep (or turn off) an e-mail, never turn one on.
        ...(isPremium || !sendEmail ? { sendEmail } : {}),
        ...(useCurrent ? { search: toCriteria(getSearchState().filters) } : {}),
      }),
    meta: { handlesErrors: true },
    onError: name.showSaveError,
    onSuccess: (data) => {
      queryClient.setQueryData(savedSearchesQueryOptions.queryKey, { searches: data.searches });
      onClose();
    },
  });
  return (
    <NameFormDialog
      title={t('saved.editTitle')}
      testId="edit-saved-search-dialog"
      submitLabel={t('save')}
      submitTestId="saved-search-submit"
      disabled={Boolean(name.issue) || save.isPending}
      onSubmit={() => {
        if (!name.issue && !save.isPending) save.mutate();
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('saved.name')}
          {...name.fieldProps}
          slotProps={{ htmlInput: { 'data-testid': 'saved-search-name' } }}
        />
        <WeeklyEmailSwitch
          checked={sendEmail}
          isPremium={isPremium || search.sendEmail}
          onChange={setSendEmail}
        />
        <FormControlLabel
          control={
            <Checkbox checked={useCurrent} onChange={(event) => setUseCurrent(event.target.checked)} />
          }
          label={t('saved.useCurrentFilters')}
        />
      </Stack>
    </NameFormDialog>
  );
}
