import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../../features/cookie-consent/components/cookie-banner';
import { Footer } from './footer';
import { MainContent } from './main-content';
import { TopBar } from './top-bar';

/** The public area: toolbar, page, footer and the cookie banner. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar area="public" />
      <MainContent>
        <Outlet />
      </MainContent>
      <Footer />
      <CookieBanner />
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
      <CookieBanner />
    </Box>
  );
}
