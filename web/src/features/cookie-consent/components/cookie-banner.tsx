import CookieOutlined from '@mui/icons-material/CookieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FocusEvent, type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { API_BASE_URL } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { backfillConsentCookie, hadConsentOnServer, hasConsent, recordConsent } from '../consent';

const noSubscription = () => () => {};

/** The cookie banner (spec section 2): agree and learn more; the agreement is remembered locally. */
export function CookieBanner() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { pathname, search } = useLocation();
  // The server rendered the banner unless the request carried the consent cookie; hydration starts from the
  // same answer and then follows what the browser knows (also an older agreement kept only in storage).
  const stored = useSyncExternalStore(noSubscription, hasConsent, hadConsentOnServer);
  const [accepted, setAccepted] = useState(false);
  useEffect(backfillConsentCookie, []);
  const banner = useRef<HTMLDivElement>(null);
  // Where focus was before it entered the banner: "I agree" removes the banner with focus in it (QA11 F3).
  const before = useRef<HTMLElement | null>(null);
  const shown = !accepted && !stored;
  // While the banner shows, the page keeps its height free at the bottom: a control that receives focus is
  // scrolled above the banner, not under it (WCAG 2.4.11), and the search page's results bar sits above the
  // banner's buttons instead of on them (QA11 F2).
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const space = `${window.innerHeight - element.getBoundingClientRect().top + 8}px`;
      root.style.setProperty('--cookie-banner-space', space);
      root.style.scrollPaddingBottom = space;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-space');
      root.style.scrollPaddingBottom = '';
    };
  }, [shown]);
  if (!shown) return null;

  // "I agree" submits a form: on a server-rendered page the banner is there from the first paint, seconds before
  // a phone has run the page's script, and a click before then posts the form to the API, which sets the same
  // cookie and sends the visitor back to this page (now without the banner). Once the script runs it records the
  // agreement here instead, without leaving the page.
  const agree = (event: FormEvent) => {
    event.preventDefault();
    recordConsent();
    setAccepted(true);
    // Back where focus was if that is in view; else the page's main content (the control before the banner is
    // often the footer's last link, far below: QA13 F5).
    const previous = before.current;
    const box = previous?.isConnected ? previous.getBoundingClientRect() : null;
    const inView = box !== null && box.bottom > 0 && box.top < window.innerHeight;
    (inView ? previous : document.querySelector('main'))?.focus({ preventScroll: true });
  };
  const remember = (event: FocusEvent) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !banner.current?.contains(from)) before.current = from;
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookieBanner.label')}
      elevation={8}
      data-testid="cookie-banner"
      ref={banner}
      onFocus={remember}
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
        <Box
          component="form"
          method="post"
          action={`${API_BASE_URL}/cookie-consent`}
          onSubmit={agree}
          sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}
        >
          <input type="hidden" name="page" value={`${pathname}${search}`} />
          <Button type="submit" variant="contained" size="small" data-testid="cookie-agree">
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
