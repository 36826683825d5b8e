import CookieOutlined from '@mui/icons-material/CookieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useLocalizedPath } from '../../../lib/use-localized-path';

const noSubscription = () => () => {};
const hasStoredConsent = () => readStorage(STORAGE_KEYS.cookieConsent) !== null;

/** The cookie banner (spec section 2): agree and learn more; the agreement is remembered locally. */
export function CookieBanner() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  // Stored consent is only known in the browser: server-rendered pages come without the banner and it
  // appears after hydration (fixed to the viewport, so nothing moves).
  const stored = useSyncExternalStore(noSubscription, hasStoredConsent, () => true);
  const [accepted, setAccepted] = useState(false);
  if (accepted || stored) return null;

  const agree = () => {
    writeStorage(STORAGE_KEYS.cookieConsent, new Date().toISOString());
    setAccepted(true);
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookieBanner.label')}
      elevation={8}
      data-testid="cookie-banner"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        maxWidth: 520,
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
      }}
    >
      <CookieOutlined color="secondary" aria-hidden sx={{ mt: 0.25, display: { xs: 'none', sm: 'block' } }} />
      <Box>
        <Typography variant="body2">{t('cookieBanner.text')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={agree} data-testid="cookie-agree">
            {t('cookieBanner.agree')}
          </Button>
          <Button size="small" href={localize(paths.cookies())}>
            {t('cookieBanner.learnMore')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
