import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import {
  fetchProfileAsAdmin,
  saveProfileAsAdmin,
  type OwnProfile,
  type ProfileEditBody,
} from '../api/profile';
import { useErrorText } from '../hooks/use-error-text';
import {
  formToBody,
  isFormDirty,
  issuesToFieldErrors,
  profileToForm,
  toFieldErrors,
  validateProfileForm,
  type FieldErrors,
  type ProfileForm,
} from '../profile-form';
import { AvailabilitySection } from './availability-section';
import { BasicsSection } from './basics-section';
import { DrivingLicencesSection } from './driving-licences-section';
import { EducationsSection } from './educations-section';
import { LanguagesSection } from './languages-section';
import { LocationsSection } from './locations-section';
import { PersonalitySection } from './personality-section';
import { ProfileLoadError } from './profile-load-error';
import { SaveBar } from './save-bar';
import { SkillsSection } from './skills-section';

/**
 * An admin edits a user's profile on their behalf (god/user/{id}): the same form as the owner's editor,
 * saved through the admin API (the profile service, so search follows; audited). Experiences, the picture
 * and visibility stay the owner's.
 */
export function AdminProfilePage() {
  const { t } = useTranslation('profiles');
  const { id = '' } = useParams();
  const profile = useQuery({
    queryKey: ['admin', 'profile', id],
    queryFn: ({ signal }) => fetchProfileAsAdmin(id, signal),
    meta: { handlesErrors: true },
  });
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <Page title={t('adminEdit.title')}>
        <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />
      </Page>
    );
  }
  return <AdminProfileEditor userId={id} profile={profile.data} />;
}

function AdminProfileEditor({ userId, profile }: { userId: string; profile: OwnProfile }) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const localize = useLocalizedPath();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ProfileForm>(() => profileToForm(profile, language));
  const [form, setForm] = useState<ProfileForm>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const errorText = useErrorText(errors);
  const dirty = isFormDirty(form, saved);
  // A language switch writes the saved numbers the new language's way ('1,5' -> '1.5'), unless the form holds
  // changes not saved yet (both separators are read back either way).
  const [formLanguage, setFormLanguage] = useState(language);
  if (formLanguage !== language) {
    setFormLanguage(language);
    if (!dirty) {
      const fresh = profileToForm(profile, language);
      setSaved(fresh);
      setForm(fresh);
    }
  }

  const save = useMutation({
    mutationFn: (body: ProfileEditBody) => saveProfileAsAdmin(userId, body),
    meta: { handlesErrors: true },
    onSuccess: (next) => {
      queryClient.setQueryData(['admin', 'profile', userId], next);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user', userId] });
      const fresh = profileToForm(next, language);
      setSaved(fresh);
      setForm(fresh);
      setErrors({});
      setSubmitted(false);
      showSuccess(t('adminEdit.saved'));
    },
    onError: (error) => {
      const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.data) : null;
      if (fieldErrors) setErrors(fieldErrors);
      else handleGlobalError(error);
    },
  });

  const update = (patch: Partial<ProfileForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) setErrors(toFieldErrors(validateProfileForm(next)));
  };

  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return (
    <Page
      title={t('adminEdit.title')}
      lead={t('adminEdit.lead', { name: name || profile.userId })}
      maxWidth="md"
      actions={
        <Button variant="outlined" startIcon={<ArrowBack />} href={localize(paths['god-user'](userId))}>
          {t('adminEdit.back')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('adminEdit.notice')}
      </Alert>
      <Box
        component="form"
        noValidate
        data-testid="admin-profile-form"
        aria-label={t('adminEdit.title')}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          const problems = validateProfileForm(form);
          setErrors(toFieldErrors(problems));
          if (Object.keys(problems).length === 0) save.mutate(formToBody(form, profile.experiences));
        }}
        sx={{ display: 'grid', gap: 3, minWidth: 0 }}
      >
        <BasicsSection form={form} onChange={update} errorText={errorText} />
        <SkillsSection skills={form.skills} onChange={update} errorText={errorText} />
        <EducationsSection educations={form.educations} onChange={update} errorText={errorText} />
        <LanguagesSection languages={form.languages} onChange={update} errorText={errorText} />
        <AvailabilitySection availability={form.availability} onChange={update} errorText={errorText} />
        <LocationsSection locations={form.locations} onChange={update} />
        <DrivingLicencesSection drivingLicences={form.drivingLicences} onChange={update} />
        <PersonalitySection
          discType={form.discType}
          discSource={form.discType === saved.discType ? profile.discSource : 'self'}
          drivingForces={form.drivingForces}
          onChange={update}
        />
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          problemCount={Object.keys(errors).length}
          onUndo={() => {
            setForm(saved);
            setErrors({});
            setSubmitted(false);
          }}
        />
      </Box>
    </Page>
  );
}
