import { CONTACT_REPLY_WORKING_DAYS } from '@mp/domain/constants';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
// Not LockOutlined: the toolbar's own icon; a lazy page importing it splits MUI's icon helper out of the
// first script into a chunk the search route then has to fetch as well (+1 KB).
import HttpsOutlined from '@mui/icons-material/HttpsOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { downloadAnonymisedCv, type ViewedProfile } from '../api/profile';
import { useViewedProfile } from '../hooks/use-viewed-profile';
import { fileNameOf } from '../save-file';
import { ContactConsultantButton } from './contact-consultant-button';
import { CvDownloadButtons } from './cv-download-buttons';
import { ProfileLoadError } from './profile-load-error';
import { ProfileView } from './profile-view';

// The favourites lists' button of the search cards: its own chunk, so the search route's script stays as it is.
const ProfileFavorites = lazy(() =>
  import('./profile-favorites').then((module) => ({ default: module.ProfileFavorites })),
);

function ContactCard({ contact }: { contact: NonNullable<ViewedProfile['contact']> }) {
  const { t } = useTranslation('profiles');
  return (
    <Card component="section" aria-labelledby="contact-title" data-testid="profile-contact">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography variant="h2" id="contact-title" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          {t('inner.contact')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 4 } }}>
          {contact.email && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <MailOutlined color="action" aria-hidden />
              <Link href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Link>
            </Box>
          )}
          {contact.phone && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <PhoneOutlined color="action" aria-hidden />
              <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Link>
            </Box>
          )}
          {!contact.email && !contact.phone && (
            <Typography color="text.secondary">{t('inner.noContact')}</Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * A profile seen by a logged-in user (app/profile/{id}): full with contact details for premium users; for
 * others named (as on the search cards), with the contact form and the way to premium for direct contact.
 */
export function InnerProfilePage() {
  const { t } = useTranslation('profiles');
  const { id = '' } = useParams();
  const localize = useLocalizedPath();
  const user = useCurrentUser();
  const profile = useViewedProfile(id);
  const own = user?.id === id;
  // Contact details come with premium (and for admins); everyone else reaches the consultant by the form.
  const direct = Boolean(profile.data?.contact);

  const actions = [
    own ? (
      <Button
        key="edit"
        variant="contained"
        startIcon={<EditOutlined />}
        href={localize(paths['edit-profile']())}
      >
        {t('inner.edit')}
      </Button>
    ) : null,
    !own && user?.isPremium ? (
      <Box key="cv">
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
          {t('inner.anonymisedCv')}
        </Typography>
        <CvDownloadButtons
          download={(language) => downloadAnonymisedCv(id, language)}
          filename={(language) => fileNameOf(['CV', 'anonym', id.slice(0, 8), language], 'pdf')}
          testId="anonymised-cv"
        />
      </Box>
    ) : null,
    // Lists as on the search cards: for a logged-in viewer (known only on the client) of someone else.
    user && !own && profile.isSuccess ? (
      <Suspense key="favorites" fallback={null}>
        <ProfileFavorites userId={profile.data.id} />
      </Suspense>
    ) : null,
    !own && profile.isSuccess && !direct ? (
      <ContactConsultantButton key="contact" consultantId={profile.data.id} />
    ) : null,
  ].filter(Boolean);

  return (
    <Page
      title={t('inner.title')}
      lead={own ? t('inner.ownLead') : t('inner.lead')}
      maxWidth="lg"
      actions={
        <Button
          startIcon={<ArrowBack />}
          href={localize(own ? paths['edit-profile']() : paths['inner-search']())}
        >
          {own ? t('inner.backToEdit') : t('view.backToSearch')}
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
          actions={actions.length > 0 ? actions : undefined}
          notice={
            profile.data.contact ? (
              <ContactCard contact={profile.data.contact} />
            ) : (
              <Alert
                severity="info"
                icon={<HttpsOutlined />}
                data-testid="profile-premium-notice"
                action={
                  own ? undefined : (
                    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
                      <Button
                        color="inherit"
                        size="small"
                        sx={{ whiteSpace: 'nowrap' }}
                        href={localize(paths.subscription())}
                        data-testid="profile-premium-link"
                      >
                        {t('inner.premiumLink')}
                      </Button>
                    </Box>
                  )
                }
              >
                {t('inner.premiumNotice', { replyDays: CONTACT_REPLY_WORKING_DAYS })}
              </Alert>
            )
          }
        />
      )}
    </Page>
  );
}
