import { useState } from 'react';
import { useLanguage } from '../../../lib/i18n';
import type { OwnProfile } from '../api/profile';
import { isFormDirty, profileToForm, type ProfileForm } from '../profile-form';

/**
 * The state of a profile form (the owner's editor, an admin's edit): what was saved, what is typed, and the
 * profile version the saved form stands for, which the save sends as `expectedVersion` so a profile changed in
 * another tab is never overwritten.
 *
 * When the profile given changes (a change saved in this tab, such as an experience or the picture, or a
 * refetch that brings someone else's):
 * - the parts the form holds are as saved: only the version moves on, whatever is typed stays and can be saved;
 * - they differ and nothing is typed: the form shows the new profile;
 * - they differ and something is typed: the form keeps it and the old version, so its save is refused
 *   (PROFILE_CHANGED) instead of undoing the other change.
 */
export function useProfileForm(profile: OwnProfile) {
  const language = useLanguage();
  const [saved, setSaved] = useState<ProfileForm>(() => profileToForm(profile, language));
  const [form, setForm] = useState<ProfileForm>(saved);
  const [version, setVersion] = useState(profile.version);
  const [shown, setShown] = useState(profile);
  const [formLanguage, setFormLanguage] = useState(language);
  const dirty = isFormDirty(form, saved);

  /** Shows `next` as saved, dropping whatever was typed. */
  const reset = (next: OwnProfile) => {
    const fresh = profileToForm(next, language);
    setSaved(fresh);
    setForm(fresh);
    setVersion(next.version);
    setShown(next);
  };

  if (shown !== profile) {
    setShown(profile);
    if (!isFormDirty(profileToForm(profile, language), saved)) setVersion(profile.version);
    else if (!dirty) reset(profile);
  }
  // A language switch writes the saved numbers the new language's way ('1,5' -> '1.5'), unless the form holds
  // changes not saved yet (both separators are read back either way).
  if (formLanguage !== language) {
    setFormLanguage(language);
    if (!dirty) reset(profile);
  }

  return { form, setForm, saved, dirty, version, reset };
}
