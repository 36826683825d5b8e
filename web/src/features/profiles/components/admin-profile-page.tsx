import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ERROR_CODE } from '@mp/api-contract/error-codes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { messageKey } from '../../../lib/validation';
import {
  fetchProfileAsAdmin,
  saveProfileAsAdmin,
  type OwnProfile,
  type ProfileEditBody,
} from '../api/profile';
import { useErrorText } from '../hooks/use-error-text';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useProfileForm } from '../hooks/use-profile-form';
import {
  formToBody,
  issuesToFieldErrors,
  toFieldErrors,
  validateProfileForm,
  type FieldErrors,
  type ProfileForm,
} from '../profile-form';
import { AvailabilitySection } from './availability-section';
import { LeaveDialog } from '../../../components/ui/confirm-dialog';
import { BasicsSection } from './basics-section';
import { DrivingLicencesSection } from './driving-licences-section';
import { EducationsSection } from './educations-section';
import { LanguagesSection } from './languages-section';
import { LocationsSection } from './locations-section';
import { PersonalitySection } from './personality-section';
import { ProfileChangedAlert } from './profile-changed-alert';
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
  const localize = useLocalizedPath();
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'profile', userId];
  const { form, setForm, saved, dirty, version, reset } = useProfileForm(profile);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // The last save was refused because the profile changed since it was loaded (its owner, another tab).
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const errorText = useErrorText(errors);

  const showSaved = (next: OwnProfile) => {
    reset(next);
    setErrors({});
    setSubmitted(false);
    setChangedElsewhere(false);
  };

  const save = useMutation({
    mutationFn: (body: ProfileEditBody) => saveProfileAsAdmin(userId, body),
    meta: { handlesErrors: true },
    onSuccess: (next) => {
      queryClient.setQueryData(queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user', userId] });
      showSaved(next);
      showSuccess(t('adminEdit.saved'));
    },
    onError: (error) => {
      if (isApiError(error) && error.code === ERROR_CODE.PROFILE_CHANGED) {
        setChangedElsewhere(true);
        return;
      }
      const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.data) : null;
      if (fieldErrors) setErrors(fieldErrors);
      else handleGlobalError(error);
    },
  });

  const reload = useMutation({
    mutationFn: () =>
      queryClient.fetchQuery({
        queryKey,
        queryFn: ({ signal }) => fetchProfileAsAdmin(userId, signal),
        staleTime: 0,
      }),
    onSuccess: showSaved,
  });

  const update = (patch: Partial<ProfileForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) setErrors(toFieldErrors(validateProfileForm(next, profile)));
  };

  // Leaving with unsaved changes asks first, as in the owner's editor.
  const leaving = useUnsavedChangesGuard(dirty);

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
          const problems = validateProfileForm(form, profile);
          setErrors(toFieldErrors(problems));
          if (Object.keys(problems).length === 0) save.mutate(formToBody(form, version));
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
            setChangedElsewhere(false);
          }}
          notice={
            changedElsewhere && (
              <ProfileChangedAlert
                message={t(messageKey('error.userProfileChanged'))}
                reloading={reload.isPending}
                onReload={() => reload.mutate()}
              />
            )
          }
        />
      </Box>
      <LeaveDialog
        blocker={leaving}
        title={t('edit.leave.title')}
        body={t('edit.leave.body')}
        stayLabel={t('edit.leave.stay')}
        leaveLabel={t('edit.leave.leave')}
      />
    </Page>
  );
}
