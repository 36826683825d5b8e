import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ERROR_CODE } from '@mp/api-contract/error-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/auth';
import { handleGlobalError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { messageKey } from '../../../lib/validation';
import {
  downloadOwnCv,
  fetchOwnProfile,
  ownProfileQueryKey,
  saveProfile,
  type OwnProfile,
  type ProfileEditBody,
} from '../api/profile';
import { useErrorText } from '../hooks/use-error-text';
import { useOwnProfile, useOwnProfileMutation } from '../hooks/use-own-profile';
import { useProfileForm } from '../hooks/use-profile-form';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
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
import { fileNameOf } from '../save-file';
import { AvailabilitySection } from './availability-section';
import { BasicsSection } from './basics-section';
import { CompletionCard } from './completion-card';
import { LeaveDialog } from '../../../components/ui/confirm-dialog';
import { CvDownloadButtons } from './cv-download-buttons';
import { DrivingLicencesSection } from './driving-licences-section';
import { EducationsSection } from './educations-section';
import { ExperiencesSection } from './experiences-section';
import { LanguagesSection } from './languages-section';
import { LocationsSection } from './locations-section';
import { PersonalitySection } from './personality-section';
import { PictureCard } from './picture-card';
import { ProfileChangedAlert } from './profile-changed-alert';
import { ProfileLoadError } from './profile-load-error';
import { SaveBar } from './save-bar';
import { SkillsSection } from './skills-section';
import { VisibilityCard } from './visibility-card';

/** The consultant's own profile editor (app/edit-profile). */
export function EditProfilePage() {
  const { t } = useTranslation('profiles');
  const profile = useOwnProfile();
  if (profile.isPending) {
    return (
      <Page title={t('edit.title')} lead={t('edit.lead')}>
        <PageSpinner />
      </Page>
    );
  }
  if (profile.isError) {
    return (
      <Page title={t('edit.title')}>
        <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />
      </Page>
    );
  }
  return <ProfileEditor profile={profile.data} />;
}

/** Focuses the first input marked invalid (after React has rendered the messages). */
function focusFirstProblem(): void {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.scrollIntoView({ behavior: 'smooth', block: 'center' });
    invalid.focus({ preventScroll: true });
  });
}

function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('profiles');
  const localize = useLocalizedPath();
  const queryClient = useQueryClient();
  // The form holds the parts saved together (PUT profile); experiences, the picture and the searchable flag
  // are saved on their own, straight from the cached profile, and are never part of the form's save.
  const { form, setForm, saved, dirty, version, reset } = useProfileForm(profile);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // The last save was refused because the profile changed elsewhere (another tab, another device).
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

  const save = useOwnProfileMutation((body: ProfileEditBody) => saveProfile(body), {
    handlesErrors: true,
    onSuccess: (next) => {
      showSaved(next);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(t('edit.saved'));
    },
  });

  // Loads the latest profile into the form, dropping what was typed (the way out of PROFILE_CHANGED).
  const reload = useMutation({
    mutationFn: () =>
      queryClient.fetchQuery({
        queryKey: ownProfileQueryKey,
        queryFn: ({ signal }) => fetchOwnProfile(signal),
        staleTime: 0,
      }),
    onSuccess: showSaved,
  });

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
      onSuccess: (next) => setRenamed(renamedOnSave(form, next)),
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

  const problemCount = Object.keys(errors).length;
  // Leaving with unsaved changes asks first: closing the tab, and links inside the app (not the language switch).
  const leaving = useUnsavedChangesGuard(dirty);

  return (
    <Page
      title={t('edit.title')}
      lead={t('edit.lead')}
      actions={
        <Button
          variant="outlined"
          startIcon={<VisibilityOutlined />}
          href={localize(paths['inner-profile'](profile.userId))}
          data-testid="view-own-profile"
        >
          {t('edit.viewProfile')}
        </Button>
      }
    >
      <Box
        data-testid="edit-profile"
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'minmax(0, 1fr) 300px',
            lg: 'minmax(0, 1fr) 340px',
          },
          gridTemplateRows: { md: 'auto auto auto auto 1fr' },
          gridTemplateAreas: {
            xs: '"completion" "picture" "main" "visibility" "cv"',
            md: '"main completion" "main picture" "main visibility" "main cv" "main ."',
          },
        }}
      >
        <Box sx={{ gridArea: 'completion' }}>
          <CompletionCard completion={profile.completion} missing={profile.missing} />
        </Box>
        <Box sx={{ gridArea: 'picture' }}>
          <PictureCard profile={profile} />
        </Box>
        <Box
          component="form"
          noValidate
          aria-label={t('edit.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ gridArea: 'main', display: 'grid', gap: 3, minWidth: 0 }}
        >
          <BasicsSection form={form} onChange={update} errorText={errorText} />
          <SkillsSection skills={form.skills} onChange={update} errorText={errorText} />
          <ExperiencesSection experiences={profile.experiences} />
          <EducationsSection educations={form.educations} onChange={update} errorText={errorText} />
          <LanguagesSection languages={form.languages} onChange={update} errorText={errorText} />
          <AvailabilitySection availability={form.availability} onChange={update} errorText={errorText} />
          <LocationsSection locations={form.locations} onChange={update} />
          <DrivingLicencesSection drivingLicences={form.drivingLicences} onChange={update} />
          <PersonalitySection
            discType={form.discType}
            // A type other than the saved one is picked by hand: saving makes it self-assessed.
            discSource={form.discType === saved.discType ? profile.discSource : 'self'}
            drivingForces={form.drivingForces}
            onChange={update}
          />
          {renamed.length > 0 && (
            <Alert severity="info" onClose={() => setRenamed([])} data-testid="renamed-terms">
              {renamed.map((term) => (
                <Box key={term.typed}>{t('edit.savedAs', { typed: term.typed, savedAs: term.savedAs })}</Box>
              ))}
            </Alert>
          )}
          <SaveBar
            dirty={dirty}
            saving={save.isPending}
            problemCount={problemCount}
            onUndo={() => {
              setForm(saved);
              setErrors({});
              setSubmitted(false);
              setChangedElsewhere(false);
            }}
            notice={
              changedElsewhere && (
                <ProfileChangedAlert
                  message={t(messageKey('error.profileChanged'))}
                  reloading={reload.isPending}
                  onReload={() => reload.mutate()}
                />
              )
            }
          />
        </Box>
        <Box sx={{ gridArea: 'visibility' }}>
          <VisibilityCard isSearchable={profile.isSearchable} saved={profile.version > 0} />
        </Box>
        <Box sx={{ gridArea: 'cv' }}>
          <Card component="section" aria-labelledby="cv-title">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" id="cv-title" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
                {t('edit.cv.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {dirty ? t('edit.cv.unsaved') : t('edit.cv.description')}
              </Typography>
              <CvDownloadButtons
                download={downloadOwnCv}
                filename={(language) =>
                  fileNameOf(['CV', profile.firstName, profile.lastName, language], 'pdf')
                }
                testId="cv-download"
              />
            </CardContent>
          </Card>
        </Box>
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
