import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export const SIDE_NAV_WIDTH = 248;

export interface SideNavItem {
  label: string;
  icon: ReactNode;
  /** A link (already language-prefixed) or an action such as logout. */
  href?: string;
  onClick?: () => void;
  testId?: string;
}

interface SideNavProps {
  label: string;
  items: SideNavItem[];
  footerItems?: SideNavItem[];
  mobileOpen: boolean;
  onClose: () => void;
}

function NavList({ items, onNavigate }: { items: SideNavItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <List sx={{ px: 1.5 }}>
      {items.map((item) => {
        const active = item.href ? pathname === item.href || pathname.startsWith(`${item.href}/`) : false;
        return (
          // Each entry is a list item (an <li>): a list holds only those (axe `list`).
          <ListItem key={item.label} disablePadding>
            <ListItemButton
              {...(item.href ? { href: item.href } : {})}
              onClick={() => {
                item.onClick?.();
                onNavigate();
              }}
              selected={active}
              aria-current={active ? 'page' : undefined}
              data-testid={item.testId}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                width: '100%',
                '&.Mui-selected': { bgcolor: 'rgba(29, 78, 111, 0.1)', color: 'primary.dark' },
                '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 550 } } }} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

/** The side navigation of the app and admin areas: fixed on wide screens, a drawer on phones. */
export function SideNav({ label, items, footerItems = [], mobileOpen, onClose }: SideNavProps) {
  const content = (
    <Box
      component="nav"
      aria-label={label}
      sx={{ pt: 2, display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <NavList items={items} onNavigate={onClose} />
      {footerItems.length > 0 && (
        <>
          <Divider sx={{ mx: 2, my: 1 }} />
          <NavList items={footerItems} onNavigate={onClose} />
        </>
      )}
    </Box>
  );
  return (
    <>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: SIDE_NAV_WIDTH } }}
      >
        {content}
      </Drawer>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDE_NAV_WIDTH,
          flexShrink: 0,
          borderRight: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Box sx={{ position: 'sticky', top: 68 }}>{content}</Box>
      </Box>
    </>
  );
}
