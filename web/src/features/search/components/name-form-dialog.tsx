import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ErrorCode } from '@mp/api-contract/error-codes';
import { handleGlobalError } from '../../../lib/errors';
import { fieldErrorOf, firstIssue, messageKey } from '../../../lib/validation';

/**
 * A name input's state: the value, its problem by `schema`, and the props of its text field (the problem shows
 * once the user has typed or tried to save, or at once with `showAtOnce`; until then the length used).
 * `showSaveError` puts the API's refusal of the name (a validation issue of `name`, or one of `codes`) at the
 * input until the name changes; any other failure goes to the global display.
 */
export function useNameInput(
  initial: string,
  schema: z.ZodType,
  max: number,
  showAtOnce = false,
  codes: readonly ErrorCode[] = [],
) {
  const { t } = useTranslation('search-filters');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(showAtOnce);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const issue = firstIssue(schema, name);
  const problem = touched && issue ? t(messageKey(issue)) : refused;
  return {
    name: name.trim(),
    issue,
    touch: () => setTouched(true),
    showSaveError: (error: unknown) => {
      const text = fieldErrorOf(error, 'name', codes);
      if (text) setRefused(text);
      else handleGlobalError(error);
    },
    fieldProps: {
      value: name,
      onChange: (event: { target: { value: string } }) => {
        setName(event.target.value);
        setTouched(true);
        setRefused(undefined);
      },
      error: Boolean(problem),
      helperText: problem ?? t('nameLength', { count: name.trim().length, max }),
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
