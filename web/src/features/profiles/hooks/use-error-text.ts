import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formIssueText } from '../../../lib/validation';
import type { FieldErrors } from '../profile-form';

/** The text to show under an input: our own message code translated (with its limit), or the API's text as it came. */
export function useErrorText(errors: FieldErrors): (field: string) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      const error = errors[field];
      if (!error) return undefined;
      return 'code' in error ? formIssueText(t, error) : error.text;
    },
    [errors, t],
  );
}
