import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EconomyScopeNote } from '../../../components/ui/economy-scope';
import { Page } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { formatMonth } from '../../../lib/date-format';
import { useLanguage } from '../../../lib/i18n';
import { assignmentName } from '@mp/domain/companies';
import {
  dashboardAgreementsQueryOptions,
  dashboardAssignmentsQueryOptions,
  dashboardAssignmentsWithoutApproverQueryOptions,
  dashboardEconomyQueryOptions,
  dashboardOpenMonthsQueryOptions,
  dashboardReturnedMonthsQueryOptions,
  dashboardCompaniesQueryOptions,
  dashboardContractsQueryOptions,
} from '../api/dashboard-counts';
import { companyCountsText, contractCountsText } from '../card-counts';

// The charts library is large; the dashboard shows its cards first and the time card's charts when they load.
const EconomyCharts = lazy(() =>
  import('../../../components/ui/economy-charts').then((module) => ({ default: module.EconomyCharts })),
);

interface DashboardCard {
  id: 'profile' | 'time' | 'agreements' | 'company' | 'contracts';
  icon: ReactNode;
  href: string;
  comingSoon?: boolean;
}

const CARDS: DashboardCard[] = [
  { id: 'profile', icon: <PersonOutlined />, href: paths['edit-profile']() },
  { id: 'time', icon: <ScheduleOutlined />, href: paths.time() },
  { id: 'agreements', icon: <HandshakeOutlined />, href: paths.agreements() },
  { id: 'company', icon: <BusinessOutlined />, href: paths.company() },
  { id: 'contracts', icon: <DescriptionOutlined />, href: paths.contracts() },
];

/** The dashboard (spec section 2): profile, time and invoice, agreements, company and contracts. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const localize = useLocalizedPath();
  const title = user?.firstName ? t('greeting', { name: user.firstName }) : t('title');
  const counts = useCardCounts();
  const economy = useQuery({ ...dashboardEconomyQueryOptions, enabled: Boolean(user?.verified) });
  const assignments = useQuery({ ...dashboardAssignmentsQueryOptions, enabled: Boolean(user?.verified) });
  const withoutApprover = useQuery({
    ...dashboardAssignmentsWithoutApproverQueryOptions,
    enabled: Boolean(user?.verified),
  });
  const language = useLanguage();
  const openMonths = useQuery({ ...dashboardOpenMonthsQueryOptions, enabled: Boolean(user?.verified) });
  const returnedMonths = useQuery({
    ...dashboardReturnedMonthsQueryOptions,
    enabled: Boolean(user?.verified),
  });
  // Earlier months the consultant has not submitted (open with hours, or returned): easily never billed. A
  // returned month says so, as the time page does: it was sent in once and needs correcting.
  const unsubmitted = [...(returnedMonths.data ?? []), ...(openMonths.data ?? [])].sort((a, b) =>
    a.month.localeCompare(b.month),
  );
  // An account from before the sign-up form asked for a name: its e-mail address stands in for one elsewhere.
  const nameMissing = Boolean(user?.verified) && !(user?.firstName && user?.lastName);
  return (
    <Page title={title} lead={t('lead')}>
      {nameMissing && (
        <Alert
          severity="info"
          sx={{ mb: 2.5 }}
          data-testid="dashboard-no-name"
          action={
            <Button color="inherit" size="small" href={localize(paths.settings())}>
              {t('noName.action')}
            </Button>
          }
        >
          {t('noName.title')}
        </Alert>
      )}
      {unsubmitted.map((month) => {
        const name = formatMonth(month.month, language);
        return (
          <Alert
            key={`${month.assignmentId}/${month.month}`}
            severity="warning"
            sx={{ mb: 2.5 }}
            data-testid="dashboard-unsubmitted-month"
            action={
              <Button
                color="inherit"
                size="small"
                href={localize(
                  `${paths.time()}?assignment=${encodeURIComponent(month.assignmentId)}&month=${month.month}`,
                )}
              >
                {t('unsubmitted.action')}
              </Button>
            }
          >
            {t(month.status === 'returned' ? 'returned.title' : 'unsubmitted.title', {
              month: name.charAt(0).toLocaleUpperCase() + name.slice(1),
              assignment: assignmentName(month.assignment),
            })}
          </Alert>
        );
      })}
      {withoutApprover.data && withoutApprover.data.length > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 2.5 }}
          data-testid="dashboard-no-approver"
          action={
            <Button color="inherit" size="small" href={localize(paths.contracts())}>
              {t('noApprover.action')}
            </Button>
          }
        >
          {t('noApprover.title', { count: withoutApprover.data.length })}
        </Alert>
      )}
      <Box
        data-testid="dashboard"
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {CARDS.map((card) => (
          <Card
            key={card.id}
            sx={{ display: 'flex', flexDirection: 'column' }}
            data-testid={`dashboard-card-${card.id}`}
          >
            <CardContent sx={{ flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: card.comingSoon ? 'rgba(75, 91, 102, 0.08)' : 'rgba(29, 78, 111, 0.08)',
                    color: card.comingSoon ? 'text.secondary' : 'primary.main',
                  }}
                >
                  {card.icon}
                </Box>
                {card.comingSoon && <Chip size="small" label={t('comingSoon')} variant="outlined" />}
              </Box>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.75 }}>
                {t(`cards.${card.id}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`cards.${card.id}.body`)}
              </Typography>
              {counts[card.id] && (
                <Typography
                  variant="body2"
                  sx={{ mt: 1.5, fontWeight: 600 }}
                  data-testid={`dashboard-count-${card.id}`}
                >
                  {counts[card.id]}
                </Typography>
              )}
              {card.id === 'time' && economy.data && assignments.data && (
                <Box sx={{ mt: 2 }}>
                  <Suspense fallback={null}>
                    {/* The figures count every assignment the caller sees: say whose, as the time page does. */}
                    <EconomyScopeNote assignments={assignments.data} sx={{ mb: 1 }} />
                    <EconomyCharts data={economy.data} compact />
                  </Suspense>
                </Box>
              )}
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button
                href={localize(card.href)}
                variant={card.comingSoon ? 'text' : 'outlined'}
                aria-label={`${t(`cards.${card.id}.action`)}: ${t(`cards.${card.id}.title`)}`}
              >
                {t(`cards.${card.id}.action`)}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Page>
  );
}

/** The real numbers on the company, contracts and agreements cards (only once the user is verified). */
function useCardCounts(): Partial<Record<DashboardCard['id'], string>> {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const enabled = Boolean(user?.verified);
  const companies = useQuery({ ...dashboardCompaniesQueryOptions, enabled });
  const contracts = useQuery({ ...dashboardContractsQueryOptions, enabled });
  const agreements = useQuery({ ...dashboardAgreementsQueryOptions, enabled });
  const counts: Partial<Record<DashboardCard['id'], string>> = {};
  if (companies.data) {
    counts.company = companyCountsText(t, {
      companies: companies.data.length,
      members: companies.data.reduce((sum, company) => sum + company.memberCount, 0),
      projects: companies.data.reduce((sum, company) => sum + company.projectCount, 0),
    });
  }
  if (contracts.data) {
    const of = (status: string) => contracts.data.filter((contract) => contract.status === status).length;
    counts.contracts = contractCountsText(t, {
      contracts: contracts.data.length,
      sent: of('sent'),
      signed: of('signed'),
    });
  }
  if (agreements.data !== undefined) counts.agreements = t('counts.agreements', { count: agreements.data });
  return counts;
}
