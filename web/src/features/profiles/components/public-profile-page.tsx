import ArrowBack from '@mui/icons-material/ArrowBack';
// Not LockOutlined: the toolbar's own icon; a lazy page importing it splits MUI's icon helper out of the
// first script into a chunk the search route then has to fetch as well (+1 KB).
import HttpsOutlined from '@mui/icons-material/HttpsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { loginPathFor, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { isProfileGone, useViewedProfile } from '../hooks/use-viewed-profile';
import { ContactConsultantButton } from './contact-consultant-button';
import { PROFILE_PROBLEM_MESSAGES, ProfileLoadError, profileProblemOf } from './profile-load-error';
import { ProfileView } from './profile-view';

/**
 * The anonymous public profile (profile/{id}): the CV without the person, and the contact form, which the
 * operators pass on to the consultant.
 */
export function PublicProfilePage() {
  const { t } = useTranslation('profiles');
  const { id = '' } = useParams();
  const localize = useLocalizedPath();
  // A removed or missing profile comes rendered from the server: hydrating it asks the API nothing.
  const profile = useViewedProfile(id, { keepGone: true });
  // The tab says what the server-rendered head said: why there is no profile.
  const problemTitle =
    profile.isError && isProfileGone(profile.error)
      ? t(PROFILE_PROBLEM_MESSAGES[profileProblemOf(profile.error)])
      : undefined;
  return (
    <Page
      title={t('public.title')}
      documentTitle={problemTitle}
      lead={t('public.lead')}
      maxWidth="lg"
      actions={
        <Button startIcon={<ArrowBack />} href={localize(paths.search())}>
          {t('view.backToSearch')}
        </Button>
      }
    >
      {profile.isPending ? (
        <PageSpinner />
      ) : profile.isError ? (
        <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileView
          profile={profile.data}
          actions={<ContactConsultantButton consultantId={profile.data.id} />}
          notice={
            <Alert
              severity="info"
              icon={<HttpsOutlined />}
              data-testid="profile-premium-notice"
              action={
                <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
                  <Button
                    color="inherit"
                    size="small"
                    sx={{ whiteSpace: 'nowrap' }}
                    href={localize(loginPathFor(paths['inner-profile'](id)))}
                  >
                    {t('public.login')}
                  </Button>
                </Box>
              }
            >
              {t('public.notice')}
            </Alert>
          }
        />
      )}
    </Page>
  );
}
