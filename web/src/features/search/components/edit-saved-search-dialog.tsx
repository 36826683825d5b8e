import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@mp/domain/constants';
import { savedSearchNameSchema } from '@mp/domain/validation';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { firstIssue, messageKey } from '../../../lib/validation';
import { editSavedSearch, savedSearchesQueryOptions, type SavedSearch } from '../api/saved-searches';
import { toCriteria } from '../search-filters';
import { getSearchState } from '../search-store';
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
  const titleId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(search.name);
  const [sendEmail, setSendEmail] = useState(search.sendEmail);
  const [useCurrent, setUseCurrent] = useState(false);
  const issue = firstIssue(savedSearchNameSchema, name);
  const save = useMutation({
    mutationFn: () =>
      editSavedSearch(search.id, {
        name: name.trim(),
        // A non-premium user may keep (or turn off) an e-mail, never turn one on.
        ...(isPremium || !sendEmail ? { sendEmail } : {}),
        ...(useCurrent ? { search: toCriteria(getSearchState().filters) } : {}),
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(savedSearchesQueryOptions.queryKey, { searches: data.searches });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!issue && !save.isPending) save.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="edit-saved-search-dialog">
        <DialogTitle id={titleId}>{t('saved.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('saved.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(issue)}
              helperText={
                issue
                  ? t(messageKey(issue))
                  : t('nameLength', { count: name.trim().length, max: SAVED_SEARCH_NAME_MAX_LENGTH })
              }
              autoFocus
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(issue) || save.isPending}
            data-testid="saved-search-submit"
          >
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
