import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Star from '@mui/icons-material/Star';
import {
  DRIVING_LICENCE_CLASSES_BY_ID,
  EDUCATION_LEVELS_BY_ID,
  EMPLOYMENT_FORMS_BY_ID,
  LANGUAGE_LEVELS_BY_ID,
  WORK_LOCATIONS_BY_ID,
  type DrivingLicenceClassId,
  type WorkLocationId,
} from '@mp/domain/value-lists';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceSummary, ViewedProfile } from '../api/profile';
import { formatAvailability, formatPeriod } from '../profile-format';
import { DiscResult } from './disc-result';
import { useLanguage } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/number-format';

const STAR_COLOUR = '#b26a00';

const visuallyHidden = {
  position: 'absolute',
  // Strings: in `sx` the number 1 would mean 100 %.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function ViewSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card component="section" data-testid={testId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ReferenceStars({ summary }: { summary: ReferenceSummary }) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  if (summary.approvedCount === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      {summary.averageRating !== null && (
        <Rating value={summary.averageRating} precision={0.1} readOnly size="small" aria-hidden />
      )}
      <Typography variant="body2" color="text.secondary">
        {t('view.references.summary', {
          count: summary.approvedCount,
          rating:
            summary.averageRating === null
              ? '–'
              : formatNumber(summary.averageRating, language, { maximumFractionDigits: 1 }),
        })}
      </Typography>
    </Box>
  );
}

interface ProfileViewProps {
  profile: ViewedProfile;
  /** Buttons in the header (edit, CV download). */
  actions?: ReactNode;
  /** Shown under the header: the contact details, or what it takes to see them. */
  notice?: ReactNode;
}

