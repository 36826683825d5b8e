import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@mp/domain/constants';
import { savedSearchNameSchema } from '@mp/domain/validation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { firstIssue, messageKey } from '../../../lib/validation';
import { saveSearch, savedSearchesQueryOptions } from '../api/saved-searches';
import { toCriteria } from '../search-filters';
import { getSearchState } from '../search-store';
import { WeeklyEmailSwitch } from './weekly-email-switch';

/** Save search: a name (required, at most 30) and, for premium users, the weekly e-mail. */
export function SaveSearchDialog({ isPremium, onClose }: { isPremium: boolean; onClose: () => void }) {
  const { t } = useTranslation('search-filters');
  const titleId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const [touched, setTouched] = useState(false);
  const issue = firstIssue(savedSearchNameSchema, name);
  const save = useMutation({
    mutationFn: () =>
      saveSearch({
        name: name.trim(),
        search: toCriteria(getSearchState().filters),
        sendEmail: isPremium && sendEmail,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(savedSearchesQueryOptions.queryKey, { searches: data.searches });
      showSuccess(data.message);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!issue && !save.isPending) save.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="save-search-dialog">
        <DialogTitle id={titleId}>{t('saved.saveTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('saved.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setTouched(true);
              }}
              error={touched && Boolean(issue)}
              helperText={
                touched && issue
                  ? t(messageKey(issue))
                  : t('nameLength', { count: name.trim().length, max: SAVED_SEARCH_NAME_MAX_LENGTH })
              }
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'saved-search-name' } }}
            />
            <WeeklyEmailSwitch checked={sendEmail} isPremium={isPremium} onChange={setSendEmail} />
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
