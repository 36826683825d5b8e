import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { MainContent } from './main-content';
import { TopBar } from './top-bar';

// The footer (below the fold) and the cookie banner (once per visitor) load beside the page's code instead of
// in the first script, which keeps the first visit to a page within the script budget.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
const CookieBanner = lazy(() =>
  import('../../features/cookie-consent/components/cookie-banner').then((module) => ({
    default: module.CookieBanner,
  })),
);

/** The public area: toolbar, page, footer and the cookie banner. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar area="public" />
      <MainContent>
        <Outlet />
      </MainContent>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </Box>
  );
}

/** Pages without the toolbar (the partner login variant): just the page and the cookie banner. */
export function BareLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <MainContent>
        <Outlet />
      </MainContent>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </Box>
  );
}
