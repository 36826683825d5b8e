import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** The company pages (details, members, projects) as tabs that are routes. */
export function CompanyLayout() {
  const { t } = useTranslation('companies');
  const localize = useLocalizedPath();
  const { pathname } = useLocation();
  const tabs = [
    { href: localize(paths['company-members']()), label: t('tabs.members') },
    { href: localize(paths['company-projects']()), label: t('tabs.projects') },
    { href: localize(paths['company-details']()), label: t('tabs.details') },
  ];
  const current = tabs.find((tab) => pathname.startsWith(tab.href))?.href ?? false;
  return (
    <Page title={t('title')} lead={t('lead')}>
      <Tabs
        value={current}
        aria-label={t('title')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
      >
        {tabs.map((tab) => (
          <Tab key={tab.href} value={tab.href} label={tab.label} href={tab.href} />
        ))}
      </Tabs>
      <Outlet />
    </Page>
  );
}
