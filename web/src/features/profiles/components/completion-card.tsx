import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { ProfileCompletionPart } from '@mp/domain/profile-completion';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sectionId } from './edit-section';

/** The editor section each missing part is filled in. */
const SECTION_OF: Record<ProfileCompletionPart, string> = {
  name: 'basics',
  picture: 'picture',
  shortDescription: 'basics',
  jobTitles: 'basics',
  skills: 'skills',
  languages: 'languages',
  educations: 'educations',
  experiences: 'experiences',
  locations: 'locations',
  availability: 'availability',
  personality: 'personality',
};

function goTo(part: ProfileCompletionPart): void {
  const section = document.getElementById(sectionId(SECTION_OF[part]));
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // Move focus into the section so keyboard and screen-reader users land where they were sent.
  const target = section.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([tabindex="-1"]), button, [tabindex="0"]',
  );
  target?.focus({ preventScroll: true });
}

/** How complete the profile is, and what to add next (from the API's `missing` parts). */
export function CompletionCard({
  completion,
  missing,
}: {
  completion: number;
  missing: readonly ProfileCompletionPart[];
}) {
  const { t } = useTranslation('profiles');
  const complete = missing.length === 0;
  return (
    <Card component="section" aria-labelledby="completion-title" data-testid="completion-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h2" id="completion-title" sx={{ fontSize: '1.1rem' }}>
            {t('edit.completion.title')}
          </Typography>
          <Typography
            sx={{ fontWeight: 700, fontSize: '1.25rem', color: complete ? 'success.main' : 'primary.main' }}
            data-testid="completion-value"
          >
            {completion} %
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={completion}
          color={complete ? 'success' : 'primary'}
          aria-labelledby="completion-title"
          sx={{ height: 10, borderRadius: 5, mb: 2, bgcolor: '#e6ecea' }}
        />
        {complete ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.main' }}>
            <CheckCircleOutlined aria-hidden />
            <Typography variant="body2">{t('edit.completion.done')}</Typography>
          </Box>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('edit.completion.lead')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="completion-missing">
              {missing.map((part) => (
                <li key={part}>
                  <ButtonBase
                    onClick={() => goTo(part)}
                    sx={{
                      width: '100%',
                      justifyContent: 'space-between',
                      textAlign: 'left',
                      py: 0.75,
                      px: 1,
                      mx: -1,
                      borderRadius: 1.5,
                      fontSize: '0.9rem',
                      color: 'primary.main',
                      '&:hover': { bgcolor: 'rgba(29, 78, 111, 0.06)' },
                    }}
                  >
                    {t(`edit.completion.missing.${part}`)}
                    <ChevronRight fontSize="small" aria-hidden />
                  </ButtonBase>
                </li>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
