import Box from '@mui/material/Box';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page's `<main>` landmark. After a client-side navigation focus moves here, so keyboard and screen
 * reader users start at the new page instead of wherever the old one left them.
 */
export function MainContent({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      ref={ref}
      tabIndex={-1}
      // At least a screen below the toolbar: the footer starts below the fold, so a page that arrives after it
      // (lazy code, data) pushes nothing visible down (no layout shift).
      sx={{
        flex: 1,
        minWidth: 0,
        minHeight: { xs: 'calc(100dvh - 60px)', sm: 'calc(100dvh - 68px)' },
        outline: 'none',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </Box>
  );
}
