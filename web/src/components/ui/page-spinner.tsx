import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * The placeholder while a page's code or texts load, and the router's placeholder before its first
 * navigation. It must never suspend itself: above the router there is nothing to catch it.
 */
export function PageSpinner() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label={t('status.loading')} />
    </Box>
  );
}
