import { ERROR_CODE } from '@mp/api-contract/error-codes';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import type { OwnProfile, ProfileEditBody } from '../api/profile';
import {
  formToBody,
  issuesToFieldErrors,
  renamedOnSave,
  toFieldErrors,
  validateProfileForm,
  type FieldErrors,
  type ProfileForm,
  type RenamedTerm,
} from '../profile-form';
import { useErrorText } from './use-error-text';
import { useProfileForm } from './use-profile-form';

/** Focuses the first input marked invalid (after React has rendered the messages). */
function focusFirstProblem(): void {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.scrollIntoView({ behavior: 'smooth', block: 'center' });
    invalid.focus({ preventScroll: true });
  });
}

/**
 * A profile editor's behaviour, the same for the owner (app/edit-profile) and an admin (god/user/{id}/profile):
 * the form (`useProfileForm`), its messages (checked on the first save, then as the inputs change; the first
 * problem focused), the API's field errors shown at their inputs, a save refused because the profile changed
 * elsewhere (PROFILE_CHANGED) with the way to load the latest, the typed terms a save stored under the
 * vocabulary's label, undo, and the question before leaving with changes not saved.
 */
export function useProfileEditor({
  profile,
  save,
  fetchLatest,
}: {
  profile: OwnProfile;
  /** The save; its own `onSuccess` updates the caches and tells the user. */
  save: Pick<UseMutationResult<OwnProfile, Error, ProfileEditBody>, 'mutate' | 'isPending'>;
  /** The profile as stored now (the way out of PROFILE_CHANGED). */
  fetchLatest: () => Promise<OwnProfile>;
}) {
  const { form, setForm, saved, dirty, version, reset } = useProfileForm(profile);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // The last save was refused because the profile changed elsewhere (another tab, another device, its owner).
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Typed titles and skills the last save stored under the vocabulary's label ("Tech lead" → "Teknisk ledare").
  const [renamed, setRenamed] = useState<RenamedTerm[]>([]);
  const errorText = useErrorText(errors);

  const showSaved = (next: OwnProfile) => {
    reset(next);
    setErrors({});
    setSubmitted(false);
    setChangedElsewhere(false);
  };

  // Loads the latest profile into the form, dropping what was typed.
  const reload = useMutation({ mutationFn: fetchLatest, onSuccess: showSaved });

  const update = (patch: Partial<ProfileForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    // After a first attempt to save, messages follow the inputs as they change.
    if (submitted) setErrors(toFieldErrors(validateProfileForm(next, profile)));
  };

  const submit = () => {
    setSubmitted(true);
    const problems = validateProfileForm(form, profile);
    setErrors(toFieldErrors(problems));
    if (Object.keys(problems).length > 0) {
      focusFirstProblem();
      return;
    }
    save.mutate(formToBody(form, version), {
      onSuccess: (next) => {
        showSaved(next);
        setRenamed(renamedOnSave(form, next));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === ERROR_CODE.PROFILE_CHANGED) {
          setChangedElsewhere(true);
          return;
        }
        const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.data) : null;
        if (!fieldErrors) {
          handleGlobalError(error);
          return;
        }
        setErrors(fieldErrors);
        focusFirstProblem();
      },
    });
  };

  const undo = () => {
    setForm(saved);
    setErrors({});
    setSubmitted(false);
    setChangedElsewhere(false);
  };

  // Leaving with unsaved changes asks first: closing the tab, and links inside the app (not the language switch).
  const leaving = useUnsavedChangesGuard(dirty);

  return {
    form,
    saved,
    dirty,
    saving: save.isPending,
    problemCount: Object.keys(errors).length,
    errorText,
    update,
    submit,
    undo,
    changedElsewhere,
    reload: { pending: reload.isPending, run: () => reload.mutate() },
    renamed,
    dismissRenamed: () => setRenamed([]),
    leaving,
  };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;
