import CookieOutlined from '@mui/icons-material/CookieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { backfillConsentCookie, hadConsentOnServer, hasConsent, recordConsent } from '../consent';

const noSubscription = () => () => {};

/** The cookie banner (spec section 2): agree and learn more; the agreement is remembered locally. */
export function CookieBanner() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  // The server rendered the banner unless the request carried the consent cookie; hydration starts from the
  // same answer and then follows what the browser knows (also an older agreement kept only in storage).
  const stored = useSyncExternalStore(noSubscription, hasConsent, hadConsentOnServer);
  const [accepted, setAccepted] = useState(false);
  useEffect(backfillConsentCookie, []);
  if (accepted || stored) return null;

  const agree = () => {
    recordConsent();
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
        // Above the page and its app bar, below drawers, menus, popovers and dialogs: those are modal (the page
        // under them, banner included, is hidden from assistive technology), so the banner must not cover them.
        // Above the snackbars it covered the date picker's last weeks until the visitor agreed.
        zIndex: (theme) => theme.zIndex.drawer - 1,
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
