import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { messageKey } from '../../../lib/validation';
import {
  fetchProfileAsAdmin,
  saveProfileAsAdmin,
  type OwnProfile,
  type ProfileEditBody,
} from '../api/profile';
import { useProfileEditor } from '../hooks/use-profile-editor';
import { ProfileLoadError } from './profile-load-error';
import { ProfileEditorForm } from './profile-editor-form';

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
  const save = useMutation({
    mutationFn: (body: ProfileEditBody) => saveProfileAsAdmin(userId, body),
    meta: { handlesErrors: true },
    onSuccess: (next) => {
      queryClient.setQueryData(queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user', userId] });
      showSuccess(t('adminEdit.saved'));
    },
  });
  const editor = useProfileEditor({
    profile,
    save,
    fetchLatest: () =>
      queryClient.fetchQuery({
        queryKey,
        queryFn: ({ signal }) => fetchProfileAsAdmin(userId, signal),
        staleTime: 0,
      }),
  });

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
      <ProfileEditorForm
        editor={editor}
        profile={profile}
        label={t('adminEdit.title')}
        changedMessage={t(messageKey('error.userProfileChanged'))}
        testId="admin-profile-form"
      />
    </Page>
  );
}
