import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

// A bar of our own rather than MUI's LinearProgress (5 KB of script for one indeterminate stripe): it is in
// the first script of every page.
const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** The thin bar at the very top while anything is loading (reference-counted, see lib/loading). */
export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('status.loading')}
      data-testid="loading-bar"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar + 10,
        height: 3,
        overflow: 'hidden',
        bgcolor: 'rgba(47, 107, 87, 0.25)',
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'secondary.main',
          animation: `${slide} 1.1s ease-in-out infinite`,
        },
        '@media (prefers-reduced-motion: reduce)': {
          '&::after': { animation: 'none', width: '100%', opacity: 0.6 },
        },
      }}
    />
  );
}
