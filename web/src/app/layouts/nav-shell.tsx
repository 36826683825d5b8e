import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { MainContent } from './main-content';
import { SideNav, type SideNavItem } from './side-nav';
import { TopBar } from './top-bar';

interface NavShellProps {
  area: 'app' | 'admin';
  /** The side navigation's accessible name. */
  label: string;
  items: SideNavItem[];
  footerItems: SideNavItem[];
  /** Rendered after the page, outside the main content (a dialog the navigation opens). */
  children?: ReactNode;
}

/** The frame of the app and admin areas: toolbar, side navigation (a drawer on small screens) and the page. */
export function NavShell({ area, label, items, footerItems, children }: NavShellProps) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar area={area} onMenuClick={() => setOpen(true)} />
      <Box sx={{ display: 'flex', flex: 1 }}>
        <SideNav
          label={label}
          items={items}
          footerItems={footerItems}
          mobileOpen={open}
          onClose={() => setOpen(false)}
        />
        <MainContent>
          <Outlet />
        </MainContent>
      </Box>
      {children}
    </Box>
  );
}
