import ArrowBack from '@mui/icons-material/ArrowBack';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { NavShell } from './nav-shell';

/** The admin area (`god`, admins only). */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const localize = useLocalizedPath();
  const items = [
    { label: t('nav.dashboard'), icon: <DashboardOutlined />, href: localize(paths['god-dashboard']()) },
    { label: t('nav.users'), icon: <GroupOutlined />, href: localize(paths['god-users']()) },
    { label: t('nav.terms'), icon: <GavelOutlined />, href: localize(paths['god-terms']()) },
    { label: t('nav.pricing'), icon: <PaymentsOutlined />, href: localize(paths['god-pricing']()) },
    { label: t('nav.bills'), icon: <ReceiptLongOutlined />, href: localize(paths['god-bills']()) },
    {
      label: t('nav.vocabulary'),
      icon: <MenuBookOutlined />,
      href: localize(paths['god-vocabulary']('skills')),
    },
    { label: t('nav.feedback'), icon: <FeedbackOutlined />, href: localize(paths['god-feedback']()) },
    { label: t('nav.offers'), icon: <LocalOfferOutlined />, href: localize(paths['god-offers']()) },
    {
      label: t('nav.coachSlots'),
      icon: <EventAvailableOutlined />,
      href: localize(paths['god-coach-slots']()),
    },
    { label: t('nav.audit'), icon: <HistoryOutlined />, href: localize(paths['god-audit']()) },
  ];
  const footer = [{ label: t('nav.backToApp'), icon: <ArrowBack />, href: localize(paths.dashboard()) }];
  return <NavShell area="admin" label={t('nav.label')} items={items} footerItems={footer} />;
}
