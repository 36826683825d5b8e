import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

export type ProfileProblem = 'notAvailable' | 'noLongerExists' | 'loadFailed';

/** 404 is a hidden or missing profile, 410 a deleted account, anything else a failure to load. */
export function profileProblemOf(error: unknown): ProfileProblem {
  if (isApiError(error) && error.status === 404) return 'notAvailable';
  if (isApiError(error) && error.status === 410) return 'noLongerExists';
  return 'loadFailed';
}

/** Each problem's heading (the server-rendered page's title as well). */
export const PROFILE_PROBLEM_MESSAGES = {
  notAvailable: 'messages:error.profileNotAvailable',
  noLongerExists: 'messages:error.profileNoLongerExists',
  loadFailed: 'messages:error.profileLoadFailed',
} as const;

const ICONS = {
  notAvailable: VisibilityOffOutlined,
  noLongerExists: PersonOffOutlined,
  loadFailed: ErrorOutlineOutlined,
} as const;

/** The states of spec section 8: 'Profile not available', 'Profile no longer exists', or a load failure. */
export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('profiles');
  const localize = useLocalizedPath();
  const problem = profileProblemOf(error);
  const Icon = ICONS[problem];
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid={`profile-error-${problem}`}
      sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          mx: 'auto',
          mb: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: problem === 'loadFailed' ? 'rgba(179, 38, 30, 0.08)' : 'rgba(29, 78, 111, 0.08)',
          color: problem === 'loadFailed' ? 'error.main' : 'primary.main',
        }}
      >
        <Icon fontSize="large" />
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        {t(PROFILE_PROBLEM_MESSAGES[problem])}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`view.problems.${problem}`)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {problem === 'loadFailed' && onRetry && (
          <Button variant="contained" onClick={onRetry}>
            {t('view.retry')}
          </Button>
        )}
        <Button variant={problem === 'loadFailed' ? 'outlined' : 'contained'} href={localize(paths.search())}>
          {t('view.toSearch')}
        </Button>
      </Box>
    </Paper>
  );
}
