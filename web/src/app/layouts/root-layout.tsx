import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { AlertHost } from '../../components/ui/alert-host';
import { LoadingBar } from '../../components/ui/loading-bar';
import { setSessionExpiredHandler } from '../../lib/api-client';
import { resetSession, useCurrentUser } from '../../lib/auth';
import { stripLanguage } from '../../lib/language';
import { useIsLoading } from '../../lib/loading';
import { paths, sessionExpiredPathFor } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { MAIN_CONTENT_ID } from './main-content';

const TermsDialog = lazy(() =>
  import('../../features/terms/components/terms-dialog').then((module) => ({ default: module.TermsDialog })),
);

/** Pages where the updated-terms dialog stays away so the documents themselves can be read. */
const TERMS_FREE_PATHS = new Set([paths['tos-users'](), paths['privacy-policy'](), paths.cookies()]);

/** Everything every page shares: skip link, loading bar, alerts, the terms dialog, scroll restoration. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const apiLoading = useIsLoading();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const queryClient = useQueryClient();

  useEffect(() => {
    setSessionExpiredHandler(() => {
      resetSession(queryClient);
      // The page the user is on (the address), for "Log in again" to return to.
      const page = `${stripLanguage(window.location.pathname)}${window.location.search}`;
      void navigate(localize(sessionExpiredPathFor(page)), { replace: true });
    });
  }, [navigate, localize, queryClient]);

  // Only a verified user is asked about updated terms: an unverified one is in first setup, whose own consent
  // box records the acceptance of every published version.
  const needsTerms =
    user?.verified === true &&
    user.terms?.accepted === false &&
    !TERMS_FREE_PATHS.has(stripLanguage(pathname));

  return (
    <>
      <Box
        component="a"
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skipToContent')}
      </Box>
      <LoadingBar active={navigation.state !== 'idle' || apiLoading} />
      <Outlet />
      <AlertHost />
      {needsTerms && (
        <Suspense fallback={null}>
          <TermsDialog />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
