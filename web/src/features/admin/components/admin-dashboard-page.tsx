import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { describeError } from '../../../lib/errors';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { formatDate, formatDateTime, formatNumber } from '../admin-format';
import { fetchDashboard, type AdminDashboard } from '../api/admin';
import { describeSearchFilter } from '../search-filter-labels';

/** The admin dashboard (god/dashboard): live counts, search analytics and a way into each tool. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => fetchDashboard(signal),
    refetchInterval: 30_000,
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('dashboard.title')} lead={t('dashboard.lead')}>
      {dashboard.isPending ? (
        <PageSpinner />
      ) : dashboard.isError ? (
        <Alert severity="error">{describeError(dashboard.error)}</Alert>
      ) : (
        <DashboardContent data={dashboard.data} />
      )}
      <Sections />
    </Page>
  );
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 600 }} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A row of a count table: what was counted in words, how many, and the recorded code beside it for support. */
interface CountRow {
  label: string;
  count: number;
  code?: string;
}

function CountTable({ title, head, rows }: { title: string; head: [string, string]; rows: CountRow[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Card variant="outlined" component="section">
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.noSearches')}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{head[0]}</TableCell>
                <TableCell align="right">{head[1]}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ label, count, code }, index) => (
                <TableRow key={`${label}-${index}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {label}
                    {code && (
                      <Box
                        component="code"
                        sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}
                        data-testid="count-code"
                      >
                        {code}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatNumber(count, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Refunds owed to payers that the provider has not taken; the ones it keeps refusing as a warning. */
function RefundsOwed({ refunds }: { refunds: AdminDashboard['refundsOwed'] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Card variant="outlined" component="section" sx={{ mb: 4 }} data-testid="refunds-owed">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('dashboard.refunds.title')}
        </Typography>
        <Typography variant="body2">
          {refunds.pending === 0
            ? t('dashboard.refunds.none')
            : t('dashboard.refunds.owed', {
                count: refunds.pending,
                since: formatDateTime(refunds.oldestDueAt, i18n.language),
              })}
        </Typography>
        {refunds.stuck > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('dashboard.refunds.stuck', { count: refunds.stuck })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function DashboardContent({ data }: { data: AdminDashboard }) {
  const { t, i18n } = useTranslation('admin');
  const language = useLanguage();
  const n = (value: number | null) => formatNumber(value, i18n.language);
  // A recorded filter (`locations:goteborg`) in words: the criterion and its value.
  const filterLabel = (code: string) => {
    const { name, value } = describeSearchFilter(code, language);
    const criterion = t(`dashboard.searches.filters.${name}`, { defaultValue: name });
    return value === null ? criterion : t('dashboard.searches.filterLabel', { filter: criterion, value });
  };
  const today = data.searches.perDay.at(-1);
  const grid = { display: 'grid', gap: 2, mb: 4 } as const;
  return (
    <>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Stat label={t('dashboard.users')} value={n(data.users.users)} testId="stat-users" />
        <Stat label={t('dashboard.verified')} value={n(data.users.verified)} testId="stat-verified" />
        <Stat label={t('dashboard.searchable')} value={n(data.searchableProfiles)} testId="stat-searchable" />
        <Stat label={t('dashboard.premium')} value={n(data.users.premium)} testId="stat-premium" />
        <Stat label={t('dashboard.searchesToday')} value={n(today?.searches ?? 0)} testId="stat-searches" />
        <Stat label={t('dashboard.deleted')} value={n(data.users.deleted)} testId="stat-deleted" />
        <Stat label={t('dashboard.outboxPending')} value={n(data.outbox.pending)} testId="stat-outbox" />
        <Stat
          label={t('dashboard.deadLettered')}
          value={
            data.deadLetteredProfiles === null ? t('dashboard.notAvailable') : n(data.deadLetteredProfiles)
          }
          testId="stat-dead-letters"
        />
      </Box>
      <Card variant="outlined" component="section" sx={{ mb: 4 }}>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('dashboard.index.title')}
          </Typography>
          <Typography variant="body2" data-testid="index-health">
            {t('dashboard.index.summary', {
              // The cluster's health word, translated; anything else Elasticsearch may add is shown as it is.
              status: t(`dashboard.index.status.${data.index.status}`, { defaultValue: data.index.status }),
              index: data.index.index ?? '–',
              documents: n(data.index.documents),
              reindexed: formatDateTime(data.index.lastReindexAt, i18n.language),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.outbox.oldestSeconds === null
              ? t('dashboard.outboxEmpty')
              : t('dashboard.outboxLag', { seconds: n(data.outbox.oldestSeconds) })}
          </Typography>
        </CardContent>
      </Card>
      <RefundsOwed refunds={data.refundsOwed} />
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {t('dashboard.searches.title', { days: data.searches.days })}
      </Typography>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <CountTable
          title={t('dashboard.searches.perDay')}
          head={[t('dashboard.searches.day'), t('dashboard.searches.count')]}
          rows={[...data.searches.perDay]
            .reverse()
            .map((d) => ({ label: formatDate(d.day, i18n.language, 'medium'), count: d.searches }))}
        />
        <CountTable
          title={t('dashboard.searches.topTerms')}
          head={[t('dashboard.searches.term'), t('dashboard.searches.count')]}
          rows={data.searches.topTerms.map((row) => ({ label: row.term, count: row.searches }))}
        />
        <CountTable
          title={t('dashboard.searches.topFilters')}
          head={[t('dashboard.searches.filter'), t('dashboard.searches.count')]}
          rows={data.searches.topFilters.map((row) => ({
            label: filterLabel(row.filter),
            count: row.searches,
            code: row.filter,
          }))}
        />
        <CountTable
          title={t('dashboard.searches.zeroResults')}
          head={[t('dashboard.searches.search'), t('dashboard.searches.count')]}
          rows={data.searches.zeroResults.map((row) => ({
            label:
              [row.term ? `“${row.term}”` : '', ...row.filters.map(filterLabel)]
                .filter(Boolean)
                .join(' · ') || t('dashboard.searches.noCriteria'),
            count: row.searches,
            ...(row.filters.length > 0 ? { code: row.filters.join(' ') } : {}),
          }))}
        />
      </Box>
    </>
  );
}

function Sections() {
  const { t } = useTranslation('admin');
  const localize = useLocalizedPath();
  const sections = [
    { key: 'users', href: paths['god-users']() },
    { key: 'terms', href: paths['god-terms']() },
    { key: 'feedback', href: paths['god-feedback']() },
    { key: 'offers', href: paths['god-offers']() },
    { key: 'coachSlots', href: paths['god-coach-slots']() },
    { key: 'audit', href: paths['god-audit']() },
    { key: 'vocabulary', href: paths['god-vocabulary']('skills') },
    { key: 'pricing', href: paths['god-pricing']() },
  ] as const;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
      }}
    >
      {sections.map((section) => (
        <Card key={section.key}>
          <CardActionArea href={localize(section.href)} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
                {t(`sections.${section.key}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`sections.${section.key}.lead`)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
