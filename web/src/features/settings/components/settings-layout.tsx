import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { DEFAULT_LANGUAGE, stripLanguage } from '../../../lib/language';
import { localizePath, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { ConfirmIdentityHost } from './confirm-identity-dialog';

/** `?tab=` values (e.g. from a login redirect) and the settings page each one opens. */
const TAB_ROUTES: Record<string, string> = {
  account: paths.settings(),
  security: paths.settings(),
  notifications: paths['settings-options'](),
  options: paths['settings-options'](),
  privacy: paths['settings-privacy'](),
  export: paths['settings-export'](),
};

/** Settings: account and security, notifications, privacy (spec section 2: default, options, privacy). */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const localize = useLocalizedPath();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { lang } = useParams();
  const tab = searchParams.get('tab');
  // Compared below the language prefix: right after the language picker rewrote the prefix, the interface
  // language can still be the previous one, and comparing localized paths sent `?tab=security` on to the
  // same page without its tab.
  const tabRoute = tab && Object.hasOwn(TAB_ROUTES, tab) ? TAB_ROUTES[tab] : undefined;
  if (tabRoute && tabRoute !== stripLanguage(pathname)) {
    return <Navigate to={localizePath(lang ?? DEFAULT_LANGUAGE, tabRoute)} replace />;
  }
  const tabs = [
    { href: localize(paths.settings()), label: t('tabs.account') },
    { href: localize(paths['settings-options']()), label: t('tabs.notifications') },
    { href: localize(paths['settings-privacy']()), label: t('tabs.privacy') },
  ];
  return (
    <Page title={t('title')} lead={t('lead')} maxWidth="md">
      <Tabs
        value={tabs.some((item) => item.href === pathname) ? pathname : false}
        aria-label={t('title')}
        variant="scrollable"
        // Arrows show that more tabs are there at narrow widths, phones included (a clipped last tab hid them).
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((item) => (
          <Tab key={item.href} value={item.href} label={item.label} href={item.href} />
        ))}
      </Tabs>
      <Outlet />
      <ConfirmIdentityHost />
    </Page>
  );
}
