import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { useLogout } from '../../lib/use-logout';
import { NavShell } from './nav-shell';

// Loaded when first opened, so the form costs the first script nothing.
const FeedbackDialog = lazy(() =>
  import('../../features/feedback/components/feedback-dialog').then((m) => ({ default: m.FeedbackDialog })),
);

/** The app area (auth required): toolbar and the side navigation of spec section 2. */
export function AppLayout() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const logout = useLogout();
  const [feedbackOpened, setFeedbackOpened] = useState<boolean | null>(null);

  const items = [
    { label: t('nav.dashboard'), icon: <DashboardOutlined />, href: localize(paths.dashboard()) },
    { label: t('nav.profile'), icon: <PersonOutlined />, href: localize(paths['edit-profile']()) },
    { label: t('nav.search'), icon: <SearchOutlined />, href: localize(paths['inner-search']()) },
    { label: t('nav.company'), icon: <BusinessOutlined />, href: localize(paths.company()) },
    { label: t('nav.contracts'), icon: <DescriptionOutlined />, href: localize(paths.contracts()) },
    { label: t('nav.offers'), icon: <LocalOfferOutlined />, href: localize(paths.offers()) },
    {
      label: t('nav.subscription'),
      icon: <WorkspacePremiumOutlined />,
      href: localize(paths.subscription()),
    },
    { label: t('nav.settings'), icon: <SettingsOutlined />, href: localize(paths.settings()) },
  ];
  const footer = [
    {
      label: t('nav.feedback'),
      icon: <FeedbackOutlined />,
      onClick: () => setFeedbackOpened(true),
      testId: 'nav-feedback',
    },
    { label: t('nav.logout'), icon: <LogoutOutlined />, onClick: () => void logout(), testId: 'nav-logout' },
  ];

  return (
    <NavShell area="app" label={t('nav.appNavigation')} items={items} footerItems={footer}>
      {feedbackOpened !== null && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpened} onClose={() => setFeedbackOpened(false)} />
        </Suspense>
      )}
    </NavShell>
  );
}
