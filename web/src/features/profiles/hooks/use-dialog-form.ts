import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { issuesToFieldErrors, toFieldErrors, type FieldErrors } from '../profile-form';
import { useErrorText } from './use-error-text';

/**
 * The form state of a profile dialog that saves on its own: the values, the problems shown under the inputs
 * (after a first attempt they clear or show as the user types), and `submit`, which validates and then saves
 * `toBody(form)`; a validation answer from the API lands under the inputs, any other error is handled globally.
 */
export function useDialogForm<Form extends object, Body>(options: {
  initial: Form | (() => Form);
  validate: (form: Form) => Parameters<typeof toFieldErrors>[0];
  save: UseMutationResult<unknown, unknown, Body>;
  toBody: (form: Form) => Body;
}) {
  const { validate, save, toBody } = options;
  const [form, setForm] = useState<Form>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const errorText = useErrorText(errors);

  const update = (patch: Partial<Form>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) setErrors(toFieldErrors(validate(next)));
  };

  const submit = () => {
    setSubmitted(true);
    const problems = validate(form);
    setErrors(toFieldErrors(problems));
    if (Object.keys(problems).length > 0) return;
    save.mutate(toBody(form), {
      onError: (error) => {
        const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.data) : null;
        if (fieldErrors) setErrors(fieldErrors);
        else handleGlobalError(error);
      },
    });
  };

  /** The value, change handler and problem of a text input. */
  const field = (name: keyof Form & string) => ({
    value: form[name] as string,
    onChange: (event: { target: { value: string } }) =>
      update({ [name]: event.target.value } as Partial<Form>),
    error: Boolean(errorText(name)),
    helperText: errorText(name),
  });

  return { form, update, submit, field, errorText };
}
