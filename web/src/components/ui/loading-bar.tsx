import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** The thin bar at the very top while anything is loading (reference-counted, see lib/loading). */
export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <LinearProgress
      color="secondary"
      aria-label={t('status.loading')}
      data-testid="loading-bar"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar + 10,
        height: 3,
      }}
    />
  );
}