/** A consultant's profile as others see it: anonymous (no name, picture or contact) or full. */
export function ProfileView({ profile, actions, notice }: ProfileViewProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const anonymous = profile.view === 'anonymous';
  const name = anonymous
    ? t('view.anonymousName')
    : [profile.firstName, profile.lastName].filter(Boolean).join(' ') || t('view.anonymousName');
  const initials = anonymous
    ? ''
    : [profile.firstName, profile.lastName].map((part) => part?.charAt(0) ?? '').join('');
  const jobTitles = [...new Set(profile.jobTitles.map((title) => title.name))].join(', ');
  const skills = [...profile.skills].sort((a, b) => Number(b.starred) - Number(a.starred));
  const locations = profile.locations
    .filter((id): id is WorkLocationId => id in WORK_LOCATIONS_BY_ID)
    .map((id) => WORK_LOCATIONS_BY_ID[id].label[language]);
  const available = profile.availability.kind !== 'not_available';

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="profile-view" data-view={profile.view}>
      <Card component="header">
        <CardContent
          sx={{
            p: { xs: 2, sm: 3 },
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 2, sm: 3 },
            alignItems: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Avatar
            src={profile.picture?.url ?? undefined}
            alt={profile.picture ? name : undefined}
            // The picture heads the profile, above the fold: fetched before the page's scripts and chunks.
            slotProps={{ img: { fetchPriority: 'high' } }}
            sx={{
              width: { xs: 72, sm: 96 },
              height: { xs: 72, sm: 96 },
              fontSize: '2rem',
              bgcolor: anonymous ? '#e3e9ec' : 'primary.light',
              color: anonymous ? 'text.secondary' : 'primary.contrastText',
            }}
          >
            {initials || <PersonOutline fontSize="large" />}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.75 }}>
            <Typography
              variant="h2"
              sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, overflowWrap: 'anywhere' }}
              data-testid="profile-name"
            >
              {name}
            </Typography>
            {jobTitles && (
              <Typography sx={{ fontWeight: 550, overflowWrap: 'anywhere' }} data-testid="profile-job-titles">
                {jobTitles}
              </Typography>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Chip
                size="small"
                icon={<EventAvailableOutlined />}
                label={formatAvailability(t, profile.availability, language)}
                color={available ? 'success' : 'default'}
                variant={available ? 'filled' : 'outlined'}
                data-testid="profile-availability"
              />
              {locations.length > 0 && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                >
                  <PlaceOutlined sx={{ fontSize: 18 }} aria-hidden />
                  <span>
                    <Box component="span" sx={visuallyHidden}>
                      {t('view.locations')}:{' '}
                    </Box>
                    {locations.join(' · ')}
                  </span>
                </Typography>
              )}
            </Box>
            <ReferenceStars summary={profile.references} />
          </Box>
          {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
        </CardContent>
      </Card>

      {notice}

      {profile.shortDescription && (
        <ViewSection title={t('view.about')} testId="profile-about">
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '75ch' }}>
            {profile.shortDescription}
          </Typography>
        </ViewSection>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.6fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <ViewSection title={t('view.experiences')} testId="profile-experiences">
            {profile.experiences.length === 0 ? (
              <Typography color="text.secondary">{t('view.nothingYet')}</Typography>
            ) : (
              <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2.5 }}>
                {profile.experiences.map((experience) => (
                  <Box
                    component="li"
                    key={experience.id}
                    sx={{ pl: 2, borderLeft: '3px solid', borderColor: 'primary.light' }}
                  >
                    <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
                      {experience.jobTitle}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {experience.company} · {formatPeriod(t, experience)} ·{' '}
                      {EMPLOYMENT_FORMS_BY_ID[experience.employmentForm].label[language]}
                    </Typography>
                    {experience.description && (
                      <Typography
                        variant="body2"
                        sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      >
                        {experience.description}
                      </Typography>
                    )}
                    {experience.skills.length > 0 && (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
                        {experience.skills.map((skill) => (
                          <Chip key={skill.name} size="small" variant="outlined" label={skill.name} />
                        ))}
                      </Box>
                    )}
                    <Box sx={{ mt: 1 }}>
                      <ReferenceStars summary={experience.references} />
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
          </ViewSection>

          <ViewSection title={t('view.educations')} testId="profile-educations">
            {profile.educations.length === 0 ? (
              <Typography color="text.secondary">{t('view.nothingYet')}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
                {profile.educations.map((education) => {
                  const period = formatPeriod(t, education);
                  return (
                    <li key={education.id}>
                      <Typography sx={{ fontWeight: 600 }}>
                        {[education.degree, education.fieldOfStudy].filter(Boolean).join(', ') ||
                          EDUCATION_LEVELS_BY_ID[education.level].label[language]}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[EDUCATION_LEVELS_BY_ID[education.level].label[language], education.school, period]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </li>
                  );
                })}
              </Box>
            )}
          </ViewSection>
        </Box>

        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <ViewSection title={t('view.skills')} testId="profile-skills">
            {skills.length === 0 ? (
              <Typography color="text.secondary">{t('view.nothingYet')}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {skills.map((skill) => (
                  <Box
                    component="li"
                    key={skill.name}
                    sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}
                    data-testid="profile-skill"
                  >
                    {skill.starred ? (
                      <Star
                        sx={{ fontSize: 16, color: STAR_COLOUR, alignSelf: 'center' }}
                        aria-label={t('view.starred')}
                      />
                    ) : (
                      <Box sx={{ width: 16, flexShrink: 0 }} />
                    )}
                    <Typography sx={{ fontWeight: skill.starred ? 650 : 500, overflowWrap: 'anywhere' }}>
                      {skill.name}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
                    >
                      {[
                        skill.yearsOfExperience !== null
                          ? t('view.years', { count: skill.yearsOfExperience })
                          : null,
                        skill.lastUsedYear !== null ? t('view.lastUsed', { year: skill.lastUsedYear }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </ViewSection>

          <ViewSection title={t('view.languages')} testId="profile-languages">
            {profile.languages.length === 0 ? (
              <Typography color="text.secondary">{t('view.nothingYet')}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {profile.languages.map((item) => (
                  <Box
                    component="li"
                    key={item.code}
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}
                  >
                    <Typography sx={{ fontWeight: 550 }}>{item.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                      {LANGUAGE_LEVELS_BY_ID[item.level].label[language]}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </ViewSection>

          {profile.drivingLicences.length > 0 && (
            <ViewSection title={t('view.drivingLicences')}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {profile.drivingLicences
                  .filter((id): id is DrivingLicenceClassId => id in DRIVING_LICENCE_CLASSES_BY_ID)
                  .map((id) => (
                    <Chip
                      key={id}
                      size="small"
                      variant="outlined"
                      label={`${id} · ${DRIVING_LICENCE_CLASSES_BY_ID[id].label[language]}`}
                    />
                  ))}
              </Box>
            </ViewSection>
          )}

          {profile.references.reviews.length > 0 && (
            <ViewSection title={t('view.references.title')} testId="profile-reviews">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('view.references.anonymous')}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
                {profile.references.reviews.map((review, index) => (
                  <li key={index}>
                    {review.rating !== null && (
                      <Rating
                        value={review.rating}
                        readOnly
                        size="small"
                        aria-label={t('view.references.rating', { rating: review.rating })}
                        getLabelText={(value) => t('view.references.rating', { rating: value })}
                      />
                    )}
                    {review.review && (
                      <Typography
                        component="blockquote"
                        variant="body2"
                        sx={{ m: 0, fontStyle: 'italic', overflowWrap: 'anywhere' }}
                      >
                        “{review.review}”
                      </Typography>
                    )}
                  </li>
                ))}
              </Box>
            </ViewSection>
          )}
        </Box>
      </Box>

      <ViewSection title={t('view.disc.title')} testId="profile-disc">
        <DiscResult
          discType={profile.discType}
          discSource={profile.discSource}
          drivingForces={profile.drivingForces}
        />
      </ViewSection>
    </Box>
  );
}
