import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { yieldToMain } from '../../lib/yield-to-main';
import { MainContent } from './main-content';
import { APP_BAR_HEIGHT } from './toolbar-height';

// The footer (below the fold) and the cookie banner (once per visitor) load beside the page's code instead of
// in the first script, which keeps the first visit to a page within the script budget. So does the toolbar
// (its buttons, app bar, logos and language picker): on a server-rendered page its markup is there from the
// first paint and React hydrates it when its code arrives (a lazy part keeps the server's nodes until then);
// on a page the browser renders itself, a bar of the same height holds its place, so nothing moves. Its download
// starts in a task of its own right after the first script's: asking for it (Vite's preload links) took 11 ms of
// a phone's start-up (4x CPU slowdown) inside that script's evaluation, the longest task after the first paint.
const loadTopBar = () => import('./top-bar');
void yieldToMain().then(loadTopBar);
const TopBar = lazy(() => loadTopBar().then((module) => ({ default: module.TopBar })));
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
const CookieBanner = lazy(() =>
  import('../../features/cookie-consent/components/cookie-banner').then((module) => ({
    default: module.CookieBanner,
  })),
);

/** The toolbar's place and colour while its code loads. */
function TopBarPlaceholder() {
  return (
    <Box
      sx={{ height: APP_BAR_HEIGHT, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    />
  );
}

/** The public area: toolbar, page, footer and the cookie banner. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Suspense fallback={<TopBarPlaceholder />}>
        <TopBar area="public" />
      </Suspense>
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
