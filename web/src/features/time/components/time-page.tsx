import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EconomyCharts } from '../../../components/ui/economy-charts';
import { Page } from '../../../components/ui/page';
import { approvalsQueryOptions, assignmentsQueryOptions, economyQueryOptions } from '../api/time';
import { Approvals } from './approvals';
import { WeekEntry } from './week-entry';

/** Time and invoice (app/time): the consultant's week, the approver's inbox and the economy view. */
export function TimePage() {
  const { t } = useTranslation('time');
  const assignments = useQuery(assignmentsQueryOptions);
  const approvals = useQuery(approvalsQueryOptions);
  const economy = useQuery(economyQueryOptions);
  const mine = assignments.data?.filter((assignment) => assignment.isConsultant) ?? [];
  const approver = assignments.data?.some((assignment) => assignment.isApprover) ?? false;
  return (
    <Page title={t('title')} lead={t('lead')} maxWidth="md">
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {assignments.data &&
          (mine.length > 0 ? (
            <WeekEntry assignments={mine} />
          ) : (
            !approver && <Typography color="text.secondary">{t('noAssignments')}</Typography>
          ))}
        {approver && approvals.data && (
          <>
            {mine.length > 0 && <Divider />}
            <Approvals months={approvals.data} />
          </>
        )}
        {economy.data && (
          <Box component="section" aria-labelledby="economy-heading">
            <Divider sx={{ mb: 3 }} />
            <Typography id="economy-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
              {t('economy.heading')}
            </Typography>
            <EconomyCharts data={economy.data} />
          </Box>
        )}
      </Box>
    </Page>
  );
}
