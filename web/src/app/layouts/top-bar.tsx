import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { BankIdLogo } from '../../components/ui/bankid-logo';
import { BrandLogo } from '../../components/ui/brand-logo';
import { LightButtonLink } from '../../components/ui/light-button';
import { useCurrentUser, useToken } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { useLogout } from '../../lib/use-logout';
import { LanguagePicker } from './language-picker';
import { TOOLBAR_HEIGHT } from './toolbar-height';

interface TopBarProps {
  area: 'public' | 'app' | 'admin';
  /** Opens the side navigation on small screens (app and admin areas). */
  onMenuClick?: () => void;
}

/**
 * The toolbar (spec section 2): BankID login when logged out, logout when logged in but unverified, to-app
 * when verified, a lock to the admin dashboard for admins, and the language picker.
 */
export function TopBar({ area, onMenuClick }: TopBarProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const token = useToken();
  const user = useCurrentUser();
  const logout = useLogout();

  let action = null;
  if (!token) {
    action = (
      <LightButtonLink
        variant="contained"
        href={localize(paths.login())}
        startIcon={<BankIdLogo inverted size={20} />}
        data-testid="toolbar-login"
      >
        {t('nav.login')}
      </LightButtonLink>
    );
  } else if (user && !user.verified) {
    action = (
      <Button variant="outlined" onClick={() => void logout()} data-testid="toolbar-logout">
        {t('nav.logout')}
      </Button>
    );
  } else if (user && area === 'public') {
    action = (
      <Button variant="contained" href={localize(paths.app())} data-testid="toolbar-to-app">
        {t('nav.toApp')}
      </Button>
    );
  }

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: TOOLBAR_HEIGHT }}>
        {onMenuClick && (
          <IconButton
            edge="start"
            onClick={onMenuClick}
            aria-label={t('nav.openMenu')}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Link
          href={localize(paths.home())}
          underline="none"
          aria-label={t('nav.homeLabel')}
          sx={{ display: 'inline-flex', borderRadius: 1 }}
        >
          <BrandLogo compact />
        </Link>
        {area === 'public' && (
          <Box
            component="nav"
            aria-label={t('nav.mainNavigation')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}
          >
            <LightButtonLink color="inherit" href={localize(paths.search())}>
              {t('nav.search')}
            </LightButtonLink>
            <LightButtonLink color="inherit" href={localize(paths.disc())}>
              {t('nav.disc')}
            </LightButtonLink>
            <LightButtonLink color="inherit" href={localize(paths.faq())}>
              {t('nav.faq')}
            </LightButtonLink>
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <LanguagePicker />
        {user?.isAdmin && user.verified && (
          <IconButton
            href={localize(paths['god-dashboard']())}
            aria-label={t('nav.admin')}
            title={t('nav.admin')}
            data-testid="toolbar-admin"
            color="primary"
          >
            <LockOutlined />
          </IconButton>
        )}
        {action}
      </Toolbar>
    </AppBar>
  );
}
