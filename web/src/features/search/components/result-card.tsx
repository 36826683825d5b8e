import PersonOutline from '@mui/icons-material/PersonOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LightChip } from '../../../components/ui/light-chip';
import { formatCardDate } from '../card-format';
import type { Language } from '../../../lib/language';
import type { MatchedSkill, SearchResult } from '../api/search';
import {
  availabilityLabel,
  discTypeOf,
  drivingForceColour,
  drivingForceLabel,
  educationLevelLabel,
  locationLabel,
} from '../value-labels';

/** Skills shown on a card (spec section 9); the rest are counted in a '+N more' chip. */
const CARD_SKILLS = 5;

const AVAILABILITY_COLOURS: Record<string, { bg: string; fg: string }> = {
  available_now: { bg: 'rgba(46, 107, 58, 0.12)', fg: '#245530' },
  available_at: { bg: 'rgba(36, 95, 143, 0.12)', fg: '#1d4e6f' },
  available_with_in: { bg: 'rgba(36, 95, 143, 0.12)', fg: '#1d4e6f' },
  not_available: { bg: 'rgba(75, 91, 102, 0.12)', fg: '#4b5b66' },
};

function AvailabilityChip({
  availability,
  language,
}: Pick<SearchResult, 'availability'> & { language: Language }) {
  const { t } = useTranslation('search-results');
  const label = availabilityLabel(availability.kind, language);
  let text = label;
  if (availability.kind === 'available_at' && availability.date) {
    text = t('card.availableFrom', { label, date: formatCardDate(availability.date, language) });
  } else if (availability.kind === 'available_with_in' && availability.withinDays !== null) {
    text = t('card.availableWithin', { label, count: availability.withinDays });
  }
  const colours = AVAILABILITY_COLOURS[availability.kind] ?? AVAILABILITY_COLOURS.not_available!;
  return <LightChip label={text} data-testid="availability-chip" colours={colours} strong />;
}

/** A nice-to-have the card matched ('languages:en') in words. */
function niceToHaveLabel(value: string, language: Language, termLabels: TermLabels): string {
  const separator = value.indexOf(':');
  const list = value.slice(0, separator);
  const id = value.slice(separator + 1);
  switch (list) {
    case 'locations':
      return locationLabel(id, language);
    case 'personalities':
      return discTypeOf(id)?.label[language] ?? id;
    case 'drivingForces':
      return drivingForceLabel(id, language);
    default:
      return termLabels.get(id) ?? id;
  }
}

function skillExperience(
  skill: MatchedSkill,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const { years, lastUsedYear } = skill;
  if (years !== null && lastUsedYear !== null) {
    return t('card.skillYearsLastUsed', { skill: skill.skill, count: years, year: lastUsedYear });
  }
  if (years !== null) return t('card.skillYears', { skill: skill.skill, count: years });
  if (lastUsedYear !== null) return t('card.skillLastUsed', { skill: skill.skill, year: lastUsedYear });
  return skill.skill;
}

/** The labels of the matched values the screen knows (skills and the like carry their labels in the filters). */
export type TermLabels = ReadonlyMap<string, string>;

function reasonsOf(
  result: SearchResult,
  language: Language,
  termLabels: TermLabels,
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  // Skills the search ranked by come first, with the consultant's years and last use ('C# · 10 år, senast 2026').
  const reasons: string[] = result.matchedSkills.map((skill) => skillExperience(skill, t));
  const explained = new Set(result.matchedSkills.map((skill) => skill.id));
  for (const { criterion, values } of result.matched) {
    switch (criterion) {
      case 'searchTerm':
        // Words the skills above already explain need no quoting.
        if (explained.size > 0) break;
        reasons.push(values.map((value) => (language === 'sv' ? `”${value}”` : `“${value}”`)).join(', '));
        break;
      case 'skills':
        reasons.push(
          values
            .filter((value) => !explained.has(value))
            .map((value) => termLabels.get(value) ?? value)
            .join(', '),
        );
        break;
      case 'languages':
      case 'fieldsOfStudy':
        reasons.push(values.map((value) => termLabels.get(value) ?? value).join(', '));
        break;
      case 'locations':
        reasons.push(values.map((value) => locationLabel(value, language)).join(', '));
        break;
      case 'personalities':
        reasons.push(values.map((value) => discTypeOf(value)?.label[language] ?? value).join(', '));
        break;
      case 'drivingForces':
        reasons.push(values.map((value) => drivingForceLabel(value, language)).join(', '));
        break;
      case 'educationLevel':
        reasons.push(t('card.matchEducation', { level: educationLevelLabel(values[0] ?? '', language) }));
        break;
      case 'niceToHave': {
        const labels = values.map((value) => niceToHaveLabel(value, language, termLabels));
        reasons.push(t('card.matchNice', { values: labels.join(', ') }));
        break;
      }
      default:
        // Availability always matches (today by default); the chip already says it.
        break;
    }
  }
  return reasons.filter(Boolean);
}

interface ResultCardProps {
  result: SearchResult;
  href: string;
  language: Language;
  termLabels: TermLabels;
  /** The favourites button of a logged-in user. */
  action?: ReactNode;
}

