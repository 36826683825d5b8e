import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { firstIssue, messageKey } from '../../../lib/validation';

/**
 * A name input's state: the value, its problem by `schema`, and the props of its text field (the problem shows
 * once the user has typed or tried to save, or at once with `showAtOnce`; until then the length used).
 */
export function useNameInput(initial: string, schema: z.ZodType, max: number, showAtOnce = false) {
  const { t } = useTranslation('search-filters');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(showAtOnce);
  const issue = firstIssue(schema, name);
  return {
    name: name.trim(),
    issue,
    touch: () => setTouched(true),
    fieldProps: {
      value: name,
      onChange: (event: { target: { value: string } }) => {
        setName(event.target.value);
        setTouched(true);
      },
      error: touched && Boolean(issue),
      helperText:
        touched && issue ? t(messageKey(issue)) : t('nameLength', { count: name.trim().length, max }),
      autoFocus: true,
    },
  };
}

/** The dialog of a form that names something (a saved search, a favourites list): cancel and save. */
export function NameFormDialog({
  title,
  testId,
  submitLabel,
  submitTestId,
  disabled,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  submitLabel: string;
  submitTestId: string;
  disabled: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('search-filters');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        data-testid={testId}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={disabled} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
