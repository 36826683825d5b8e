import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LightSpinner } from './light-spinner';

/**
 * The placeholder while a page's code or texts load, and the router's placeholder before its first
 * navigation. It must never suspend itself: above the router there is nothing to catch it.
 */
export function PageSpinner() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <LightSpinner label={t('status.loading')} />
    </Box>
  );
}