/**
 * A result card (spec section 2): avatar, availability, names, unique job titles, locations, the first five
 * skills and a '+N more' chip, the behavioural style and driving forces; the whole card opens the profile.
 */
export const ResultCard = memo(function ResultCard({
  result,
  href,
  language,
  termLabels,
  action,
}: ResultCardProps) {
  const { t } = useTranslation('search-results');
  const anonymous = !result.firstName && !result.lastName;
  const name = anonymous
    ? t('card.anonymousName')
    : [result.firstName, result.lastName].filter(Boolean).join(' ');
  const jobTitles = [...new Set(result.jobTitles)].join(', ');
  const skills = result.skills.map((skill) => skill.skill);
  const hidden = Math.max(0, skills.length - CARD_SKILLS);
  const disc = discTypeOf(result.personality);
  const reasons = reasonsOf(result, language, termLabels, t);
  const initials = anonymous
    ? null
    : [result.firstName, result.lastName].map((part) => part?.charAt(0) ?? '').join('');

  return (
    <Card
      component="article"
      data-testid="result-card"
      sx={{ position: 'relative', bgcolor: 'background.paper' }}
    >
      <CardActionArea
        href={href}
        sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', alignItems: 'flex-start', gap: { xs: 1.5, sm: 2.5 } }}
      >
        <Avatar
          src={result.picture?.url ?? undefined}
          alt=""
          sx={{
            width: { xs: 48, sm: 64 },
            height: { xs: 48, sm: 64 },
            bgcolor: anonymous ? '#e3e9ec' : 'primary.main',
            color: anonymous ? 'text.secondary' : 'primary.contrastText',
            fontWeight: 650,
          }}
        >
          {initials || <PersonOutline />}
        </Avatar>
        {/* minmax(0, 1fr): a long unbroken job title must not widen the column past the card and clip the chips. */}
        <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1.5,
              rowGap: 0.75,
              pr: action ? 5 : 0,
            }}
          >
            <Typography
              variant="h3"
              sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}
              data-testid="result-name"
            >
              {name}
            </Typography>
            <AvailabilityChip availability={result.availability} language={language} />
          </Box>
          {jobTitles && (
            <Typography
              sx={{ fontWeight: 550, color: 'text.primary', mt: -0.5, overflowWrap: 'anywhere' }}
              data-testid="result-job-titles"
            >
              {jobTitles}
            </Typography>
          )}
          {result.locations.length > 0 && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              data-testid="result-locations"
            >
              <PlaceOutlined sx={{ fontSize: 18 }} aria-hidden />
              <Box component="span" sx={visuallyHidden}>
                {t('card.locations')}
              </Box>
              {result.locations.map((id) => locationLabel(id, language)).join(' · ')}
            </Typography>
          )}
          {skills.length > 0 && (
            <Box component="ul" aria-label={t('card.skills')} sx={chipList}>
              {skills.slice(0, CARD_SKILLS).map((skill) => (
                <li key={skill}>
                  <LightChip variant="outlined" label={skill} data-testid="skill-chip" />
                </li>
              ))}
              {hidden > 0 && (
                <li>
                  <LightChip
                    label={t('card.moreSkills', { count: hidden })}
                    data-testid="more-skills-chip"
                    colours={{ bg: 'rgba(29, 78, 111, 0.08)', fg: '#12344b' }}
                  />
                </li>
              )}
            </Box>
          )}
          {(disc || result.drivingForces.length > 0) && (
            <Box component="ul" aria-label={t('card.profileTraits')} sx={chipList}>
              {disc && (
                <li>
                  <LightChip
                    data-testid="personality-chip"
                    dot={disc.colour}
                    label={`${disc.label[language]} (${disc.code})`}
                    colours={{ bg: `${disc.colour}1f` }}
                    strong
                  />
                </li>
              )}
              {disc && (
                <li>
                  <LightChip
                    variant="outlined"
                    data-testid="personality-source"
                    data-source={result.personalitySource ?? 'self'}
                    icon={
                      result.personalitySource === 'assessment' ? (
                        <VerifiedOutlined fontSize="inherit" />
                      ) : undefined
                    }
                    label={
                      result.personalitySource === 'assessment'
                        ? t('card.discAssessed')
                        : t('card.discSelfAssessed')
                    }
                    tone={result.personalitySource === 'assessment' ? 'success' : 'default'}
                  />
                </li>
              )}
              {result.drivingForces.map((force) => (
                <li key={force}>
                  <LightChip
                    variant="outlined"
                    label={drivingForceLabel(force, language)}
                    data-testid="driving-force-chip"
                    colours={{ border: drivingForceColour(force) }}
                  />
                </li>
              ))}
            </Box>
          )}
          {reasons.length > 0 && (
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="match-reason"
              sx={{ fontSize: '0.84rem' }}
            >
              <Box component="span" sx={{ fontWeight: 650, color: 'secondary.dark' }}>
                {t('card.whyMatch')}
              </Box>{' '}
              {reasons.join('; ')}
            </Typography>
          )}
        </Box>
      </CardActionArea>
      {action && <Box sx={{ position: 'absolute', top: 8, right: 8 }}>{action}</Box>}
    </Card>
  );
});

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const chipList = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 0.75,
} as const;
