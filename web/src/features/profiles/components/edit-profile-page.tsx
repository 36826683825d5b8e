import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { showSuccess } from '../../../lib/alerts';
import { userQueryKey } from '../../../lib/auth';
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
import { useProfileEditor } from '../hooks/use-profile-editor';
import { useOwnProfile, useOwnProfileMutation } from '../hooks/use-own-profile';
import { fileNameOf } from '../save-file';
import { CompletionCard } from './completion-card';
import { CvDownloadButtons } from './cv-download-buttons';
import { ExperiencesSection } from './experiences-section';
import { PictureCard } from './picture-card';
import { ProfileLoadError } from './profile-load-error';
import { ProfileEditorForm } from './profile-editor-form';
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

function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('profiles');
  const localize = useLocalizedPath();
  const queryClient = useQueryClient();
  // The form holds the parts saved together (PUT profile); experiences, the picture and the searchable flag
  // are saved on their own, straight from the cached profile, and are never part of the form's save.
  const save = useOwnProfileMutation((body: ProfileEditBody) => saveProfile(body), {
    handlesErrors: true,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(t('edit.saved'));
    },
  });
  const editor = useProfileEditor({
    profile,
    save,
    fetchLatest: () =>
      queryClient.fetchQuery({
        queryKey: ownProfileQueryKey,
        queryFn: ({ signal }) => fetchOwnProfile(signal),
        staleTime: 0,
      }),
  });

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
        <ProfileEditorForm
          editor={editor}
          profile={profile}
          label={t('edit.formLabel')}
          changedMessage={t(messageKey('error.profileChanged'))}
          experiences={<ExperiencesSection experiences={profile.experiences} />}
          gridArea="main"
        />
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
                {editor.dirty ? t('edit.cv.unsaved') : t('edit.cv.description')}
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
    </Page>
  );
}
