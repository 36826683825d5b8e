import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@mp/domain/constants';
import { savedSearchNameSchema } from '@mp/domain/validation';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { saveSearch, savedSearchesQueryOptions } from '../api/saved-searches';
import { toCriteria } from '../search-filters';
import { getSearchState } from '../search-store';
import { NameFormDialog, useNameInput } from './name-form-dialog';
import { WeeklyEmailSwitch } from './weekly-email-switch';

/** Save search: a name (required, at most 30) and, for premium users, the weekly e-mail. */
export function SaveSearchDialog({ isPremium, onClose }: { isPremium: boolean; onClose: () => void }) {
  const { t } = useTranslation('search-filters');
  const queryClient = useQueryClient();
  const name = useNameInput('', savedSearchNameSchema, SAVED_SEARCH_NAME_MAX_LENGTH);
  const [sendEmail, setSendEmail] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      saveSearch({
        name: name.name,
        search: toCriteria(getSearchState().filters),
        sendEmail: isPremium && sendEmail,
      }),
    meta: { handlesErrors: true },
    onError: name.showSaveError,
    onSuccess: (data) => {
      queryClient.setQueryData(savedSearchesQueryOptions.queryKey, { searches: data.searches });
      showSuccess(data.message);
      onClose();
    },
  });
  return (
    <NameFormDialog
      title={t('saved.saveTitle')}
      testId="save-search-dialog"
      submitLabel={t('save')}
      submitTestId="saved-search-submit"
      disabled={Boolean(name.issue) || save.isPending}
      onSubmit={() => {
        name.touch();
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
        <WeeklyEmailSwitch checked={sendEmail} isPremium={isPremium} onChange={setSendEmail} />
      </Stack>
    </NameFormDialog>
  );
}
